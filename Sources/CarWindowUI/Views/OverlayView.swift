/// Stacks subviews on top of each other, each placed at an edge, a corner, the centre, or filling the bounds, inset
/// by ``insets``: floating buttons over a map without hand-computed frames.
///
/// ```swift
/// let screen = OverlayView(insets: EdgeInsets(all: 16))
/// screen.addSubview(map, placement: .fill, ignoresInsets: true)
/// screen.addSubview(zoomButtons, placement: .trailing)
/// screen.addSubview(statusLabel, placement: .top)
/// ```
@CarWindowActor
open class OverlayView: View {
    /// Where a subview sits; it takes its preferred or intrinsic size, flexible dimensions fill.
    public enum Placement: Hashable, Sendable {
        case fill
        case top, bottom, leading, trailing, center
        case topLeading, topTrailing, bottomLeading, bottomTrailing
    }

    public var insets: EdgeInsets { didSet { if insets != oldValue { setNeedsLayout() } } }
    private var placements: [ObjectIdentifier: (placement: Placement, ignoresInsets: Bool)] = [:]

    public init(insets: EdgeInsets = .zero) {
        self.insets = insets
        super.init()
    }

    /// Adds `view` on top with a placement; `ignoresInsets` lets a background (a map) run edge to edge.
    public func addSubview(_ view: View, placement: Placement, ignoresInsets: Bool = false) {
        placements[ObjectIdentifier(view)] = (placement, ignoresInsets)
        addSubview(view)
    }

    open override func layoutSubviews() {
        placements = placements.filter { key, _ in subviews.contains { ObjectIdentifier($0) == key } }
        for view in subviews {
            let (placement, ignoresInsets) = placements[ObjectIdentifier(view)] ?? (.fill, false)
            let area = ignoresInsets ? bounds : bounds.inset(by: insets)
            let size = view.layoutSize(fitting: area.size)
            let fills = placement == .fill
            let width = fills ? area.width : min(size.width ?? area.width, area.width)
            let height = fills ? area.height : min(size.height ?? area.height, area.height)
            let x: Double
            switch placement {
            case .leading, .topLeading, .bottomLeading, .fill: x = area.minX
            case .trailing, .topTrailing, .bottomTrailing: x = area.maxX - width
            case .top, .bottom, .center: x = area.minX + (area.width - width) / 2
            }
            let y: Double
            switch placement {
            case .top, .topLeading, .topTrailing, .fill: y = area.minY
            case .bottom, .bottomLeading, .bottomTrailing: y = area.maxY - height
            case .leading, .trailing, .center: y = area.minY + (area.height - height) / 2
            }
            view.frame = Rect(x: x, y: y, width: width, height: height)
        }
    }
}
