/// A focusable view with a title that runs its action when tapped.
///
/// Buttons are haptic regions by default. While a finger rests on one it shows ``highlightedBackgroundColor``; a tap
/// that ends on it runs ``action`` at once (it does not wait out the double-tap window). Its colours come from the
/// window's ``Theme`` (accent background, on-accent title, a darker accent while pressed) until the app sets its own:
/// an explicit ``View/backgroundColor``, ``titleColor`` or ``highlightedBackgroundColor`` wins over the theme.
///
/// ```swift
/// let zoomIn = Button(title: "+") { map.zoom(by: 2) }
/// zoomIn.preferredWidth = 64
/// ```
@CarWindowActor
open class Button: View {
    public var title: String { didSet { if title != oldValue { titleChanged() } } }
    public var font: Font { didSet { if font != oldValue { titleChanged() } } }
    /// The title's colour; the theme's on-accent colour until set.
    public var titleColor: Color {
        get { explicitTitleColor ?? theme.palette.onAccent }
        set {
            guard newValue != explicitTitleColor else { return }
            explicitTitleColor = newValue
            setNeedsDisplay()
        }
    }
    /// Background while a finger rests on the button; the theme's accent darkened until set.
    public var highlightedBackgroundColor: Color {
        get { explicitHighlightColor ?? theme.palette.accent.darkened(by: 0.4) }
        set {
            guard newValue != explicitHighlightColor else { return }
            explicitHighlightColor = newValue
            if isHighlighted { setNeedsDisplay() }
        }
    }
    /// Set once the app chooses a background; until then the button draws the theme's accent.
    public override var backgroundColor: Color { didSet { hasExplicitBackground = true } }
    private var hasExplicitBackground = false
    private var explicitTitleColor: Color?
    private var explicitHighlightColor: Color?
    /// Space around the title that sets the intrinsic size.
    public var contentInsets = EdgeInsets(top: 10, left: 18, bottom: 10, right: 18) {
        didSet { if contentInsets != oldValue { titleChanged() } }
    }
    /// True while pressed; set by the window's touch handling.
    public internal(set) var isHighlighted = false { didSet { if isHighlighted != oldValue { setNeedsDisplay() } } }
    /// Disabled buttons ignore taps and draw dimmed.
    public var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            if !isEnabled { isHighlighted = false }
            setNeedsDisplay()
        }
    }
    /// Runs on ``CarWindowActor`` when the button is tapped.
    public var action: (@CarWindowActor () -> Void)?

    public init(title: String, font: Font = Font(size: 20, weight: .bold), action: (@CarWindowActor () -> Void)? = nil)
    {
        self.title = title
        self.font = font
        self.action = action
        super.init()
        cornerRadius = 10
        isFocusable = true
    }

    open override var intrinsicContentSize: Size {
        let text = TextEngine.measure(title, font: font, maxWidth: nil, wraps: false)
        return Size(width: text.width + contentInsets.horizontal, height: text.height + contentInsets.vertical)
    }

    open override var currentBackgroundColor: Color {
        if isHighlighted { return highlightedBackgroundColor }
        return hasExplicitBackground ? backgroundColor : theme.palette.accent
    }

    open override func draw(in context: borrowing DrawingContext) {
        let color = isEnabled ? titleColor : titleColor.withAlpha(titleColor.alpha * 0.4)
        context.drawText(title, in: bounds, font: font, color: color, alignment: .center, wraps: false)
    }

    /// Runs the action if the button is enabled; the window calls this for a tap that ends on the button.
    public func sendAction() {
        guard isEnabled else { return }
        action?()
    }

    private func titleChanged() {
        setNeedsDisplay()
        superview?.setNeedsLayout()
    }
}

extension Color {
    /// The colour moved `amount` (0...1) of the way to black, alpha kept: the pressed look of an accent.
    fileprivate func darkened(by amount: Double) -> Color {
        Color(red: red * (1 - amount), green: green * (1 - amount), blue: blue * (1 - amount), alpha: alpha)
    }
}
