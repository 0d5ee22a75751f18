public import SDLMedia
public import SDLProjection
public import SDLRPC
import SDLSession

/// Drives a `Window` from the frame clock: on each tick it delivers synced pans and due taps, renders into a
/// pooled frame only when the tree is dirty (plus refresh frames: a few soon after the screen stops changing, from
/// ``StreamingConfiguration/settleRefreshes``, then one each ``StreamingConfiguration/refreshInterval``), and says
/// which haptic rects to send.
///
/// The pump is the synchronous, testable step; ``run(on:sink:haptics:)`` is the driver that calls it on a real
/// clock and hands frames to a ``FrameSink``. Back-pressure is "drop, never queue": while the sink still has the
/// previous frame, a tick that has something to show renders nothing and is counted in
/// ``Statistics/droppedWhileBusy``; the tree stays dirty, so the next free tick shows the latest state.
///
/// ```swift
/// let pump = FramePump(window: window, configuration: StreamingConfiguration(frameRate: 30))
/// let tick = try pump.tick(at: .milliseconds(33))
/// if let frame = tick.frame {
///     pump.submissionFinished(await sink.submit(frame))
/// }
/// ```
@CarWindowActor
public final class FramePump {
    /// What one tick did.
    public enum Outcome: Hashable, Sendable {
        /// Nothing changed and no refresh was due: no frame.
        case idle
        /// The tree was dirty: a frame with new content.
        case rendered
        /// Nothing changed but a refresh (or a re-send after the sink dropped a frame) was due: the current
        /// picture again, normally without drawing.
        case refreshed
        /// There was something to show but the sink was busy: nothing rendered.
        case dropped
    }

    /// The result of ``tick(at:)``.
    public struct Tick: Sendable {
        public var outcome: Outcome
        /// The frame to submit, for ``Outcome/rendered`` and ``Outcome/refreshed``.
        public var frame: VideoFrame?
        /// Haptic rects to send now, when they settled and changed.
        public var hapticData: SendHapticData?
        /// With a frame: when an input asked for it ahead of the frame clock (``tickNow()``), `nil` if none did.
        public var requested: ContinuousClock.Instant?
    }

    /// What the pump did, for logs and monitors: every tick's outcome and every submission's result.
    public enum Event: Hashable, Sendable {
        /// A tick at this stream time and what it did.
        case tick(Outcome, at: Duration)
        /// The sink finished with a frame.
        case submitted(FrameSubmissionResult)
        /// The sink took a frame (the video manager encoded and sent it, or its rate control skipped it), with when
        /// it was asked for, drawn and taken: sent by ``run(on:sink:haptics:)`` right after `.submitted(.accepted)`.
        case frame(FrameTiming)
    }

    /// Counters since the pump was made.
    public struct Statistics: Hashable, Sendable, CustomStringConvertible {
        public var ticks = 0
        /// Frames with new content.
        public var framesRendered = 0
        /// Frames that re-sent the current picture.
        public var refreshFrames = 0
        /// Ticks that had something to show while the sink was busy.
        public var droppedWhileBusy = 0
        /// Frames the sink reported as dropped.
        public var droppedBySink = 0
        /// `SendHapticData` requests produced.
        public var hapticUpdates = 0

        public init() {}

        public var description: String {
            "ticks \(ticks), rendered \(framesRendered), refresh \(refreshFrames), dropped busy \(droppedWhileBusy), "
                + "dropped by sink \(droppedBySink), haptic updates \(hapticUpdates)"
        }
    }

    public let window: Window
    public let configuration: StreamingConfiguration
    /// The pooled renderer, for its pool statistics.
    public let renderer: PooledFrameRenderer
    public private(set) var statistics = Statistics()
    /// True between a frame leaving ``tick(at:)`` and ``submissionFinished(_:timing:)``.
    public private(set) var isSubmitting = false
    /// Every reader's stream of the pump's events.
    private nonisolated let subscribers = Broadcast<Event>(replaysCurrent: false, buffering: .bufferingNewest(256))

