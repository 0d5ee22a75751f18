#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A spinner: twelve spokes fading around a circle, turning on the frame clock while ``isAnimating`` and shown.
/// Stopped, it is hidden unless ``hidesWhenStopped`` is false.
///
/// ```swift
/// let busy = ActivityIndicator()
/// busy.startAnimating()
/// ...
/// busy.stopAnimating()
/// ```
@CarWindowActor
open class ActivityIndicator: View {
    public private(set) var isAnimating = false
    public var hidesWhenStopped = true { didSet { updateVisibility() } }
    /// The leading spoke, 0..<12, advanced on the frame clock.
    public private(set) var leadingSpoke = 0

    static let spokes = 12
    static let turn = Duration.milliseconds(1000)

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        updateVisibility()
    }

    open override var intrinsicContentSize: Size { Size(width: 40, height: 40) }

    public func startAnimating() {
        isAnimating = true
        updateVisibility()
        startTurning()
    }

    public func stopAnimating() {
        isAnimating = false
        window?.animator.cancel(AnimationKey(self, "spin"))
        updateVisibility()
    }

    open override func layoutSubviews() { startTurning() }

    private func updateVisibility() {
        isHidden = hidesWhenStopped && !isAnimating
    }

    private func startTurning() {
        guard isAnimating else { return }
        runRepeating("spin") { view, now in
            guard let spinner = view as? ActivityIndicator, spinner.isAnimating else { return false }
            let spoke = Int((now / Self.turn * Double(Self.spokes)).rounded(.down)) % Self.spokes
            if spoke != spinner.leadingSpoke {
                spinner.leadingSpoke = spoke
                spinner.setNeedsDisplay()
            }
            return true
        }
    }

    open override func draw(in context: borrowing DrawingContext) {
        let color = theme.palette.primaryText
        let center = bounds.center
        let outer = min(bounds.width, bounds.height) / 2 - 2
        let inner = outer * 0.5
        for index in 0..<Self.spokes {
            let angle = Double(index) / Double(Self.spokes) * 2 * Double.pi - Double.pi / 2
            let age = (leadingSpoke - index + Self.spokes) % Self.spokes
            var path = Path()
            path.move(to: Point(x: center.x + cos(angle) * inner, y: center.y + sin(angle) * inner))
            path.addLine(to: Point(x: center.x + cos(angle) * outer, y: center.y + sin(angle) * outer))
            let alpha = 1 - Double(age) / Double(Self.spokes) * 0.85
            context.stroke(path, color: color.withAlpha(alpha), lineWidth: max(2, outer / 6))
        }
    }
}
