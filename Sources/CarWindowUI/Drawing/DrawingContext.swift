import CCairo

/// Draws into the frame being rendered, in the coordinates of the view being drawn (origin at its top-left corner).
///
/// A context exists only for the duration of one ``View/draw(in:)`` call: it is non-copyable and passed borrowed, so
/// it cannot escape. It wraps Cairo without exposing Cairo's pointers.
///
/// ```swift
/// let gauge = Canvas { context, bounds in
///     context.fill(bounds, color: .black)
///     context.stroke(.circle(center: bounds.center, radius: 40), color: .white, lineWidth: 4)
///     context.drawText("72 km/h", in: bounds, font: Font(size: 20), color: .white, alignment: .center)
/// }
/// ```
public struct DrawingContext: ~Copyable {
    let cr: OpaquePointer

    /// The bounds of the view being drawn.
    public let bounds: Rect

    package init(cr: OpaquePointer, bounds: Rect) {
        self.cr = cr
        self.bounds = bounds
    }

    /// Fills a rectangle.
    public func fill(_ rect: Rect, color: Color) {
        guard !color.isClear else { return }
        setColor(color)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        cairo_fill(cr)
    }

    /// Fills a path (non-zero winding).
    public func fill(_ path: Path, color: Color) {
        guard !color.isClear else { return }
        setColor(color)
        addPath(path)
        cairo_fill(cr)
    }

    /// Strokes a path with round joins and caps.
    public func stroke(_ path: Path, color: Color, lineWidth: Double = 1, dash: [Double] = []) {
        guard !color.isClear, lineWidth > 0 else { return }
        setColor(color)
        cairo_set_line_width(cr, lineWidth)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        dash.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), 0) }
        addPath(path)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
    }

    /// Draws text inside `rect`, vertically centred; long text wraps or, with `wraps: false`, ends with an ellipsis.
    public func drawText(
        _ text: String, in rect: Rect, font: Font = .body, color: Color, alignment: TextAlignment = .leading,
        wraps: Bool = true
    ) {
        TextEngine.draw(cr: cr, text: text, in: rect, font: font, color: color, alignment: alignment, wraps: wraps)
    }

    /// The size `text` takes on one line, or wrapped at `maxWidth`.
    public func measureText(_ text: String, font: Font = .body, maxWidth: Double? = nil) -> Size {
        TextEngine.measure(text, font: font, maxWidth: maxWidth, wraps: true)
    }

    /// Draws an image scaled to fill `rect`.
    public func draw(_ image: Bitmap, in rect: Rect) {
        guard !image.size.isEmpty, !rect.isEmpty else { return }
        cairo_save(cr)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(cr)
        cairo_translate(cr, rect.minX, rect.minY)
        cairo_scale(cr, rect.width / image.size.width, rect.height / image.size.height)
        cairo_set_source_surface(cr, image.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// Copies 32-bit pixels (BGRX, `stride` bytes a row, the X server's and Cairo's `RGB24` layout) so that their
    /// top-left corner lands at `origin`, one to one, without scaling. The memory is wrapped, not copied first, and
    /// only the part inside the current clip is written: a view that tracks damage pays for the damage only.
    ///
    /// ```swift
    /// capture.withFrontBuffer { pixels, width, height, stride in
    ///     context.drawPixels(pixels, width: width, height: height, stride: stride, at: .zero)
    /// }
    /// ```
    public func drawPixels(_ pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int, at origin: Point) {
        guard width > 0, height > 0, stride >= width * 4, stride % 4 == 0 else { return }
        // Cairo takes a mutable pointer but only reads a surface used as a source.
        guard
            let surface = cairo_image_surface_create_for_data(
                UnsafeMutablePointer(mutating: pixels.assumingMemoryBound(to: UInt8.self)), CAIRO_FORMAT_RGB24,
                Int32(width), Int32(height), Int32(stride))
        else { return }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return }
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, surface, origin.x, origin.y)
        cairo_rectangle(cr, origin.x, origin.y, Double(width), Double(height))
        cairo_fill(cr)
        cairo_restore(cr)
        // The source must not outlive the caller's memory.
        cairo_surface_finish(surface)
    }

    /// Runs `body` and then restores transforms and clipping to what they were before.
    public func withSavedState<R, E: Error>(_ body: (borrowing DrawingContext) throws(E) -> R) throws(E) -> R {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        return try body(self)
    }

    /// Moves the origin; use inside ``withSavedState(_:)``.
    public func translate(by offset: Point) { cairo_translate(cr, offset.x, offset.y) }

    /// Scales subsequent drawing; use inside ``withSavedState(_:)``.
    public func scale(by factor: Double) {
        guard factor > 0, factor.isFinite else { return }
        cairo_scale(cr, factor, factor)
    }

    /// Rotates subsequent drawing by `radians` clockwise; use inside ``withSavedState(_:)``.
    public func rotate(by radians: Double) { cairo_rotate(cr, radians) }

    /// Restricts subsequent drawing to `rect`; use inside ``withSavedState(_:)``.
    public func clip(to rect: Rect) {
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(cr)
    }

    private func setColor(_ color: Color) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    }

    /// Restricts subsequent drawing to the inside of `path`; use inside ``withSavedState(_:)``.
    public func clip(to path: Path) {
        addPath(path)
        cairo_clip(cr)
    }

    private func addPath(_ path: Path) {
        cairo_new_path(cr)
        for element in path.elements {
            switch element {
            case .move(let p): cairo_move_to(cr, p.x, p.y)
            case .line(let p): cairo_line_to(cr, p.x, p.y)
            case .curve(let c1, let c2, let end): cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, end.x, end.y)
            case .arc(let center, let radius, let start, let end):
                cairo_arc(cr, center.x, center.y, max(0, radius), start, end)
            case .close: cairo_close_path(cr)
            }
        }
    }
}