    private var haptics: HapticDebouncer
    private var hapticsStale = true
    /// The last tick's stream time; an early tick (``tickNow()``) never goes back to or before it.
    private(set) var lastTickTime: Duration?
    private var lastFrameTime: Duration?
    private var needsResend = false
    /// When the content last changed, and how many of the settle refreshes after it went out.
    private var lastChangeTime: Duration?
    private var settleRefreshesSent = 0
    /// The run's wait for the next tick of the frame clock; ``tickNow()`` cancels it to tick at once.
    var pendingWait: Task<Void, Never>?
    /// ``tickNow()`` came while the sink had a frame: the tick follows as soon as the sink is done with it.
    private var ticksWhenFree = false
    /// When an input first asked for a frame (``tickNow()``) since the last frame was drawn: the `requested` of the
    /// next frame's ``FrameTiming``.
    private var frameRequested: ContinuousClock.Instant?
    /// When an input asked for a frame while the window was clean (a tap a projected program has yet to answer):
    /// the window's next change within ``changeWindow`` is drawn at once.
    private var awaitingChange: ContinuousClock.Instant?
    /// How long after an input its first change still ticks early; later changes wait for the frame clock.
    public static let changeWindow = Duration.milliseconds(500)

    /// Creates a pump for `window`.
    public init(window: Window, configuration: StreamingConfiguration = StreamingConfiguration()) {
        self.window = window
        self.configuration = configuration
        self.renderer = PooledFrameRenderer(capacity: configuration.framePoolCapacity)
        self.haptics = HapticDebouncer(
            delay: configuration.hapticDebounce, isEnabled: window.metrics.isHapticSpatialDataSupported)
        window.onInvalidate = { [weak self] in self?.windowInvalidated() }
    }

    deinit {
        subscribers.finish()
    }

    /// A new stream of every ``Event`` from now on, in order, yielded on `CarWindowActor`. Each call returns an
    /// independent stream that keeps the newest 256 events for a slow reader; all end when the pump goes away.
    ///
    /// ```swift
    /// let events = pump.events()            // before the ticks it should see
    /// for await event in events {
    ///     if case .submitted(.dropped) = event { print("the sink dropped a frame") }
    /// }
    /// ```
    public nonisolated func events() -> AsyncStream<Event> {
        subscribers.subscribe()
    }

    /// Runs one frame-clock tick at `now` (time since the stream started; it becomes the frame's presentation
    /// time).
    ///
    /// - Precondition: `now` is later than the previous tick's.
    /// - Throws: `CarWindowError` when rendering fails.
    public func tick(at now: Duration) throws(CarWindowError) -> Tick {
        precondition(lastTickTime.map { now > $0 } ?? true, "frame ticks must move forward: \(now)")
        lastTickTime = now
        statistics.ticks += 1
        window.frameTick()

        var tick = Tick(outcome: .idle)
        let refreshDue =
            configuration.refreshInterval.map { interval in
                lastFrameTime.map { now - $0 >= interval } ?? true
            } ?? false
        let settleDue =
            lastChangeTime.map { changedAt in
                configuration.settleRefreshes.indices.contains(settleRefreshesSent)
                    && now - changedAt >= configuration.settleRefreshes[settleRefreshesSent]
            } ?? false
        let changed = window.isDirty
        if changed || needsResend || refreshDue || settleDue {
            if isSubmitting {
                statistics.droppedWhileBusy += 1
                tick.outcome = .dropped
            } else {
                // A refresh usually draws nothing: the pool hands back the buffer that already holds the picture.
                // If the sink kept that buffer, the window repaints into another one; it is still a refresh.
                let (frame, _) = try renderer.render(window, presentationTime: now)
                tick.requested = frameRequested
                frameRequested = nil
                isSubmitting = true
                needsResend = false
                lastFrameTime = now
                tick.frame = frame
                if changed {
                    statistics.framesRendered += 1
                    tick.outcome = .rendered
                    hapticsStale = true
                    lastChangeTime = now
                    settleRefreshesSent = 0
                } else {
                    // One settle step per frame: steps that fell due together (a slow tick) count as one.
                    if settleDue, let changedAt = lastChangeTime,
                        let lastDue = configuration.settleRefreshes.lastIndex(where: { now - changedAt >= $0 })
                    {
                        settleRefreshesSent = lastDue + 1
                    }
                    statistics.refreshFrames += 1
                    tick.outcome = .refreshed
                }
            }
        }
        if hapticsStale || window.needsHapticUpdate, !window.isDirty {
            // Only a laid-out tree has meaningful rects; a dropped tick leaves them for the next render.
            hapticsStale = false
            window.needsHapticUpdate = false
            haptics.observe(window.hapticRects(), at: now)
        }
        if let rects = haptics.due(at: now) {
            statistics.hapticUpdates += 1
            tick.hapticData = SendHapticData(rects: rects)
        }
        subscribers.send(.tick(tick.outcome, at: now))
        return tick
    }

