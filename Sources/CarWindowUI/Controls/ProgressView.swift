/// A horizontal progress bar: determinate (``progress`` 0...1) or indeterminate (a segment sweeping the track on
/// the frame clock while the view is shown). Not touchable, so no haptic rect.
///
/// ```swift
/// let download = ProgressView()
/// download.observe { download.progress = model.fractionDone }
/// let waiting = ProgressView(isIndeterminate: true)
/// ```
@CarWindowActor
open class ProgressView: View {
    /// 0...1; values outside are clamped.
    public var progress: Double = 0 {
        didSet {
            let limited = progress.isFinite ? min(1, max(0, progress)) : 0
            if limited != progress { progress = limited }
            if progress != oldValue { setNeedsDisplay() }
        }
    }
    /// Sweep instead of showing ``progress``; animates only while shown.
    public var isIndeterminate: Bool {
        didSet {
            guard isIndeterminate != oldValue else { return }
            setNeedsDisplay()
            startSweepIfNeeded()
        }
    }
    /// The sweep's phase 0..<1, advanced on the frame clock.
    public private(set) var phase: Double = 0

    /// One sweep across the track.
    static let sweepPeriod = Duration.milliseconds(1200)
    static let height = 8.0

    public init(progress: Double = 0, isIndeterminate: Bool = false) {
        self.isIndeterminate = isIndeterminate
        super.init()
        self.progress = progress
    }

    open override var intrinsicContentSize: Size { Size(width: Self.noIntrinsicMetric, height: Self.height) }

    open override func layoutSubviews() {
        startSweepIfNeeded()
    }

    open override func environmentDidChange() {
        super.environmentDidChange()
        startSweepIfNeeded()
    }

    private func startSweepIfNeeded() {
        guard isIndeterminate else { return }
        runRepeating("sweep") { view, now in
            guard let bar = view as? ProgressView, bar.isIndeterminate else { return false }
            bar.phase = (now / Self.sweepPeriod).truncatingRemainder(dividingBy: 1)
            bar.setNeedsDisplay()
            return true
        }
    }

    open override func draw(in context: borrowing DrawingContext) {
        let palette = theme.palette
        let radius = bounds.height / 2
        context.fill(.roundedRect(bounds, cornerRadius: radius), color: palette.track)
        let filled: Rect
        if isIndeterminate {
            let width = bounds.width / 3
            let x = -width + (bounds.width + width) * phase
            filled = Rect(x: x, y: 0, width: width, height: bounds.height).intersection(bounds)
        } else {
            filled = Rect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height)
        }
        guard !filled.isEmpty else { return }
        context.fill(.roundedRect(filled, cornerRadius: radius), color: palette.accent)
    }
}
