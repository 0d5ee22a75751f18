/// Turns touch events into gestures: a pure state machine with time passed in, so it is tested on a manual clock.
///
/// Rules (thresholds in ``GestureConfiguration``, defaults from sdl_ios's `SDLTouchManager`), with sdl_ios's bugs
/// fixed:
/// - a press that moves no more than the pan threshold on either axis is a tap; two taps within the tap time and
///   distance make a double tap at their midpoint. When a second tap is too late or too far, the first is still
///   reported as a single tap (sdl_ios loses it);
/// - a single tap is held back for the tap time (to rule out a double tap) and fires from
///   ``frameTick(now:)`` or the next event once its deadline has passed;
/// - pans and pinches track fingers by id, any ids, at most two fingers; a third finger is ignored (sdl_ios's
///   `id <= 2` filter lets id 2 in and then drops it); a pan through (0, 0) is reported like any other;
/// - a second finger joining a pan ends the pan and begins a pinch; when one finger of a pinch lifts the pinch ends
///   and the other finger is ignored until it lifts;
/// - with synced panning, moves are coalesced and delivered once per ``frameTick(now:)``.
///
/// ```swift
/// var recognizer = GestureRecognizer<ContinuousClock.Instant>()
/// let down = ProjectionTouch(type: .begin, fingers: [.init(id: 0, path: [Point(x: 10, y: 10)], timestamps: [0])])
/// var actions = recognizer.handle(down, now: .now)
/// actions += recognizer.handle(ProjectionTouch(type: .end, fingers: down.fingers), now: .now)
/// actions += recognizer.frameTick(now: .now.advanced(by: .milliseconds(500)))
/// // actions ends with .gesture(.singleTap(at: (10, 10)))
/// ```
public struct GestureRecognizer<Instant: InstantProtocol>: Sendable
where Instant.Duration == Duration, Instant: Sendable {
    struct Finger: Hashable, Sendable {
        var id: Int
        var start: Point
        var location: Point
        var timestamp: Int?
    }

    enum Phase: Hashable, Sendable {
        case idle
        /// One finger down, not moved beyond the pan threshold yet.
        case pressing(Finger)
        /// `notified` is the last position reported; moves since then wait for a frame tick when synced.
        case panning(Finger, notified: Point)
        /// `notifiedDistance`/`notifiedCenter` are what the last pinch event reported.
        case pinching(Finger, Finger, notifiedDistance: Double, notifiedCenter: Point)
        /// Some fingers are still down but no gesture is active (after a pinch ended, or after a cancel).
        case draining
    }

    /// The last tap, while a second one can still make it a double tap: held back, or already reported
    /// (``GestureConfiguration/reportsTapsAtOnce``).
    struct PendingTap: Hashable, Sendable {
        var location: Point
        var timestamp: Int?
        var deadline: Instant
        var reported = false
    }

    /// The thresholds; may change between events.
    public var configuration: GestureConfiguration
    private(set) var phase: Phase = .idle
    /// Fingers that are down but deliberately ignored until they lift.
    private var ignoredIDs: Set<Int> = []
    private var pendingTap: PendingTap?

    public init(configuration: GestureConfiguration = GestureConfiguration()) {
        self.configuration = configuration
    }

    /// When the held-back single tap fires, if one is pending: a host without a frame clock can schedule a
    /// ``frameTick(now:)`` for then.
    public var nextDeadline: Instant? { pendingTap.flatMap { $0.reported ? nil : $0.deadline } }

    /// True while a pan or pinch is in progress.
    public var isTracking: Bool {
        switch phase {
        case .panning, .pinching: true
        case .idle, .pressing, .draining: false
        }
    }

    // MARK: Inputs

    /// Feeds one touch event (in view coordinates) at time `now`.
    ///
    /// - Parameter isImmediateTap: says whether a tap ending at a point is reported at once instead of waiting out
    ///   the double-tap window (CarWindow's window answers true over a pressed `Button`). Taps reported at once never
    ///   form double taps.
    public mutating func handle(
        _ event: ProjectionTouch, now: Instant, isImmediateTap: (Point) -> Bool = { _ in false }
    ) -> [TouchAction] {
        var actions = fireExpiredTap(now: now)
        guard event.fingers.count <= GestureConfiguration.maximumTouchesPerEvent else { return actions }
        if event.type == .cancel {
            actions += cancelAll(fingersStillDown: false)
            return actions
        }
        for touch in event.fingers {
            guard let location = touch.path.last, location.x.isFinite, location.y.isFinite else { continue }
            let timestamp = touch.timestamps.last
            switch event.type {
            case .begin: actions += begin(id: touch.id, at: location, timestamp: timestamp, now: now)
            case .move: actions += move(id: touch.id, to: location)
            case .end:
                actions += end(
                    id: touch.id, at: location, timestamp: timestamp, now: now, isImmediateTap: isImmediateTap)
            case .cancel: break
            }
        }
        if !configuration.isSyncedPanningEnabled {
            actions += flushMoves()
        }
        return actions
    }

    /// The frame clock ticked: delivers coalesced pan and pinch moves (synced panning) and a single tap whose
    /// double-tap window has passed.
    public mutating func frameTick(now: Instant) -> [TouchAction] {
        fireExpiredTap(now: now) + flushMoves()
    }

    /// Cancels what is in progress (the stream suspended): a pan or pinch reports ``Gesture/cancelled(at:)``, a
    /// held-back tap is dropped, and fingers still down are ignored until they lift.
    public mutating func cancelPendingGestures() -> [TouchAction] {
        cancelAll(fingersStillDown: true)
    }

    /// Takes the held-back single tap, if any, to report it now.
    private mutating func takePendingTap() -> Gesture? {
        guard let tap = pendingTap else { return nil }
        pendingTap = nil
        return tap.reported ? nil : .singleTap(at: tap.location)
    }

    // MARK: Transitions

    private mutating func begin(id: Int, at location: Point, timestamp: Int?, now: Instant) -> [TouchAction] {
        let finger = Finger(id: id, start: location, location: location, timestamp: timestamp)
        switch phase {
        case .idle:
            phase = .pressing(finger)
            return [.pressBegan(at: location)]
        case .pressing(let first) where first.id != id:
            // A tap held back for a double tap is over: the user has moved on to a pinch.
            var actions = takePendingTap().map { [TouchAction.gesture($0)] } ?? []
            actions.append(.pressEnded(at: first.location, isTap: false))
            actions += beginPinch(first, finger)
            return actions
        case .panning(let first, _) where first.id != id:
            var actions = flushMoves()
            actions.append(.gesture(.panEnded(at: first.location)))
            actions += beginPinch(first, finger)
            return actions
        case .pressing, .panning:
            return []  // the same finger again: a stray BEGIN, nothing new
        case .pinching(let a, let b, _, _):
            if a.id != id, b.id != id { ignoredIDs.insert(id) }
            return []
        case .draining:
            ignoredIDs.insert(id)
            return []
        }
    }

    private mutating func beginPinch(_ a: Finger, _ b: Finger) -> [TouchAction] {
        let center = a.location.midpoint(b.location)
        phase = .pinching(a, b, notifiedDistance: a.location.distance(to: b.location), notifiedCenter: center)
        return [.gesture(.pinchBegan(center: center))]
    }

    private mutating func move(id: Int, to location: Point) -> [TouchAction] {
        switch phase {
        case .pressing(var finger) where finger.id == id:
            finger.location = location
            let dx = abs(location.x - finger.start.x)
            let dy = abs(location.y - finger.start.y)
            guard dx > configuration.panDistanceThreshold || dy > configuration.panDistanceThreshold else {
                phase = .pressing(finger)
                return []
            }
            // The pan starts where the finger went down, so the first few pixels of movement are not lost.
            phase = .panning(finger, notified: finger.start)
            return [.pressEnded(at: finger.start, isTap: false), .gesture(.panBegan(at: finger.start))]
        case .panning(var finger, let notified) where finger.id == id:
            finger.location = location
            phase = .panning(finger, notified: notified)
            return []
        case .pinching(var a, var b, let distance, let center):
            if a.id == id { a.location = location } else if b.id == id { b.location = location }
            phase = .pinching(a, b, notifiedDistance: distance, notifiedCenter: center)
            return []
        case .idle, .pressing, .panning, .draining:
            return []
        }
    }

    private mutating func end(
        id: Int, at location: Point, timestamp: Int?, now: Instant, isImmediateTap: (Point) -> Bool
    ) -> [TouchAction] {
        if ignoredIDs.remove(id) != nil {
            if case .draining = phase, ignoredIDs.isEmpty { phase = .idle }
            return []
        }
        switch phase {
        case .pressing(let finger) where finger.id == id:
            phase = .idle
            return tap(
                at: location, timestamp: timestamp ?? finger.timestamp, now: now, immediate: isImmediateTap(location))
        case .panning(var finger, let notified) where finger.id == id:
            finger.location = location
            phase = .panning(finger, notified: notified)
            var actions = flushMoves()
            actions.append(.gesture(.panEnded(at: location)))
            phase = .idle
            return actions
        case .pinching(var a, var b, let distance, let center) where a.id == id || b.id == id:
            if a.id == id { a.location = location } else { b.location = location }
            phase = .pinching(a, b, notifiedDistance: distance, notifiedCenter: center)
            var actions = flushMoves()
            actions.append(.gesture(.pinchEnded(center: a.location.midpoint(b.location))))
            ignoredIDs.insert(a.id == id ? b.id : a.id)
            phase = .draining
            return actions
        case .idle, .pressing, .panning, .pinching, .draining:
            return []
        }
    }

    /// A press ended without moving: a double tap with the held-back tap, or a new held-back tap, or (immediate, or
    /// no tap time) a single tap at once.
    private mutating func tap(at location: Point, timestamp: Int?, now: Instant, immediate: Bool) -> [TouchAction] {
        var actions: [TouchAction] = []
        if let previous = pendingTap {
            pendingTap = nil
            if !immediate, isDoubleTap(previous, location: location, timestamp: timestamp) {
                actions.append(.pressEnded(at: location, isTap: true))
                actions.append(.gesture(.doubleTap(at: previous.location.midpoint(location))))
                return actions
            }
            // Too far or too late for a double tap: the first tap still happened.
            if !previous.reported { actions.append(.gesture(.singleTap(at: previous.location))) }
        }
        actions.append(.pressEnded(at: location, isTap: true))
        if immediate || configuration.tapTimeThreshold <= .zero {
            actions.append(.gesture(.singleTap(at: location)))
        } else if configuration.reportsTapsAtOnce {
            actions.append(.gesture(.singleTap(at: location)))
            pendingTap = PendingTap(
                location: location, timestamp: timestamp, deadline: now.advanced(by: configuration.tapTimeThreshold),
                reported: true)
        } else {
            pendingTap = PendingTap(
                location: location, timestamp: timestamp, deadline: now.advanced(by: configuration.tapTimeThreshold))
        }
        return actions
    }

    private func isDoubleTap(_ previous: PendingTap, location: Point, timestamp: Int?) -> Bool {
        if let t0 = previous.timestamp, let t1 = timestamp {
            // Head-unit timestamps are the truth about finger timing; our clock only adds transport jitter.
            let elapsed = Duration.milliseconds(t1 - t0)
            guard elapsed >= .zero, elapsed <= configuration.tapTimeThreshold else { return false }
        }
        return abs(location.x - previous.location.x) <= configuration.tapDistanceThreshold
            && abs(location.y - previous.location.y) <= configuration.tapDistanceThreshold
    }

    private mutating func fireExpiredTap(now: Instant) -> [TouchAction] {
        guard let tap = pendingTap, now >= tap.deadline else { return [] }
        pendingTap = nil
        return tap.reported ? [] : [.gesture(.singleTap(at: tap.location))]
    }

    /// Reports pan and pinch movement not yet reported.
    private mutating func flushMoves() -> [TouchAction] {
        switch phase {
        case .panning(let finger, let notified) where finger.location != notified:
            phase = .panning(finger, notified: finger.location)
            return [.gesture(.panMoved(from: notified, to: finger.location))]
        case .pinching(let a, let b, let distance, let center):
            let newDistance = a.location.distance(to: b.location)
            let newCenter = a.location.midpoint(b.location)
            guard newDistance != distance || newCenter != center else { return [] }
            // Two fingers on one spot have no meaningful ratio; report no zoom rather than divide by zero.
            let scale = distance > 0 && newDistance > 0 ? newDistance / distance : 1
            phase = .pinching(a, b, notifiedDistance: newDistance, notifiedCenter: newCenter)
            return [.gesture(.pinchMoved(center: newCenter, scale: scale))]
        case .idle, .pressing, .panning, .draining:
            return []
        }
    }

    private mutating func cancelAll(fingersStillDown: Bool) -> [TouchAction] {
        pendingTap = nil
        var actions: [TouchAction] = []
        var downIDs: Set<Int> = ignoredIDs
        switch phase {
        case .idle, .draining:
            break
        case .pressing(let finger):
            actions.append(.pressEnded(at: finger.location, isTap: false))
            downIDs.insert(finger.id)
        case .panning(let finger, _):
            actions.append(.gesture(.cancelled(at: finger.location)))
            downIDs.insert(finger.id)
        case .pinching(let a, let b, _, _):
            actions.append(.gesture(.cancelled(at: a.location.midpoint(b.location))))
            downIDs.formUnion([a.id, b.id])
        }
        if fingersStillDown, !downIDs.isEmpty {
            ignoredIDs = downIDs
            phase = .draining
        } else {
            ignoredIDs = []
            phase = .idle
        }
        return actions
    }
}
