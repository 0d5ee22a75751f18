import CCairo

/// An owned BGRA frame: 4 bytes per pixel in memory order blue, green, red, alpha, premultiplied alpha, rows
/// `stride` bytes apart. This is Cairo's `ARGB32` on little-endian machines and the encoder's 32BGRA input.
///
/// Rendering into pooled memory that the caller owns uses ``RenderTarget`` instead; `PixelBuffer` is for tests,
/// benchmarks and one-off renders.
///
/// ```swift
/// var frame = try PixelBuffer(width: 800, height: 480)
/// try window.render(into: &frame)
/// try frame.writePNG(toFile: "/tmp/frame.png")
/// ```
public struct PixelBuffer: Sendable, Equatable {
    /// The largest width or height accepted, so hostile sizes never allocate gigabytes.
    public static let maximumDimension = 8192

    public let width: Int
    public let height: Int
    /// Bytes from the start of one row to the next.
    public let stride: Int
    /// `stride * height` bytes of pixel data.
    public var bytes: [UInt8]

    /// A zero-filled (transparent black) buffer.
    ///
    /// - Throws: ``CarWindowError/Kind/invalidPixelBuffer`` when a dimension is not in 1...``maximumDimension``.
    public init(width: Int, height: Int) throws(CarWindowError) {
        guard (1...Self.maximumDimension).contains(width), (1...Self.maximumDimension).contains(height) else {
            throw CarWindowError(.invalidPixelBuffer, "size \(width)x\(height) outside 1...\(Self.maximumDimension)")
        }
        self.width = width
        self.height = height
        self.stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        self.bytes = [UInt8](repeating: 0, count: stride * height)
    }

    /// The pixel at (x, y), or `nil` outside the buffer.
    public func pixel(x: Int, y: Int) -> BGRAPixel? {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return nil }
        let i = y * stride + x * 4
        return BGRAPixel(blue: bytes[i], green: bytes[i + 1], red: bytes[i + 2], alpha: bytes[i + 3])
    }

    /// Runs `body` with a ``RenderTarget`` over this buffer's memory.
    public mutating func withRenderTarget<R, E: Error>(
        _ body: (RenderTarget) throws(E) -> R
    ) throws(E) -> R {
        let (width, height, stride) = (self.width, self.height, self.stride)
        // Array's closure API rethrows untyped errors, so the typed error travels in a Result.
        let result = bytes.withUnsafeMutableBytes { raw -> Result<R, E> in
            // The sizes were validated in init and the storage is exactly stride * height bytes.
            do throws(E) {
                return .success(try body(RenderTarget(unchecked: raw, width: width, height: height, stride: stride)))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

/// One pixel of a ``PixelBuffer``, in memory order.
public struct BGRAPixel: Hashable, Sendable {
    public var blue: UInt8
    public var green: UInt8
    public var red: UInt8
    public var alpha: UInt8

    public init(blue: UInt8, green: UInt8, red: UInt8, alpha: UInt8) {
        self.blue = blue
        self.green = green
        self.red = red
        self.alpha = alpha
    }

    /// Perceived brightness 0...255 (Rec. 601 weights), for tests that look for text contrast.
    public var luma: Double { 0.299 * Double(red) + 0.587 * Double(green) + 0.114 * Double(blue) }
}
