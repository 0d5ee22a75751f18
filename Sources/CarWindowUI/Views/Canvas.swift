/// A view for custom drawing (maps, gauges): draw with a closure or by subclassing, receive gestures, and publish
/// haptic regions for custom-drawn tappable content.
///
/// ```swift
/// let gauge = Canvas { context, bounds in
///     context.fill(.circle(center: bounds.center, radius: 50), color: .gray)
/// }
/// gauge.gestureHandler = { gesture in
///     if case .singleTap = gesture { print("tapped the gauge") ; return true }
///     return false
/// }
/// gauge.hapticRegions = [HapticRegion(key: "needle", rect: Rect(x: 40, y: 40, width: 20, height: 20))]
/// ```
@CarWindowActor
open class Canvas: View {
    /// Draws the canvas content; `bounds` is the canvas's own coordinate space.
    public typealias DrawHandler = @CarWindowActor (borrowing DrawingContext, _ bounds: Rect) -> Void

    /// Called when a gesture lands on the canvas; return `true` when handled.
    public typealias GestureHandler = @CarWindowActor (Gesture) -> Bool

    public var drawHandler: DrawHandler? { didSet { setNeedsDisplay() } }
    public var gestureHandler: GestureHandler?

    /// Tappable areas of the custom content, in the canvas's coordinates, reported as haptic regions. Changing
    /// them sends the new rects (after the usual debounce) even when nothing is redrawn.
    public var hapticRegions: [HapticRegion] = [] {
        didSet { if hapticRegions != oldValue { setNeedsHapticUpdate() } }
    }

    public init(draw: DrawHandler? = nil) {
        self.drawHandler = draw
        super.init()
    }

    open override func draw(in context: borrowing DrawingContext) {
        drawHandler?(context, bounds)
    }

    open override func handleGesture(_ gesture: Gesture) -> Bool {
        gestureHandler?(gesture) ?? false
    }
}
