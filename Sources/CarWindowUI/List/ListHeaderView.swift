/// A section header of a ``ListView``, in the theme's background and secondary text colours.
@CarWindowActor
final class ListHeaderView: Label {
    init() {
        super.init(text: "", font: Font(size: 16, weight: .bold))
        insets = EdgeInsets(top: 4, left: 20, bottom: 4, right: 20)
    }

    override var currentBackgroundColor: Color { theme.palette.background }

    override func draw(in context: borrowing DrawingContext) {
        context.drawText(
            text, in: bounds.inset(by: insets), font: font, color: theme.palette.secondaryText, wraps: false)
    }
}
