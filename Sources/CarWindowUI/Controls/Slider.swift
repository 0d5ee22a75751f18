/// Picks a value in a range: drag the thumb along the track, or tap the track to jump there.
///
/// A pan that starts on the slider moves the thumb (even inside a ``ScrollView``); ``onChange`` is called with each
/// new value, at most once per frame tick with synced panning.
///
/// ```swift
/// let volume = Slider(value: 0.4, in: 0...1)
/// volume.onChange = { player.volume = $0 }
/// ```
@CarWindowActor
open class Slider: Control {
    public var range: ClosedRange<Double> { didSet { value = clamp(value) } }
    /// The current value, kept in ``range``; setting it in code does not call ``onChange``.
    public var value: Double {
        didSet {
            let limited = clamp(value)
            if limited != value { value = limited }
            if value != oldValue { setNeedsDisplay() }
        }
    }
    /// Snap to multiples of this step from the range's start; `nil` for continuous values.
    public var step: Double?
    /// Called with the new value when the user moves the slider.
    public var onChange: (@CarWindowActor (Double) -> Void)?

    static let thumbRadius = 14.0

    public init(value: Double = 0, in range: ClosedRange<Double> = 0...1) {
        self.range = range
        self.value = min(max(value, range.lowerBound), range.upperBound)
        super.init()
    }

    open override var contentSize: Size { Size(width: 200, height: Self.thumbRadius * 2 + contentInsets.vertical) }

    /// The track in the slider's coordinates, leaving room for the thumb at both ends.
    var trackRect: Rect {
        let inset = contentInsets.left + Self.thumbRadius
        return Rect(x: inset, y: bounds.height / 2 - 3, width: max(0, bounds.width - 2 * inset), height: 6)
    }

    open override func handleGesture(_ gesture: Gesture) -> Bool {
        guard isEnabled else { return false }
        switch gesture {
        case .singleTap(let point), .panBegan(let point):
            setFromUser(at: point)
            return true
        case .panMoved(_, let to), .panEnded(let to):
            setFromUser(at: to)
            return true
        case .cancelled:
            return true
        case .doubleTap, .pinchBegan, .pinchMoved, .pinchEnded:
            return false
        }
    }

    /// Moves the value to the track position under a window point.
    private func setFromUser(at windowPoint: Point) {
        let track = trackRect
        guard track.width > 0 else { return }
        let x = convertFromWindow(windowPoint).x
        let fraction = min(1, max(0, (x - track.minX) / track.width))
        var newValue = range.lowerBound + fraction * (range.upperBound - range.lowerBound)
        if let step, step > 0 {
            newValue = range.lowerBound + ((newValue - range.lowerBound) / step).rounded() * step
        }
        newValue = clamp(newValue)
        guard newValue != value else { return }
        value = newValue
        onChange?(newValue)
    }

    private func clamp(_ value: Double) -> Double {
        guard value.isFinite else { return range.lowerBound }
        return min(max(value, range.lowerBound), range.upperBound)
    }

    open override func draw(in context: borrowing DrawingContext) {
        let palette = theme.palette
        let track = trackRect
        let span = range.upperBound - range.lowerBound
        let fraction = span > 0 ? (value - range.lowerBound) / span : 0
        let x = track.minX + track.width * fraction
        context.fill(.roundedRect(track, cornerRadius: 3), color: stateColor(palette.track))
        context.fill(
            .roundedRect(
                Rect(x: track.minX, y: track.minY, width: x - track.minX, height: track.height), cornerRadius: 3),
            color: stateColor(palette.accent))
        context.fill(
            .circle(center: Point(x: x, y: track.center.y), radius: Self.thumbRadius),
            color: stateColor(palette.onAccent))
    }
}
