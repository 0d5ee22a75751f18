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
/// - A tap on an editable text field opens the window's keyboard presenter (the head unit's keyboard) for it, and
///   what is typed there is typed into the program (``FocusedTextField``).
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
    /// The program's text field that has the keyboard focus, from the accessibility tree.
    public var focusedTextField: FocusedTextField? { typing.focused }
    /// Opens the head unit's keyboard for the program's text fields and types what comes back.
    private(set) var typing: ProgramTyping
    /// Called for each XTEST action sent, for event logs.
    var mapper: X11InputMapper
    private var lastSize: Size?

    init(application: X11Application, options: ProgramInputOptions) {
        self.application = application
        self.mapper = X11InputMapper(options: options)
        let display = application.display
        let logger = application.logger
        self.typing = ProgramTyping(logger: logger) { edits in
            display.perform(edits) { untyped in
                guard !untyped.isEmpty else { return }
                logger.warning("no key of the X keyboard types \(untyped.map { "U+\(String($0.value, radix: 16))" })")
            }
        }
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
        let actions = mapper.actions(for: gesture)
        let mapping = Self.keyboardMapping(for: actions, on: display)
        for action in actions {
            switch action {
            case .move(let point): display.movePointer(to: point - offset)
            case .button(let button, let pressed): display.button(button, pressed: pressed)
            case .control(let pressed): display.control(pressed: pressed)
            case .key(let keysym, let pressed): display.key(keysym, pressed: pressed, mapping: mapping)
            }
        }
        display.flush()
        typing.sent(gesture, viewOrigin: offset, presenter: window?.keyboardPresenter)
        return true
    }

    /// The keyboard mapping, read once for all the key strokes in `actions`; `nil` when there are none.
    private static func keyboardMapping(
        for actions: [X11InputMapper.Action], on display: X11Display
    ) -> X11KeyboardMapping? {
        let strokesKeys = actions.contains { if case .key = $0 { true } else { false } }
        return strokesKeys ? display.keyboardMapping() : nil
    }

    /// A head-unit button mapped in ``ProgramInputOptions/buttons`` becomes its key stroke; others are not taken.
    public override func handleButton(_ button: ProjectionButton) -> Bool {
        guard let actions = mapper.actions(for: button) else { return false }
        let display = application.display
        let mapping = Self.keyboardMapping(for: actions, on: display)
        for action in actions {
            switch action {
            case .move(let point): display.movePointer(to: point - originInWindow)
            case .button(let button, let pressed): display.button(button, pressed: pressed)
            case .control(let pressed): display.control(pressed: pressed)
            case .key(let keysym, let pressed):
                if !display.key(keysym, pressed: pressed, mapping: mapping) {
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

    /// A new reading of the accessibility tree: touchable elements and the focused text field.
    func accessibilityChanged(_ reading: AccessibilityReading) {
        typing.focusChanged(to: reading.focusedText, presenter: window?.keyboardPresenter)
        guard reading.elements != accessibleElements else { return }
        accessibleElements = reading.elements
        hapticRegions = reading.elements.map { HapticRegion(key: $0.key, rect: $0.rect) }
        onAccessibleElements?(reading.elements)
    }
}
