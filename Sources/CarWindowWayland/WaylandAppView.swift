public import CarWindow
public import CarWindowX11
import Logging

/// A Wayland application's screen as a CarWindow view: put it in a ``Window`` (usually as the projection's root view)
/// and the application is streamed and touched through the same paths as any other view.
///
/// - Drawing paints the latest screencopy capture straight from shared memory; the compositor's damage marks only
///   the changed areas dirty, and a still application is not captured at all.
/// - A new size (a head-unit resize) resizes the compositor's output; the application lays itself out again.
/// - Gestures become virtual-pointer and virtual-keyboard input, as ``ProgramInputOptions`` says for X11.
/// - The touchable elements of the program's accessibility tree become the canvas's ``Canvas/hapticRegions``.
/// - A tap on an editable text field opens the window's keyboard presenter (the head unit's keyboard) for it, and
///   what is typed there is typed into the program through the virtual keyboard.
///
/// ```swift
/// let app = try await WaylandApplication.launch(command: ["foot"], viewport: Size(width: 800, height: 480))
/// try await app.waitForWindow()
/// windowSource.rootView = app.makeView()
/// ```
@CarWindowActor
public final class WaylandAppView: Canvas {
    /// The application shown.
    public nonisolated let application: WaylandApplication
    /// The touchable elements last read from the accessibility tree (viewport coordinates).
    public private(set) var accessibleElements: [AccessibleElement] = []
    /// Called after ``accessibleElements`` changed.
    public var onAccessibleElements: (@CarWindowActor ([AccessibleElement]) -> Void)?
    /// The program's text field that has the keyboard focus, from the accessibility tree.
    public var focusedTextField: FocusedTextField? { typing.focused }
    /// Opens the head unit's keyboard for the program's text fields and types what comes back.
    private var typing: ProgramTyping
    private var mapper: X11InputMapper
    private var lastSize: Size?

    init(application: WaylandApplication, options: ProgramInputOptions) {
        self.application = application
        self.mapper = X11InputMapper(options: options)
        let display = application.display
        let logger = application.logger
        self.typing = ProgramTyping(logger: logger) { edits in
            let untyped = Self.perform(edits, on: display)
            if !untyped.isEmpty {
                logger.warning("the virtual keyboard could not type \(untyped.map { String($0) }): no keymap for them")
            }
        }
        super.init()
        backgroundColor = .black
    }

    public override func draw(in context: borrowing DrawingContext) {
        application.display.withFrontImage { pixels, width, height, stride in
            context.drawPixels(pixels, width: width, height: height, stride: stride, at: .zero)
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
            case .button(let button, let pressed): Self.send(button: button, pressed: pressed, to: display)
            case .control(let pressed): display.key(Self.leftControl, pressed: pressed)
            // Keysyms come from button mappings only (ProgramInputOptions.buttons), which Wayland does not take yet.
            case .key: break
            }
        }
        display.flush()
        typing.sent(gesture, viewOrigin: offset, presenter: window?.keyboardPresenter)
        return true
    }

    /// Types the edits with the virtual keyboard; returns the characters it could not type.
    private static func perform(_ edits: [TextFieldEdit], on display: WaylandDisplay) -> [Character] {
        func stroke(_ code: UInt32) {
            display.key(code, pressed: true)
            display.key(code, pressed: false)
        }
        var untyped: [Character] = []
        for edit in edits {
            switch edit {
            case .selectAll:
                display.key(leftControl, pressed: true)
                stroke(keyA)
                display.key(leftControl, pressed: false)
            case .deleteBackward(let count):
                for _ in 0..<count { stroke(backspace) }
            case .insert(let text):
                if !display.type(text.unicodeScalars.map(Keysym.typing)) { untyped += Array(text) }
            case .submit:
                stroke(enter)
            }
        }
        display.flush()
        return untyped
    }

    /// evdev's `KEY_A`, `KEY_BACKSPACE` and `KEY_ENTER` (the standard keymap is the US layout).
    nonisolated static let keyA: UInt32 = 30
    nonisolated static let backspace: UInt32 = 14
    nonisolated static let enter: UInt32 = 28

    /// evdev's `KEY_LEFTCTRL`.
    nonisolated static let leftControl: UInt32 = 29
    /// evdev's `BTN_LEFT`.
    nonisolated static let leftButton: UInt32 = 0x110

    /// The mapper speaks X11 buttons (1 left, 4/5 wheel up/down, 6/7 left/right); Wayland has buttons and a wheel
    /// axis, and a wheel step is one event, so the release of 4...7 has nothing to send.
    private static func send(button: UInt8, pressed: Bool, to display: WaylandDisplay) {
        switch button {
        case 1: display.button(leftButton, pressed: pressed)
        case 4 where pressed: display.wheel(vertical: true, steps: -1)
        case 5 where pressed: display.wheel(vertical: true, steps: 1)
        case 6 where pressed: display.wheel(vertical: false, steps: -1)
        case 7 where pressed: display.wheel(vertical: false, steps: 1)
        default: break
        }
    }

    /// A new reading of the accessibility tree: touchable elements and the focused text field.
    func accessibilityChanged(_ reading: AccessibilityReading) {
        typing.focusChanged(to: reading.focusedText, presenter: window?.keyboardPresenter)
        guard reading.elements != accessibleElements else { return }
        accessibleElements = reading.elements
        hapticRegions = reading.elements.map { HapticRegion(key: $0.key, rect: $0.rect) }
        onAccessibleElements?(reading.elements)
    }

    /// New pixels: the damaged areas are redrawn from the front image.
    func damaged() {
        for rect in application.display.takeDirtyRects() { setNeedsDisplay(rect) }
    }
}
