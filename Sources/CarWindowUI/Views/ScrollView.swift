#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Shows content larger than itself and scrolls it with the pan gesture: the offset moves once per frame tick
/// (synced panning), keeps its momentum when the finger lifts and decelerates, and at the edges either stops
/// (``EdgeBehavior/clamp``) or stretches and springs back (``EdgeBehavior/bounce``). Scroll indicators show while
/// it moves.
///
/// Put the content in ``contentView`` (or pass it to ``init(content:axes:)``, which sizes it), or set
/// ``contentSize`` yourself. A tap on a button inside still presses it; a pan that starts on a button scrolls and
/// does not press it (the touch thresholds of `GestureConfiguration`).
///
/// ```swift
/// let column = StackView(axis: .vertical, spacing: 8, arrangedSubviews: songs.map { Button(title: $0) })
/// let scroll = ScrollView(content: column)
/// scroll.edgeBehavior = .clamp
/// scroll.scroll(to: Point(x: 0, y: 400), animated: true)
/// ```
@CarWindowActor
open class ScrollView: View {
    /// What happens at the ends of the content.
    public enum EdgeBehavior: Hashable, Sendable {
        /// The offset stops at the edge.
        case clamp
        /// A drag past the edge moves at half speed, momentum runs a little past it, and the content springs back.
        case bounce
    }

