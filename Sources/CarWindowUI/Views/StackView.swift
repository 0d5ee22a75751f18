/// Lays out its subviews in a row or a column with spacing and insets, so screens need no hand-computed frames.
///
/// Along the stack's axis a subview takes its ``View/preferredWidth``/``View/preferredHeight``, else its
/// ``View/intrinsicContentSize``; subviews with neither share the remaining space equally (a plain `View()` is a
/// flexible spacer). Across the axis, ``alignment`` decides.
///
/// ```swift
/// let buttons = StackView(axis: .vertical, spacing: 12, insets: EdgeInsets(all: 16), arrangedSubviews: [
///     Button(title: "+"), Button(title: "−"), View(), Button(title: "◎"),
/// ])
/// ```
@CarWindowActor
open class StackView: View {
    public enum Axis: Hashable, Sendable {
        case horizontal
        case vertical
    }

    /// Placement across the axis.
    public enum Alignment: Hashable, Sendable {
        /// Stretch to the full cross size.
        case fill
        /// Top (horizontal stack) or left (vertical stack).
        case leading
        case center
        /// Bottom (horizontal stack) or right (vertical stack).
        case trailing
    }

    public var axis: Axis { didSet { if axis != oldValue { setNeedsLayout() } } }
    public var spacing: Double { didSet { if spacing != oldValue { setNeedsLayout() } } }
    public var insets: EdgeInsets { didSet { if insets != oldValue { setNeedsLayout() } } }
    public var alignment: Alignment { didSet { if alignment != oldValue { setNeedsLayout() } } }

    public init(
        axis: Axis, spacing: Double = 0, insets: EdgeInsets = .zero, alignment: Alignment = .fill,
        arrangedSubviews: [View] = []
    ) {
        self.axis = axis
        self.spacing = spacing
        self.insets = insets
        self.alignment = alignment
        super.init()
        for view in arrangedSubviews { addSubview(view) }
    }

    /// The sum of the subviews' sizes along the axis (flexible if any subview is) and the largest across it.
    open override var intrinsicContentSize: Size {
        let visible = subviews.filter { !$0.isHidden }
        var main: Double? = insets.along(axis) + spacing * Double(max(0, visible.count - 1))
        var cross: Double?
        for view in visible {
            let size = view.layoutSize
            if let m = size.along(axis), let sum = main { main = sum + m } else { main = nil }
            if let c = size.across(axis) { cross = max(cross ?? 0, c) }
        }
        let crossTotal = cross.map { $0 + insets.across(axis) } ?? Self.noIntrinsicMetric
        let mainTotal = main ?? Self.noIntrinsicMetric
        return axis == .horizontal
            ? Size(width: mainTotal, height: crossTotal) : Size(width: crossTotal, height: mainTotal)
    }

    open override func layoutSubviews() {
        let content = bounds.inset(by: insets)
        let visible = subviews.filter { !$0.isHidden }
        guard !visible.isEmpty else { return }
        let mainLength = axis == .horizontal ? content.width : content.height
        let crossLength = axis == .horizontal ? content.height : content.width
        let offer =
            axis == .horizontal
            ? Size(width: .infinity, height: crossLength) : Size(width: crossLength, height: .infinity)
        let sizes = visible.map { $0.layoutSize(fitting: offer) }
        let fixed = sizes.compactMap { $0.along(axis) }.reduce(0, +)
        let flexibleCount = sizes.filter { $0.along(axis) == nil }.count
        let free = max(0, mainLength - fixed - spacing * Double(visible.count - 1))
        let share = flexibleCount > 0 ? free / Double(flexibleCount) : 0

        var position = axis == .horizontal ? content.minX : content.minY
        for (view, size) in zip(visible, sizes) {
            let main = size.along(axis) ?? share
            let cross = alignment == .fill ? crossLength : min(size.across(axis) ?? crossLength, crossLength)
            let crossStart = axis == .horizontal ? content.minY : content.minX
            let crossOffset: Double
            switch alignment {
            case .fill, .leading: crossOffset = 0
            case .center: crossOffset = (crossLength - cross) / 2
            case .trailing: crossOffset = crossLength - cross
            }
            view.frame =
                axis == .horizontal
                ? Rect(x: position, y: crossStart + crossOffset, width: main, height: cross)
                : Rect(x: crossStart + crossOffset, y: position, width: cross, height: main)
            position += main + spacing
        }
    }
}

/// A size where either dimension may be flexible (`nil`).
struct LayoutSize {
    var width: Double?
    var height: Double?

    func along(_ axis: StackView.Axis) -> Double? { axis == .horizontal ? width : height }
    func across(_ axis: StackView.Axis) -> Double? { axis == .horizontal ? height : width }
}

extension View {
    /// Preferred size, else intrinsic size, per dimension; `nil` is flexible.
    var layoutSize: LayoutSize { layoutSize(fitting: Size(width: .infinity, height: .infinity)) }

    /// Preferred size, else the size that fits `offer`, per dimension; `nil` is flexible.
    func layoutSize(fitting offer: Size) -> LayoutSize {
        let intrinsic = sizeThatFits(offer)
        return LayoutSize(
            width: preferredWidth ?? (intrinsic.width >= 0 ? intrinsic.width : nil),
            height: preferredHeight ?? (intrinsic.height >= 0 ? intrinsic.height : nil))
    }
}

extension EdgeInsets {
    func along(_ axis: StackView.Axis) -> Double { axis == .horizontal ? horizontal : vertical }
    func across(_ axis: StackView.Axis) -> Double { axis == .horizontal ? vertical : horizontal }
}
