import HeadUnit
import SDLRPC

/// What an ``EmulatorFixture`` has seen of its emulator so far, kept small: the apps that registered, each app's
/// current video stream and frame count, and each app's last haptic rects. Not the events themselves, so a long test
/// holds no growing history.
struct EmulatorObservation: Sendable {
    struct Stream: Sendable {
        /// The app's video stream number, from 1 (the `videoN` of the recording's name).
        var number: Int
        var size: VideoSize
        /// Access units received in this stream.
        var frames: Int
    }

    var registered: [AppID] = []
    var streams: [AppID: Stream] = [:]
    var streamCounts: [AppID: Int] = [:]
    var rects: [AppID: [HapticRect]] = [:]
    /// Set once the emulator's event stream ended (it stopped).
    var ended = false

    mutating func apply(_ event: HeadUnitEvent) {
        switch event {
        case .appRegistered(let app, _, _):
            if !registered.contains(app) { registered.append(app) }
        case .videoStarted(let app, _, let size):
            let number = (streamCounts[app] ?? 0) + 1
            streamCounts[app] = number
            streams[app] = Stream(number: number, size: size, frames: 0)
        case .videoFrame(let app, _, _):
            streams[app]?.frames += 1
        case .hapticRects(let app, let sent):
            rects[app] = sent
        default:
            break
        }
    }

    /// The most recent frame of the app's current stream, if it has one.
    func latestFrame(of app: AppID) -> RecordedFrame? {
        guard let stream = streams[app], stream.frames > 0 else { return nil }
        return RecordedFrame(app: app, stream: stream.number, index: stream.frames - 1, size: stream.size)
    }

    /// A short account for timeout messages.
    var summary: String {
        let apps = registered.map { app in
            let stream = streams[app].map { "video\($0.number) \($0.size) \($0.frames) frames" } ?? "no video"
            return "\(app): \(stream), \(rects[app]?.count ?? 0) haptic rects"
        }
        return apps.isEmpty ? "no app registered" : apps.joined(separator: "; ")
    }
}

/// Feeds the emulator's events into an ``EmulatorObservation`` and wakes the waits whose condition now holds.
///
/// Every wait has a deadline: a timer task fails it with ``CarWindowTestingError/Kind-swift.struct/timeout`` and the
/// last observation, so a missed tap fails with a reason instead of hanging the test.
actor EmulatorObserver {
    private var observation = EmulatorObservation()
    private var waiters: [Int: @Sendable (EmulatorObservation) -> Bool] = [:]
    private var failures: [Int: @Sendable (CarWindowTestingError) -> Void] = [:]
    private var timers: [Int: Task<Void, Never>] = [:]
    private var nextID = 0

    func apply(_ event: HeadUnitEvent) {
        observation.apply(event)
        wake()
    }

    /// The emulator stopped: nothing more will come, so every pending wait fails now.
    func finish() {
        observation.ended = true
        wake()
        for (id, fail) in failures {
            fail(CarWindowTestingError(.timeout, "the emulator stopped first; it saw: \(observation.summary)"))
            waiters[id] = nil
        }
        failures = [:]
        for timer in timers.values { timer.cancel() }
        timers = [:]
    }

    var current: EmulatorObservation { observation }

    /// Waits until `condition` gives a value, at most `timeout`, and no longer than the waiting task runs.
    ///
    /// - Throws: ``CarWindowTestingError`` `.timeout` naming `what` and what the emulator saw last; `.cancelled`
    ///   when the waiting task is cancelled (before or during the wait), so a test's time limit ends it.
    func wait<T: Sendable>(
        for what: String, timeout: Duration, _ condition: @escaping @Sendable (EmulatorObservation) -> T?
    ) async throws(CarWindowTestingError) -> T {
        if Task.isCancelled { throw Self.cancelled(what) }
        if let value = condition(observation) { return value }
        if observation.ended {
            throw CarWindowTestingError(.timeout, "\(what): the emulator stopped first; it saw: \(observation.summary)")
        }
        let id = nextID
        nextID += 1
        let result: Result<T, CarWindowTestingError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiters[id] = { observation in
                    guard let value = condition(observation) else { return false }
                    continuation.resume(returning: .success(value))
                    return true
                }
                failures[id] = { error in continuation.resume(returning: .failure(error)) }
                timers[id] = Task { [weak self] in
                    // The deadline, not a synchronisation: the wait ends earlier as soon as its condition holds, and
                    // this timer is cancelled then.
                    guard (try? await Task.sleep(for: timeout)) != nil else { return }
                    await self?.expire(id, CarWindowTestingError(.timeout, "\(what): nothing within \(timeout)"))
                }
                // Cancelled before the waiter was in place: the handler below found nothing to end.
                if Task.isCancelled { expire(id, Self.cancelled(what)) }
            }
        } onCancel: {
            Task { await self.expire(id, Self.cancelled(what)) }
        }
        return try result.get()
    }

    private static func cancelled(_ what: String) -> CarWindowTestingError {
        CarWindowTestingError(.cancelled, "\(what): the waiting task was cancelled")
    }

    private func expire(_ id: Int, _ error: CarWindowTestingError) {
        timers.removeValue(forKey: id)?.cancel()
        guard let fail = failures.removeValue(forKey: id) else { return }
        waiters[id] = nil
        fail(CarWindowTestingError(error.kind, "\(error.description); the emulator saw: \(observation.summary)"))
    }

    private func wake() {
        for (id, waiter) in waiters where waiter(observation) {
            waiters[id] = nil
            failures[id] = nil
            timers.removeValue(forKey: id)?.cancel()
        }
    }
}