    /// The directions the content scrolls in.
    public struct Axes: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let horizontal = Axes(rawValue: 1)
        public static let vertical = Axes(rawValue: 2)
        public static let both: Axes = [.horizontal, .vertical]
    }

    /// Holds the scrolled content; its origin is minus ``contentOffset``.
    public let contentView = View()
    /// The content ``init(content:axes:)`` sizes to fit at the scroll view's width (vertical) or height.
    public private(set) var content: View?
    /// The size of the scrollable area; set by ``init(content:axes:)``'s sizing, or by hand.
    public var contentSize: Size = .zero {
        didSet {
            guard contentSize != oldValue else { return }
            contentView.frame = Rect(origin: Point(x: -contentOffset.x, y: -contentOffset.y), size: contentSize)
            if case .idle = motion { setOffset(clamped(contentOffset)) }
        }
    }
    /// The point of the content shown at the scroll view's top-left corner.
    public private(set) var contentOffset: Point = .zero
    public var axes: Axes
    public var edgeBehavior: EdgeBehavior = .bounce
    /// The fraction of its velocity the momentum keeps per millisecond (0.998 feels like a phone's list).
    public var decelerationRate: Double = 0.998
    /// Draw thin indicators of the visible part while scrolling.
    public var showsIndicators = true
    public var indicatorColor = Color(red: 1, green: 1, blue: 1, alpha: 0.6) {
        didSet { indicators.setNeedsDisplay() }
    }
    /// Moves a page (the scroll view's height or width) at a time: a drag ends on the next or previous page
    /// instead of coasting. Lists turn this on under driver distraction when asked to page.
    public var isPagingEnabled = false
    /// Called after every offset change (pan, momentum, animation or ``scroll(to:animated:)``).
    public var onScroll: (@CarWindowActor (Point) -> Void)?

    /// True while a finger drags the content.
    public var isDragging: Bool { if case .dragging = motion { true } else { false } }
    /// True while the content moves by itself: momentum, a bounce back or an animated scroll.
    public var isDecelerating: Bool {
        switch motion {
        case .decelerating, .animating: true
        case .idle, .dragging: false
        }
    }

    enum Motion {
        case idle
        /// `pending` is the finger's movement not yet applied (applied once per frame tick); `samples` are recent
        /// finger positions for the release velocity.
        case dragging(pending: Point, samples: [(time: Duration, location: Point)])
        /// Velocity in points per millisecond of the offset.
        case decelerating(velocity: Point, last: Duration)
        case animating
    }

    private(set) var motion: Motion = .idle
    private var dragStartOffset: Point = .zero
    private let indicators = ScrollIndicatorView()
    private lazy var driver = ScrollMotionDriver(scrollView: self)

    /// Below this speed (points per millisecond) momentum stops.
    static let minimumVelocity = 0.02
    /// Only finger movement this recent counts towards the release velocity.
    static let velocityWindow = Duration.milliseconds(100)
    /// Past the edge, momentum decays this much faster, so the overshoot stays short.
    static let overshootDecelerationRate = 0.96
    /// How long the content takes to spring back to the edge.
    static let bounceBack = Animation(duration: .milliseconds(300), curve: .easeOut)

    /// A scroll view with its content in ``contentView`` and ``contentSize`` set by hand.
    public init(axes: Axes = .vertical) {
        self.axes = axes
        super.init()
        clipsToBounds = true
        addSubview(contentView)
        indicators.isUserInteractionEnabled = false
        indicators.scrollView = self
        addSubview(indicators)
    }

    /// A scroll view around `content`, which gets the scroll view's width (vertical) or height (horizontal) and
    /// the length it needs (its preferred size, else the size that fits).
    public convenience init(content: View, axes: Axes = .vertical) {
        self.init(axes: axes)
        self.content = content
        contentView.addSubview(content)
    }

    /// The largest offset: the content's size less the scroll view's, never negative.
    public var maximumOffset: Point {
        Point(x: max(0, contentSize.width - bounds.width), y: max(0, contentSize.height - bounds.height))
    }

    open override func layoutSubviews() {
        if let content {
            let vertical = axes.contains(.vertical)
            let horizontal = axes.contains(.horizontal)
            let offer = Size(
                width: horizontal ? .infinity : bounds.width, height: vertical ? .infinity : bounds.height)
            let fitted = content.layoutSize(fitting: offer)
            let size = Size(
                width: horizontal ? (fitted.width ?? bounds.width) : bounds.width,
                height: vertical ? (fitted.height ?? bounds.height) : bounds.height)
            content.frame = Rect(origin: .zero, size: size)
            contentSize = size
        }
        contentView.frame = Rect(origin: Point(x: -contentOffset.x, y: -contentOffset.y), size: contentSize)
        indicators.frame = bounds
        if case .idle = motion { setOffset(clamped(contentOffset)) }
    }

    // MARK: Programmatic scrolling

    /// Scrolls so `offset` (clamped to the content) is at the top-left corner, at once or with a 300 ms
    /// ease-out animation. A drag or momentum in progress stops.
    ///
    /// ```swift
    /// list.scroll(to: .zero, animated: true)    // back to the top
    /// ```
    public func scroll(to offset: Point, animated: Bool) {
        let target = clamped(offset)
        stopMotion()
        guard animated, let window else {
            setOffset(target)
            return
        }
        animateOffset(to: target, animation: Animation(duration: .milliseconds(300), curve: .easeOut), in: window)
    }

    /// Stops a drag's pending movement, momentum or an animated scroll where it is.
    public func stopMotion() {
        if case .animating = motion { window?.animator.cancel(AnimationKey(self, "contentOffset")) }
        motion = .idle
        window?.animator.cancel(AnimationKey(self, "scrollMotion"))
        updateIndicators()
    }

    /// Called after the offset changed; subclasses (``ListView``) bring rows into view here.
    open func contentOffsetDidChange() {}

    // MARK: Gestures

    open override func handleGesture(_ gesture: Gesture) -> Bool {
        guard let window else { return false }
        switch gesture {
        case .panBegan(let start):
            stopMotion()
            dragStartOffset = contentOffset
            motion = .dragging(pending: .zero, samples: [(window.currentTime, start)])
            window.animator.add(driver, for: AnimationKey(self, "scrollMotion"))
            updateIndicators()
            return true
        case .panMoved(let from, let to):
            guard case .dragging(let pending, var samples) = motion else { return false }
            samples.append((window.currentTime, to))
            let cutoff = window.currentTime - Self.velocityWindow
            if let firstRecent = samples.firstIndex(where: { $0.time >= cutoff }), firstRecent > 1 {
                samples.removeFirst(firstRecent - 1)
            }
            motion = .dragging(pending: pending + (to - from), samples: samples)
            return true
        case .panEnded(let end):
            guard case .dragging(let pending, var samples) = motion else { return false }
            applyDrag(pending)
            samples.append((window.currentTime, end))
            release(velocity: Self.releaseVelocity(samples, now: window.currentTime), in: window)
            return true
        case .cancelled:
            guard case .dragging(let pending, _) = motion else { return false }
            applyDrag(pending)
            release(velocity: .zero, in: window)
            return true
        case .singleTap, .doubleTap, .pinchBegan, .pinchMoved, .pinchEnded:
            return false
        }
    }

    /// The offset's velocity (points per ms) from the finger's recent path; the content moves against the finger.
    static func releaseVelocity(_ samples: [(time: Duration, location: Point)], now: Duration) -> Point {
        let recent = samples.filter { $0.time >= now - velocityWindow }
        guard let first = recent.first, let last = recent.last else { return .zero }
        let ms = (last.time - first.time) / .milliseconds(1)
        guard ms > 0 else { return .zero }
        return Point(x: (first.location.x - last.location.x) / ms, y: (first.location.y - last.location.y) / ms)
    }

    private func release(velocity: Point, in window: Window) {
        var velocity = velocity
        if !axes.contains(.horizontal) { velocity.x = 0 }
        if !axes.contains(.vertical) { velocity.y = 0 }
        if isPagingEnabled {
            let target = Point(x: pageTarget(\.x, velocity: velocity.x), y: pageTarget(\.y, velocity: velocity.y))
            animateOffset(to: clamped(target), animation: Self.bounceBack, in: window)
        } else if clamped(contentOffset) != contentOffset {
            bounceBack(in: window)
        } else if abs(velocity.x) >= Self.minimumVelocity || abs(velocity.y) >= Self.minimumVelocity {
            motion = .decelerating(velocity: velocity, last: window.currentTime)
            window.animator.add(driver, for: AnimationKey(self, "scrollMotion"))
        } else {
            motion = .idle
            window.animator.cancel(AnimationKey(self, "scrollMotion"))
        }
        updateIndicators()
    }

    /// Where a paged drag ends: a page further in the drag's direction when it moved a fifth of a page or was
    /// flicked, else back to the page it started on.
    private func pageTarget(_ axis: WritableKeyPath<Point, Double>, velocity: Double) -> Double {
        let page = axis == \Point.y ? bounds.height : bounds.width
        guard page > 0 else { return 0 }
        let start = pageStart(for: dragStartOffset[keyPath: axis], page: page)
        let moved = contentOffset[keyPath: axis] - start
        if moved > page / 5 || velocity > 0.5 { return start + page }
        if moved < -page / 5 || velocity < -0.5 { return start - page }
        return start
    }

    /// The start of the page holding `offset` along the vertical axis (or `page`'s axis).
    func pageStart(for offset: Double, page: Double? = nil) -> Double {
        let length = page ?? bounds.height
        guard length > 0 else { return 0 }
        return (offset / length).rounded(.down) * length
    }

    // MARK: Frame ticks

    /// One frame tick: applies the drag's pending movement, or advances momentum. False when motion is over.
    func step(at now: Duration) -> Bool {
        switch motion {
        case .idle, .animating:
            return false
        case .dragging(let pending, let samples):
            applyDrag(pending)
            motion = .dragging(pending: .zero, samples: samples)
            return true
        case .decelerating(var velocity, let last):
            let ms = max(0, (now - last) / .milliseconds(1))
            var offset = contentOffset
            for axis in [\Point.x, \Point.y] {
                let beyond = clamped(offset)[keyPath: axis] != offset[keyPath: axis]
                let rate = beyond ? Self.overshootDecelerationRate : decelerationRate
                let decay = pow(rate, ms)
                // Distance covered while the velocity decays exponentially: v (r^t - 1) / ln r.
                offset[keyPath: axis] += velocity[keyPath: axis] * (decay - 1) / log(rate)
                velocity[keyPath: axis] *= decay
            }
            if edgeBehavior == .clamp {
                let limited = clamped(offset)
                if limited.x != offset.x { velocity.x = 0 }
                if limited.y != offset.y { velocity.y = 0 }
                offset = limited
            }
            setOffset(offset)
            let moving = abs(velocity.x) >= Self.minimumVelocity || abs(velocity.y) >= Self.minimumVelocity
            if moving {
                motion = .decelerating(velocity: velocity, last: now)
                return true
            }
            if clamped(contentOffset) != contentOffset, let window {
                motion = .idle
                bounceBack(in: window)
            } else {
                motion = .idle
                updateIndicators()
            }
            return false
        }
    }

    private func applyDrag(_ translation: Point) {
        guard translation != .zero else { return }
        var offset = contentOffset
        if axes.contains(.horizontal) { offset.x -= resisted(translation.x, at: offset.x, limit: maximumOffset.x) }
        if axes.contains(.vertical) { offset.y -= resisted(translation.y, at: offset.y, limit: maximumOffset.y) }
        setOffset(edgeBehavior == .clamp ? clamped(offset) : offset)
    }

    /// Past an edge a drag moves the content at half speed, the rubber-band feel.
    private func resisted(_ delta: Double, at offset: Double, limit: Double) -> Double {
        let next = offset - delta
        return next < 0 || next > limit ? delta / 2 : delta
    }

    private func bounceBack(in window: Window) {
        animateOffset(to: clamped(contentOffset), animation: Self.bounceBack, in: window)
    }

    private func animateOffset(to target: Point, animation: Animation, in window: Window) {
        window.animator.cancel(AnimationKey(self, "scrollMotion"))
        motion = .animating
        updateIndicators()
        window.animate(
            AnimationKey(self, "contentOffset"), from: contentOffset, to: target, animation: animation,
            apply: { [weak self] in self?.setOffset($0) },
            completion: { [weak self] finished in
                guard let self, finished, case .animating = self.motion else { return }
                self.motion = .idle
                self.updateIndicators()
            })
    }

    // MARK: Offset

    func clamped(_ offset: Point) -> Point {
        let limit = maximumOffset
        return Point(
            x: axes.contains(.horizontal) ? min(max(0, offset.x), limit.x) : 0,
            y: axes.contains(.vertical) ? min(max(0, offset.y), limit.y) : 0)
    }

    func setOffset(_ offset: Point) {
        guard offset != contentOffset else { return }
        contentOffset = offset
        contentView.frame.origin = Point(x: -offset.x, y: -offset.y)
        indicators.setNeedsDisplay()
        contentOffsetDidChange()
        onScroll?(offset)
    }

    private func updateIndicators() {
        let visible = showsIndicators && !(motion.isIdle)
        if indicators.isVisible != visible {
            indicators.isVisible = visible
            indicators.setNeedsDisplay()
        }
    }
}

extension ScrollView.Motion {
    var isIdle: Bool { if case .idle = self { true } else { false } }
}
