import CCairo

/// A decoded bitmap, drawn by ``ImageView`` or ``DrawingContext/draw(_:in:)``.
///
/// ```swift
/// let logo = try Image(pngData: bytes)
/// let view = ImageView(image: logo)
/// ```
public final class Image: @unchecked Sendable {
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

    /// Copies a pixel buffer into an image (for images generated in code).
    public convenience init(_ buffer: PixelBuffer) throws(CarWindowError) {
        try self.init(pngData: buffer.pngData())
    }

    deinit {
        cairo_surface_destroy(surface)
    }
}
