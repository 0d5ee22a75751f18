import CCairo
import CTurboJPEG

/// JPEG decoding with libjpeg-turbo straight into a Cairo image surface (BGRA, opaque).
///
/// The header is read first and the size checked against ``PixelBuffer/maximumDimension``, so a hostile header
/// claiming a huge picture is refused before anything is allocated for it.
enum JPEGCodec {
    /// JPEGs larger than this are refused before decoding.
    static let maximumEncodedSize = 64 << 20

    /// Decodes JPEG bytes into a new Cairo image surface that the caller destroys.
    static func decode(_ data: [UInt8]) throws(CarWindowError) -> OpaquePointer {
        guard !data.isEmpty, data.count <= maximumEncodedSize else {
            throw CarWindowError(.imageCodec, "JPEG of \(data.count) bytes outside 1...\(maximumEncodedSize)")
        }
        guard let handle = tjInitDecompress() else { throw CarWindowError(.imageCodec, "tjInitDecompress failed") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let header = data.withUnsafeBufferPointer { bytes in
            tjDecompressHeader3(
                handle, bytes.baseAddress, UInt(bytes.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0 else { throw CarWindowError(.imageCodec, "JPEG header: \(message(handle))") }
        let limit = PixelBuffer.maximumDimension
        guard (1...limit).contains(Int(width)), (1...limit).contains(Int(height)) else {
            throw CarWindowError(.imageCodec, "JPEG size \(width)x\(height) outside 1...\(limit)")
        }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else { throw CarWindowError(.imageCodec, "no surface for a \(width)x\(height) JPEG") }
        cairo_surface_flush(surface)
        let stride = cairo_image_surface_get_stride(surface)
        // Cairo's ARGB32 is B, G, R, A in memory on little-endian machines, which is TJPF_BGRA; JPEG is opaque, so
        // the alpha of 255 makes it premultiplied already. On big-endian it would be TJPF_ARGB.
        let format = UInt32(1).littleEndian == 1 ? TJPF_BGRA : TJPF_ARGB
        let status = data.withUnsafeBufferPointer { bytes in
            tjDecompress2(
                handle, bytes.baseAddress, UInt(bytes.count), cairo_image_surface_get_data(surface), width, stride,
                height, Int32(format.rawValue), 0)
        }
        guard status == 0 || tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) else {
            let reason = message(handle)
            cairo_surface_destroy(surface)
            throw CarWindowError(.imageCodec, "JPEG data: \(reason)")
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    private static func message(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "unknown error" }
        return String(cString: text)
    }
}
