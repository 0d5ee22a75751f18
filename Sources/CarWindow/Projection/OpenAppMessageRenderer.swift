import CCairo
public import SDLMedia

/// Draws the "open the app on your phone" message the video manager streams while the app cannot draw (it is in
/// the background, or the stream has just started): centred, wrapped text with Pango on a plain background.
///
/// SDLMedia draws no text, so `Projection.init(settings:transport:logger:)` hands this renderer to
/// `MediaEncoderFactory`'s `backgroundFrame` closure. It touches no view and no window, so it runs on whichever
/// executor the manager calls it from; each call draws into a fresh frame with its own Cairo context.
///
/// ```swift
/// let renderer = OpenAppMessageRenderer()
/// let frame = renderer.frame(message: "Open the app on your phone", width: 800, height: 480)
/// ```
public struct OpenAppMessageRenderer: Sendable, Hashable {
    /// The background colour.
    public var backgroundColor: Color
    /// The text colour.
    public var textColor: Color

    public init(backgroundColor: Color = Color(hex: 0x1C262B), textColor: Color = .white) {
        self.backgroundColor = backgroundColor
        self.textColor = textColor
    }

    /// A BGRA frame of `width` x `height` showing `message`, or `nil` for a size Cairo or SDLMedia refuses.
    public func frame(message: String, width: Int, height: Int) -> VideoFrame? {
        let limit = 1...Int(DisplayMetrics.maximumDimension)
        guard limit.contains(width), limit.contains(height) else { return nil }
        let frame = PixelBufferPool(format: .bgra, width: width, height: height, capacity: 1)
            .makeFrame(presentationTime: .zero)
        guard let target = try? RenderTarget(frame: frame), let surface = try? target.makeSurface() else {
            return nil
        }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return nil }
        defer { cairo_destroy(cr) }
        let size = Size(width: Double(width), height: Double(height))
        // The text scales with the screen: about twelve lines would fit, and never below a readable 12 px.
        let font = Font(size: max(12, (size.height / 12).rounded()), weight: .bold)
        let margin = (min(size.width, size.height) / 10).rounded()
        withExtendedLifetime(frame) {
            let context = DrawingContext(cr: cr, bounds: Rect(origin: .zero, size: size))
            context.fill(context.bounds, color: backgroundColor)
            context.drawText(
                message, in: context.bounds.inset(by: EdgeInsets(all: margin)), font: font, color: textColor,
                alignment: .center)
            cairo_surface_flush(surface)
        }
        return frame
    }
}
