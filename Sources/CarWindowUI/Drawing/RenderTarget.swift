import CCairo

/// Memory the caller owns that a frame is rendered into: BGRA premultiplied (Cairo `ARGB32`), `stride` bytes per row.
///
/// This is how a pooled encoder buffer is filled without a copy. The target borrows the memory only for the call it
/// is passed to.
///
/// ```swift
/// try pool.withBuffer { raw in
///     let target = try RenderTarget(bytes: raw, width: 1280, height: 720, stride: 1280 * 4)
///     let report = try window.render(into: target)
/// }
/// ```
public struct RenderTarget {
    let bytes: UnsafeMutableRawBufferPointer
    public let width: Int
    public let height: Int
    public let stride: Int

    /// Wraps caller memory after checking that it can hold the frame.
    ///
    /// - Throws: ``CarWindowError/Kind/invalidPixelBuffer`` when a dimension is outside
    ///   1...``PixelBuffer/maximumDimension``, the stride is not a multiple of 4 at least `width * 4` (Cairo's rule),
    ///   or the memory is smaller than `stride * height`.
    public init(bytes: UnsafeMutableRawBufferPointer, width: Int, height: Int, stride: Int) throws(CarWindowError) {
        guard (1...PixelBuffer.maximumDimension).contains(width), (1...PixelBuffer.maximumDimension).contains(height)
        else {
            throw CarWindowError(
                .invalidPixelBuffer, "size \(width)x\(height) outside 1...\(PixelBuffer.maximumDimension)")
        }
        let minimumStride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        guard stride >= minimumStride, stride % 4 == 0 else {
            throw CarWindowError(
                .invalidPixelBuffer, "stride \(stride) for width \(width): need a multiple of 4 >= \(minimumStride)")
        }
        guard bytes.baseAddress != nil, bytes.count >= stride * height else {
            throw CarWindowError(.invalidPixelBuffer, "\(bytes.count) bytes for \(height) rows of \(stride)")
        }
        self.init(unchecked: bytes, width: width, height: height, stride: stride)
    }

    init(unchecked bytes: UnsafeMutableRawBufferPointer, width: Int, height: Int, stride: Int) {
        self.bytes = bytes
        self.width = width
        self.height = height
        self.stride = stride
    }

    /// Identifies the memory, so a dirty-region render can tell that it is drawing over its own previous frame.
    var identity: TargetIdentity {
        TargetIdentity(
            address: bytes.baseAddress.map { UInt(bitPattern: $0) } ?? 0, width: width, height: height, stride: stride)
    }

    /// A Cairo surface over the memory; the caller destroys it.
    package func makeSurface() throws(CarWindowError) -> OpaquePointer {
        guard let base = bytes.baseAddress,
            let surface = cairo_image_surface_create_for_data(
                base.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
                Int32(stride))
        else {
            throw CarWindowError(.rendering, "cairo could not wrap a \(width)x\(height) target")
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw CarWindowError(.rendering, "cairo surface: \(String(cString: cairo_status_to_string(status)))")
        }
        return surface
    }
}

/// Where and how big the last render target was.
struct TargetIdentity: Hashable {
    var address: UInt
    var width: Int
    var height: Int
    var stride: Int
}
