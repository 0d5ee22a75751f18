/// One row of a ``ListView``: a focusable, tappable view with a title and an optional detail line, highlighted
/// while pressed and while selected. Subclass it for custom rows; reset per-row state in ``prepareForReuse()``.
///
/// ```swift
/// let row = list.dequeueRow(withIdentifier: "place") ?? ListRow(reuseIdentifier: "place")
/// row.text = "Main Street 12"
/// row.detailText = "1.2 km"
/// ```
@CarWindowActor
open class ListRow: Button {
    /// Which pool the row goes back to when it scrolls away.
    public let reuseIdentifier: String
    public var text: String {
        get { title }
        set { title = newValue }
    }
    public var detailText: String? { didSet { if detailText != oldValue { setNeedsDisplay() } } }
    public var detailFont = Font(size: 16)
    /// The title's colour; `nil` (the default) uses the theme's primary text colour.
    public var textColor: Color? { didSet { if textColor != oldValue { setNeedsDisplay() } } }
    /// The detail line's colour; `nil` uses the theme's secondary text colour.
    public var detailColor: Color? { didSet { if detailColor != oldValue { setNeedsDisplay() } } }
    /// Background while the row is the list's selection; `nil` uses the theme's accent.
    public var selectedBackgroundColor: Color? {
        didSet { if isSelected { setNeedsDisplay() } }
    }
    /// Set by the list for the selected row.
    public internal(set) var isSelected = false { didSet { if isSelected != oldValue { setNeedsDisplay() } } }
    /// The row shown, set by the list before the data source configures the row.
    public internal(set) var indexPath = IndexPath(row: 0)

    public init(reuseIdentifier: String) {
        self.reuseIdentifier = reuseIdentifier
        super.init(title: "", font: Font(size: 20))
        backgroundColor = .clear
        cornerRadius = 0
        contentInsets = EdgeInsets(top: 8, left: 20, bottom: 8, right: 20)
    }

    /// Called before the row is handed out again for another index path.
    open func prepareForReuse() {
        detailText = nil
        isHighlighted = false
    }

    open override var currentBackgroundColor: Color {
        if isHighlighted { return theme.palette.track.withAlpha(0.5) }
        return isSelected ? selectedBackgroundColor ?? theme.palette.accent : backgroundColor
    }

    open override func draw(in context: borrowing DrawingContext) {
        let palette = theme.palette
        let content = bounds.inset(by: contentInsets)
        let base = isSelected ? palette.onAccent : textColor ?? palette.primaryText
        let color = isEnabled ? base : base.withAlpha(base.alpha * 0.4)
        let detailColor = isSelected ? palette.onAccent.withAlpha(0.8) : self.detailColor ?? palette.secondaryText
        if let detailText, !detailText.isEmpty {
            let half = content.height / 2
            context.drawText(
                title, in: Rect(x: content.minX, y: content.minY, width: content.width, height: half), font: font,
                color: color, wraps: false)
            context.drawText(
                detailText, in: Rect(x: content.minX, y: content.minY + half, width: content.width, height: half),
                font: detailFont, color: detailColor, wraps: false)
        } else {
            context.drawText(title, in: content, font: font, color: color, wraps: false)
        }
        context.fill(
            Rect(x: contentInsets.left, y: bounds.height - 1, width: bounds.width, height: 1),
            color: palette.track.withAlpha(0.5))
    }
}
