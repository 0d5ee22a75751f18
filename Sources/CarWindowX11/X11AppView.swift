public import CarWindow
import Logging

/// An X11 application's screen as a CarWindow view: put it in a ``Window`` (usually as the projection's root view)
/// and the application is streamed, touched and given haptic rects through the same paths as any other view.
///
/// - Drawing paints the latest MIT-SHM capture straight from shared memory; DAMAGE marks only the changed areas
///   dirty, so a static application renders nothing but the pump's refresh frames.
/// - A new size (a head-unit resize) resizes the application's window; it lays itself out again.
/// - Gestures become XTEST input (``ProgramInputOptions``).
/// - The touchable elements of the AT-SPI tree become the canvas's ``Canvas/hapticRegions``, keyed by accessible
///   object, so their haptic ids stay the same.
///
/// ```swift
/// let app = try await X11Application.launch(command: ["xcalc"], viewport: Size(width: 800, height: 480))
/// // taps at once: settings.projection.gestures = X11Application.gestureConfiguration
/// windowSource.rootView = app.makeView()
/// ```
@CarWindowActor
public final class X11AppView: Canvas {
    /// The application shown.
    public nonisolated let application: X11Application
    /// The touchable elements last read from the accessibility tree (viewport coordinates).
    public private(set) var accessibleElements: [AccessibleElement] = []
    /// Called after ``accessibleElements`` changed.
    public var onAccessibleElements: (@CarWindowActor ([AccessibleElement]) -> Void)?
    /// Called for each XTEST action sent, for event logs.
    var mapper: X11InputMapper
    private var lastSize: Size?

    init(application: X11Application, options: ProgramInputOptions) {
        self.application = application
        self.mapper = X11InputMapper(options: options)
        super.init()
        backgroundColor = .black
    }

    public override func draw(in context: borrowing DrawingContext) {
        application.display.withFrontImage { pixels, width, height in
            context.drawPixels(pixels, width: width, height: height, stride: width * 4, at: .zero)
        }
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        guard bounds.size != lastSize, !bounds.size.isEmpty else { return }
        lastSize = bounds.size
        application.display.resize(to: bounds.size)
    }

    public override func handleGesture(_ gesture: Gesture) -> Bool {
        let display = application.display
        let offset = originInWindow
        for action in mapper.actions(for: gesture) {
            switch action {
            case .move(let point): display.movePointer(to: point - offset)
            case .button(let button, let pressed): display.button(button, pressed: pressed)
            case .control(let pressed): display.control(pressed: pressed)
            case .key(let keysym, let pressed): display.key(keysym, pressed: pressed)
            }
        }
        display.flush()
        return true
    }

    /// A head-unit button mapped in ``ProgramInputOptions/buttons`` becomes its key stroke; others are not taken.
    public override func handleButton(_ button: ProjectionButton) -> Bool {
        guard let actions = mapper.actions(for: button) else { return false }
        let display = application.display
        for action in actions {
            switch action {
            case .move(let point): display.movePointer(to: point - originInWindow)
            case .button(let button, let pressed): display.button(button, pressed: pressed)
            case .control(let pressed): display.control(pressed: pressed)
            case .key(let keysym, let pressed):
                if !display.key(keysym, pressed: pressed) {
                    application.logger.warning(
                        "\(button.name): keysym 0x\(String(keysym, radix: 16)) is on no key of the X keyboard")
                }
            }
        }
        display.flush()
        return true
    }

    /// New pixels: the areas DAMAGE reported are redrawn from the front image.
    func damaged() {
        for rect in application.display.takeDirtyRects() { setNeedsDisplay(rect) }
    }

    /// A new set of touchable elements from the accessibility tree.
    func accessibilityChanged(_ elements: [AccessibleElement]) {
        accessibleElements = elements
        hapticRegions = elements.map { HapticRegion(key: $0.key, rect: $0.rect) }
        onAccessibleElements?(elements)
    }
}
