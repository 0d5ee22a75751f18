import CCairo

extension PixelBuffer {
    /// Decodes a PNG into a new buffer (for golden images and tests).
    ///
    /// ```swift
    /// let golden = try PixelBuffer(pngData: bytes)
    /// ```
    ///
    /// - Throws: ``CarWindowError/Kind/imageCodec`` for data that is not a PNG Cairo can read, or is too large.
    public init(pngData: [UInt8]) throws(CarWindowError) {
        let source = try PNGCodec.decode(pngData)
        defer { cairo_surface_destroy(source) }
        try self.init(
            width: Int(cairo_image_surface_get_width(source)), height: Int(cairo_image_surface_get_height(source)))
        try withRenderTarget { (target) throws(CarWindowError) in
            let surface = try target.makeSurface()
            defer { cairo_surface_destroy(surface) }
            let cr = cairo_create(surface)
            defer { cairo_destroy(cr) }
            cairo_set_source_surface(cr, source, 0, 0)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_paint(cr)
            cairo_surface_flush(surface)
        }
    }

    /// Encodes the buffer as a PNG with alpha.
    ///
    /// ```swift
    /// let png = try frame.pngData()
    /// ```
    public func pngData() throws(CarWindowError) -> [UInt8] {
        var copy = self
        return try copy.withRenderTarget { (target) throws(CarWindowError) -> [UInt8] in
            let surface = try target.makeSurface()
            defer { cairo_surface_destroy(surface) }
            return try PNGCodec.encode(surface)
        }
    }
}
