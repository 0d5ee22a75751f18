import CCairo

/// PNG reading and writing through Cairo's stream API, so PNGs move as bytes and files alike.
enum PNGCodec {
    /// PNGs larger than this are refused before Cairo decodes them (a 8192x8192 RGBA PNG compresses far below it).
    static let maximumEncodedSize = 64 << 20

    private final class ReadState {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    private final class WriteState {
        var bytes: [UInt8] = []
    }

    /// Decodes PNG bytes into a new Cairo image surface that the caller destroys.
    static func decode(_ data: [UInt8]) throws(CarWindowError) -> OpaquePointer {
        guard data.count <= maximumEncodedSize else {
            throw CarWindowError(.imageCodec, "PNG of \(data.count) bytes exceeds \(maximumEncodedSize)")
        }
        let state = ReadState(data)
        let closure = Unmanaged.passUnretained(state).toOpaque()
        let surface = withExtendedLifetime(state) {
            cairo_image_surface_create_from_png_stream(
                { closure, out, length in
                    guard let closure, let out else { return CAIRO_STATUS_READ_ERROR }
                    let state = Unmanaged<ReadState>.fromOpaque(closure).takeUnretainedValue()
                    let count = Int(length)
                    guard state.bytes.count - state.offset >= count else { return CAIRO_STATUS_READ_ERROR }
                    state.bytes.withUnsafeBufferPointer { source in
                        guard let base = source.baseAddress else { return }
                        out.update(from: base + state.offset, count: count)
                    }
                    state.offset += count
                    return CAIRO_STATUS_SUCCESS
                }, closure)
        }
        guard let surface else { throw CarWindowError(.imageCodec, "cairo returned no surface") }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw CarWindowError(.imageCodec, "PNG decode: \(String(cString: cairo_status_to_string(status)))")
        }
        let (w, h) = (Int(cairo_image_surface_get_width(surface)), Int(cairo_image_surface_get_height(surface)))
        guard (1...PixelBuffer.maximumDimension).contains(w), (1...PixelBuffer.maximumDimension).contains(h) else {
            cairo_surface_destroy(surface)
            throw CarWindowError(.imageCodec, "PNG size \(w)x\(h) outside 1...\(PixelBuffer.maximumDimension)")
        }
        return surface
    }

    /// Encodes a Cairo surface as PNG bytes.
    static func encode(_ surface: OpaquePointer) throws(CarWindowError) -> [UInt8] {
        let state = WriteState()
        let closure = Unmanaged.passUnretained(state).toOpaque()
        let status = withExtendedLifetime(state) {
            cairo_surface_write_to_png_stream(
                surface,
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                    let state = Unmanaged<WriteState>.fromOpaque(closure).takeUnretainedValue()
                    state.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                    return CAIRO_STATUS_SUCCESS
                }, closure)
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw CarWindowError(.imageCodec, "PNG encode: \(String(cString: cairo_status_to_string(status)))")
        }
        return state.bytes
    }
}