    /// The sink is done with the frame from the last tick; `timing`, from ``run(on:sink:haptics:)``, is reported
    /// (``Event/frame(_:)``) when the sink took the frame.
    public func submissionFinished(_ result: FrameSubmissionResult, timing: FrameTiming? = nil) {
        isSubmitting = false
        if ticksWhenFree {
            ticksWhenFree = false
            pendingWait?.cancel()
        }
        if result == .dropped {
            statistics.droppedBySink += 1
            needsResend = true
        }
        subscribers.send(.submitted(result))
        if result == .accepted, let timing { subscribers.send(.frame(timing)) }
    }

    /// Asks ``run(on:sink:haptics:)`` to tick now rather than at the next tick of the frame clock, when the window
    /// changed: a touch's effect then reaches the encoder at once instead of up to a frame period later, which is
    /// what the driver waits for. While the sink still has a frame the tick waits for it (a busy tick would render
    /// nothing). When the window is still clean (the tap went to a projected program, which answers later), its first
    /// change within ``changeWindow`` ticks at once instead (``windowInvalidated()``).
    ///
    /// ```swift
    /// window.deliver([action])   // a tap ran the zoom button's action: the map is dirty
    /// pump.tickNow()
    /// ```
    public func tickNow() {
        guard window.isDirty else {
            // A projected program answers a tap later, on its own: its first change is drawn at once.
            awaitingChange = .now
            return
        }
        tickEarly(askedAt: .now)
    }

    /// The window's first change after a ``tickNow()`` that found it clean, within ``changeWindow``: ticks at once,
    /// the frame's `requested` being the input's instant. Installed as the window's `onInvalidate` by
    /// ``init(window:configuration:)``.
    ///
    /// ```swift
    /// pump.tickNow()            // a tap went to a projected program; nothing changed yet
    /// view.setNeedsDisplay()    // the program drew its answer: the pump ticks now
    /// ```
    public func windowInvalidated() {
        guard let asked = awaitingChange else { return }
        awaitingChange = nil
        guard asked.duration(to: .now) <= Self.changeWindow else { return }
        tickEarly(askedAt: asked)
    }

    /// Ends the run's wait for the next tick (or, while the sink has a frame, ticks once it is done); the next frame
    /// drawn says an input asked for it at `asked`, unless an earlier input already did.
    private func tickEarly(askedAt asked: ContinuousClock.Instant) {
        if frameRequested == nil { frameRequested = asked }
        if isSubmitting {
            ticksWhenFree = true
        } else {
            pendingWait?.cancel()
        }
    }

    /// Applies new display metrics: the window is resized and laid out before the next frame, which is a full
    /// repaint at the new streaming size; haptics follow `hapticSpatialDataSupported`.
    ///
    /// - Throws: `CarWindowError` from `Window.update(metrics:)`; nothing changes then.
    public func update(metrics: DisplayMetrics) throws(CarWindowError) {
        try window.update(metrics: metrics)
        haptics.setEnabled(metrics.isHapticSpatialDataSupported)
        hapticsStale = true
    }

    /// Forgets the previous stream (a new video service): the next tick sends a frame and the haptic rects again.
    public func restart() {
        lastTickTime = nil
        lastFrameTime = nil
        needsResend = true
        haptics.setEnabled(false)
        haptics.setEnabled(window.metrics.isHapticSpatialDataSupported)
        hapticsStale = true
    }
}
