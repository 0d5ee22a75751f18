/// A view that shows text with Pango: font, colour, alignment and wrapping.
///
/// ```swift
/// let status = Label(text: "Zoom 1.0×", font: Font(size: 20, weight: .bold), textColor: .white)
/// status.alignment = .center
/// ```
@CarWindowActor
open class Label: View {
    public var text: String { didSet { if text != oldValue { textChanged() } } }
    public var font: Font { didSet { if font != oldValue { textChanged() } } }
    /// The text's colour: the one given, else the theme's primary text colour (so it follows day and night).
    open var textColor: Color {
        get { explicitTextColor ?? theme.palette.primaryText }
        set {
            guard newValue != explicitTextColor else { return }
            explicitTextColor = newValue
            setNeedsDisplay()
        }
    }
    private var explicitTextColor: Color?
    public var alignment: TextAlignment = .leading { didSet { if alignment != oldValue { setNeedsDisplay() } } }
    /// Wrap onto several lines (true) or stay on one line ending with an ellipsis (false).
    public var wraps: Bool = false { didSet { if wraps != oldValue { textChanged() } } }
    /// Space between the bounds and the text.
    public var insets: EdgeInsets = .zero { didSet { if insets != oldValue { textChanged() } } }

    private var cachedIntrinsicSize: Size?
    private var cachedFit: (width: Double, size: Size)?

    /// `textColor` `nil` follows the window's theme.
    public init(text: String = "", font: Font = .body, textColor: Color? = nil) {
        self.text = text
        self.font = font
        self.explicitTextColor = textColor
        super.init()
    }

    /// One line of text plus insets, or wrapped at ``View/preferredWidth`` when ``wraps`` is on.
    open override var intrinsicContentSize: Size {
        if let cachedIntrinsicSize { return cachedIntrinsicSize }
        let maxWidth = wraps ? preferredWidth.map { $0 - insets.horizontal } : nil
        let measured = TextEngine.measure(text, font: font, maxWidth: maxWidth, wraps: wraps)
        let size = Size(width: measured.width + insets.horizontal, height: measured.height + insets.vertical)
        cachedIntrinsicSize = size
        return size
    }

    /// With ``wraps`` on, the height the text needs at the offered width; otherwise the intrinsic size.
    open override func sizeThatFits(_ size: Size) -> Size {
        guard wraps, size.width.isFinite, size.width > insets.horizontal else { return intrinsicContentSize }
        if let cachedFit, cachedFit.width == size.width { return cachedFit.size }
        let measured = TextEngine.measure(text, font: font, maxWidth: size.width - insets.horizontal, wraps: true)
        let fitted = Size(width: size.width, height: measured.height + insets.vertical)
        cachedFit = (size.width, fitted)
        return fitted
    }

    open override func draw(in context: borrowing DrawingContext) {
        context.drawText(
            text, in: bounds.inset(by: insets), font: font, color: textColor, alignment: alignment, wraps: wraps)
    }

    private func textChanged() {
        cachedIntrinsicSize = nil
        cachedFit = nil
        setNeedsDisplay()
        superview?.setNeedsLayout()
    }
}
