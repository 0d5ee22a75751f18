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
    public var text: String { get { title } set { title = newValue } }
    public var detailText: String? { didSet { if detailText != oldValue { setNeedsDisplay() } } }
    public var detailFont = Font(size: 16)
    public var detailColor = Color(hex: 0xB0BEC5)
    /// Background while the row is the list's selection.
    public var selectedBackgroundColor = Color(hex: 0x1565C0) {
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
        if isHighlighted { return highlightedBackgroundColor }
        return isSelected ? selectedBackgroundColor : backgroundColor
    }

    open override func draw(in context: borrowing DrawingContext) {
        let content = bounds.inset(by: contentInsets)
        let color = isEnabled ? titleColor : titleColor.withAlpha(titleColor.alpha * 0.4)
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
        context.fill(Rect(x: contentInsets.left, y: bounds.height - 1, width: bounds.width, height: 1),
                     color: Color(red: 1, green: 1, blue: 1, alpha: 0.12))
    }
}

/// A section header of a ``ListView``.
@CarWindowActor
final class ListHeaderView: Label {
    init() {
        super.init(text: "", font: Font(size: 16, weight: .bold), textColor: Color(hex: 0x90A4AE))
        insets = EdgeInsets(top: 4, left: 20, bottom: 4, right: 20)
        backgroundColor = Color(hex: 0x151D21)
    }
}
