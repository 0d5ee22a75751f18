/// Thin bars at the right and bottom edges showing which part of the content is visible.
@CarWindowActor
final class ScrollIndicatorView: View {
    weak var scrollView: ScrollView?
    var isVisible = false

    static let thickness = 4.0
    static let minimumLength = 24.0

    override func draw(in context: borrowing DrawingContext) {
        guard isVisible, let scrollView else { return }
        let content = scrollView.contentSize
        let offset = scrollView.contentOffset
        let color = scrollView.indicatorColor
        if content.height > bounds.height, bounds.height > 0 {
            let length = max(Self.minimumLength, bounds.height * bounds.height / content.height)
            let travel = bounds.height - length
            let fraction = min(1, max(0, offset.y / (content.height - bounds.height)))
            let rect = Rect(
                x: bounds.width - Self.thickness - 2, y: travel * fraction, width: Self.thickness, height: length)
            context.fill(.roundedRect(rect, cornerRadius: Self.thickness / 2), color: color)
        }
        if content.width > bounds.width, bounds.width > 0 {
            let length = max(Self.minimumLength, bounds.width * bounds.width / content.width)
            let travel = bounds.width - length
            let fraction = min(1, max(0, offset.x / (content.width - bounds.width)))
            let rect = Rect(
                x: travel * fraction, y: bounds.height - Self.thickness - 2, width: length, height: Self.thickness)
            context.fill(.roundedRect(rect, cornerRadius: Self.thickness / 2), color: color)
        }
    }
}
