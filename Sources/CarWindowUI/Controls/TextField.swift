/// A text entry field that types through the head unit's keyboard: a tap opens the keyboard (the window's
/// ``Window/keyboardPresenter``; with a projection, SDL's PerformInteraction KEYBOARD after SetGlobalProperties
/// `keyboardProperties`), the text shows as the user types (OnKeyboardInput KEYPRESS), and the field ends with the
/// submitted text, or keeps its old text when the keyboard is cancelled or times out.
///
/// ```swift
/// let search = TextField(placeholder: "Where to?")
/// search.autoCompleteList = recentDestinations
/// search.onChange = { results.filter(by: $0) }          // while typing
/// search.onSubmit = { destination in navigate(to: destination) }
/// ```
@CarWindowActor
open class TextField: Control, KeyboardClient {
    /// The text; setting it in code calls nothing.
    public var text: String { didSet { if text != oldValue { setNeedsDisplay() } } }
    /// Shown in the field while it is empty, and as the keyboard's initial text.
    public var placeholder: String { didSet { if placeholder != oldValue { setNeedsDisplay() } } }
    /// Suggestions the head unit's keyboard offers (`keyboardProperties.autoCompleteList`).
    public var autoCompleteList: [String] = []
    /// How long the head unit keeps the keyboard open without input (the spec allows 5...100 s).
    public var keyboardTimeout: Duration = .seconds(30)
    /// True from the tap until the keyboard closes.
    public private(set) var isEditing = false { didSet { if isEditing != oldValue { setNeedsDisplay() } } }
    /// Called with the entry as the user types.
    public var onChange: (@CarWindowActor (String) -> Void)?
    /// Called with the submitted text.
    public var onSubmit: (@CarWindowActor (String) -> Void)?
    /// Called when the keyboard closed without a submission (cancelled, timed out, failed).
    public var onCancel: (@CarWindowActor (KeyboardOutcome) -> Void)?

    /// The text before editing began, restored when the keyboard closes without a submission.
    private var textBeforeEditing = ""

    public init(text: String = "", placeholder: String = "") {
        self.text = text
        self.placeholder = placeholder
        super.init()
        contentInsets = EdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
        action = { [weak self] in self?.beginEditing() }
    }

    open override var contentSize: Size {
        let sample = text.isEmpty ? (placeholder.isEmpty ? "M" : placeholder) : text
        let measured = TextEngine.measure(sample, font: font, maxWidth: nil, wraps: false)
        return Size(
            width: max(200, measured.width + contentInsets.horizontal),
            height: measured.height + contentInsets.vertical)
    }

    /// Flexible in width (a stack gives it the free space), the minimum touch target or the text's height tall.
    open override var intrinsicContentSize: Size {
        Size(width: Self.noIntrinsicMetric, height: max(minimumTouchTarget, contentSize.height))
    }

    /// The keyboard opens on the placeholder (the head unit's prompt) with the field's suggestions and timeout.
    public var keyboardRequest: KeyboardRequest {
        KeyboardRequest(initialText: placeholder, autoCompleteList: autoCompleteList, timeout: keyboardTimeout)
    }

    /// Opens the keyboard (what a tap does). Without a presenter the field reports ``KeyboardOutcome/failed(_:)``.
    public func beginEditing() {
        guard isEnabled, !isEditing else { return }
        guard let presenter = window?.keyboardPresenter else {
            onCancel?(.failed("no keyboard presenter"))
            return
        }
        textBeforeEditing = text
        isEditing = true
        presenter.presentKeyboard(for: self)
    }

    /// The presenter's report of the current entry while the user types.
    public func keyboardDidType(_ entry: String) {
        guard isEditing, entry != text else { return }
        text = entry
        onChange?(entry)
    }

    /// The presenter's report that the keyboard closed.
    public func keyboardDidClose(_ outcome: KeyboardOutcome) {
        guard isEditing else { return }
        isEditing = false
        if case .submitted(let entry) = outcome {
            text = entry
            onSubmit?(entry)
        } else {
            text = textBeforeEditing
            onCancel?(outcome)
        }
    }

    open override func draw(in context: borrowing DrawingContext) {
        let palette = theme.palette
        let box = bounds.inset(by: EdgeInsets(all: 1))
        context.fill(.roundedRect(box, cornerRadius: theme.cornerRadius), color: stateColor(palette.surface))
        context.stroke(
            .roundedRect(box, cornerRadius: theme.cornerRadius),
            color: stateColor(isEditing ? palette.accent : palette.track), lineWidth: isEditing ? 3 : 1.5)
        let content = bounds.inset(by: contentInsets)
        if text.isEmpty {
            context.drawText(
                placeholder, in: content, font: font, color: stateColor(palette.secondaryText), wraps: false)
        } else {
            context.drawText(text, in: content, font: font, color: stateColor(palette.primaryText), wraps: false)
        }
    }
}
