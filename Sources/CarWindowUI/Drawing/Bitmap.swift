import CCairo

/// A decoded bitmap, drawn by ``ImageView`` or ``DrawingContext/draw(_:in:)``.
///
/// ```swift
/// let logo = try Bitmap(pngData: bytes)
/// let view = ImageView(image: logo)
/// ```
public final class Bitmap: @unchecked Sendable {
    // Unchecked because the Cairo surface is a C pointer: it is created in init, never mutated after, and destroyed
    // in deinit, and Cairo allows concurrent reads of an image surface used as a source.
    let surface: OpaquePointer

    /// The bitmap size in pixels.
    public let size: Size

    /// Decodes PNG bytes.
    ///
    /// - Throws: ``CarWindowError/Kind/imageCodec`` for data Cairo cannot read or images above
    ///   ``PixelBuffer/maximumDimension``.
    public init(pngData: [UInt8]) throws(CarWindowError) {
        surface = try PNGCodec.decode(pngData)
        size = Size(
            width: Double(cairo_image_surface_get_width(surface)),
            height: Double(cairo_image_surface_get_height(surface)))
    }

    /// Decodes JPEG bytes with libjpeg-turbo.
    ///
    /// ```swift
    /// let cover = try Bitmap(jpegData: albumArt)
    /// ```
    ///
    /// - Throws: ``CarWindowError/Kind/imageCodec`` for data that is not a JPEG, is damaged, or declares a size
    ///   above ``PixelBuffer/maximumDimension`` (checked from the header, before decoding).
    public init(jpegData: [UInt8]) throws(CarWindowError) {
        surface = try JPEGCodec.decode(jpegData)
        size = Size(
            width: Double(cairo_image_surface_get_width(surface)),
            height: Double(cairo_image_surface_get_height(surface)))
    }

    /// Decodes PNG or JPEG bytes, told apart by their signature.
    ///
    /// - Throws: ``CarWindowError/Kind/imageCodec`` for other formats and bad data.
    public convenience init(data: [UInt8]) throws(CarWindowError) {
        if data.starts(with: [0xFF, 0xD8, 0xFF]) {
            try self.init(jpegData: data)
        } else if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            try self.init(pngData: data)
        } else {
            throw CarWindowError(.imageCodec, "neither PNG nor JPEG (first bytes \(data.prefix(4).map { $0 }))")
        }
    }

    /// Copies a pixel buffer into an image (for images generated in code).
    public convenience init(_ buffer: PixelBuffer) throws(CarWindowError) {
        try self.init(pngData: buffer.pngData())
    }

    deinit {
        cairo_surface_destroy(surface)
    }
}
