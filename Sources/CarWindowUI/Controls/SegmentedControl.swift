/// A row of mutually exclusive choices. Each segment is its own focusable control (its own haptic rect) at
/// least the minimum touch target in size; a tap selects it.
///
/// ```swift
/// let mapMode = SegmentedControl(segments: ["2D", "3D", "North up"], selectedIndex: 0)
/// mapMode.onChange = { map.mode = MapMode(rawValue: $0) }
/// ```
@CarWindowActor
open class SegmentedControl: View {
    /// One segment: a control that draws its title and the selection.
    @CarWindowActor
    public final class Segment: Control {
        public internal(set) var isSelected = false { didSet { if isSelected != oldValue { setNeedsDisplay() } } }

        public override var contentSize: Size {
            let text = TextEngine.measure(title, font: font, maxWidth: nil, wraps: false)
            return Size(width: text.width + 32, height: text.height + 16)
        }

        public override var currentBackgroundColor: Color {
            if isSelected { return stateColor(theme.palette.accent) }
            return isHighlighted ? theme.palette.track.withAlpha(0.35) : .clear
        }

        public override func draw(in context: borrowing DrawingContext) {
            let palette = theme.palette
            let color = isSelected ? palette.onAccent : palette.primaryText
            context.drawText(title, in: bounds, font: font, color: stateColor(color), alignment: .center, wraps: false)
        }
    }

    public private(set) var segments: [Segment] = []
    /// The selected segment; setting it in code does not call ``onChange``.
    public var selectedIndex: Int? {
        didSet {
            if let index = selectedIndex, !segments.indices.contains(index) { selectedIndex = nil }
            for (index, segment) in segments.enumerated() { segment.isSelected = index == selectedIndex }
        }
    }
    /// Called with the index the user selected.
    public var onChange: (@CarWindowActor (Int) -> Void)?
    public var isEnabled = true {
        didSet { for segment in segments { segment.isEnabled = isEnabled } }
    }

    public init(segments titles: [String], selectedIndex: Int? = nil) {
        super.init()
        setSegments(titles)
        self.selectedIndex = selectedIndex.flatMap { titles.indices.contains($0) ? $0 : nil }
        for (index, segment) in segments.enumerated() { segment.isSelected = index == self.selectedIndex }
        cornerRadius = 10
        clipsToBounds = true
    }

    /// Replaces the segments; the selection is cleared when it no longer exists.
    public func setSegments(_ titles: [String]) {
        for segment in segments { segment.removeFromSuperview() }
        segments = titles.enumerated().map { index, title in
            let segment = Segment(title: title)
            segment.cornerRadius = 0
            segment.action = { [weak self] in self?.userSelected(index) }
            return segment
        }
        for segment in segments { addSubview(segment) }
        if let selectedIndex, !titles.indices.contains(selectedIndex) { self.selectedIndex = nil }
        setNeedsLayout()
    }

    private func userSelected(_ index: Int) {
        guard isEnabled, index != selectedIndex else { return }
        selectedIndex = index
        onChange?(index)
    }

    open override var intrinsicContentSize: Size {
        let sizes = segments.map(\.intrinsicContentSize)
        return Size(width: sizes.reduce(0) { $0 + $1.width }, height: sizes.map(\.height).max() ?? 48)
    }

    /// Segments share the width equally.
    open override func layoutSubviews() {
        guard !segments.isEmpty else { return }
        let width = bounds.width / Double(segments.count)
        for (index, segment) in segments.enumerated() {
            segment.frame = Rect(x: Double(index) * width, y: 0, width: width, height: bounds.height)
        }
    }

    open override func environmentDidChange() {
        super.environmentDidChange()
        backgroundColor = theme.palette.track.withAlpha(0.3)
    }

    open override func draw(in context: borrowing DrawingContext) {
        let color = theme.palette.track
        for index in 1..<max(1, segments.count) {
            let x = bounds.width / Double(segments.count) * Double(index)
            context.fill(Rect(x: x - 0.5, y: 8, width: 1, height: max(0, bounds.height - 16)), color: color)
        }
    }
}
