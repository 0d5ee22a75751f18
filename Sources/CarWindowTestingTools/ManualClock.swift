import Synchronization

/// A clock that moves only when a test moves it: timers, pacing, gesture windows and statistics without sleeps.
///
/// Code under test that sleeps on it suspends until ``advance(by:)`` (or ``advance(to:)``) reaches its deadline;
/// ``waitForSleeper()`` lets the test wait until that code has gone to sleep, so no real time passes. For code that
/// must never sleep, ``Sleeping/fails`` makes a sleep throw instead of hanging, which shows the bug at once.
///
/// ```swift
/// let clock = ManualClock()
/// let pacer = Task { try await clock.sleep(for: .milliseconds(40)) }
/// await clock.waitForSleeper()
/// clock.advance(by: .milliseconds(40))     // the sleeper wakes
/// try await pacer.value
/// ```
@available(macOS 15.0, *)
public final class ManualClock: Clock, Sendable {
    /// A point on the manual clock: the time since it was made.
    public struct Instant: InstantProtocol, Hashable, Sendable {
        public var offset: Duration

        public init(offset: Duration) { self.offset = offset }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    /// What a sleep on this clock does.
    public enum Sleeping: Sendable {
        /// Suspends until the clock is advanced past the deadline (or the task is cancelled).
        case suspends
        /// Throws `CancellationError` at once: for code under test that must never sleep.
        case fails
    }

    private struct Sleeper {
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Instant
        var nextID = 0
        var sleepers: [Int: Sleeper] = [:]
        var sleeperWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>
    private let sleeping: Sleeping

    /// - Parameters:
    ///   - start: where the clock starts (some code treats an instant of zero specially; start later to avoid it).
    ///   - sleeping: what a sleep does.
    public init(startingAt start: Duration = .zero, sleeping: Sleeping = .suspends) {
        state = Mutex(State(now: Instant(offset: start)))
        self.sleeping = sleeping
    }

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }

    /// The time since the clock's start instant of zero.
    public var elapsed: Duration { now.offset }

    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        guard sleeping == .suspends else { throw CancellationError() }
        try Task.checkCancellation()
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Registration {
                    case due, cancelled
                    case sleeping([CheckedContinuation<Void, Never>])
                }
                let registration = state.withLock { state -> Registration in
                    if deadline <= state.now { return .due }
                    // A cancel that came after the check above and before this lock ran its handler when there was
                    // no sleeper to resume: registering now would sleep for ever. The task's flag is set before
                    // the handler runs, and the handler takes this lock, so one of the two always sees the other.
                    if Task.isCancelled { return .cancelled }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    defer { state.sleeperWaiters.removeAll() }
                    return .sleeping(state.sleeperWaiters)
                }
                switch registration {
                case .due: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .sleeping(let waiters): for waiter in waiters { waiter.resume() }
                }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `duration` and wakes every sleeper whose deadline has come.
    public func advance(by duration: Duration) {
        move { $0.advanced(by: duration) }
    }

    /// Moves time forward to `instant` (never back) and wakes every sleeper whose deadline has come.
    public func advance(to instant: Instant) {
        move { max($0, instant) }
    }

    /// Moves time forward to `offset` after the zero instant (never back).
    public func advance(to offset: Duration) {
        advance(to: Instant(offset: offset))
    }

    /// Returns once some task sleeps on this clock (at once if one already does).
    public func waitForSleeper() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if !state.sleepers.isEmpty { return true }
                state.sleeperWaiters.append(continuation)
                return false
            }
            if ready { continuation.resume() }
        }
    }

    private func move(_ next: (Instant) -> Instant) {
        let due = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.now = next(state.now)
            let now = state.now
            let ids = state.sleepers.filter { $0.value.deadline <= now }.map(\.key)
            return ids.compactMap { state.sleepers.removeValue(forKey: $0)?.continuation }
        }
        for continuation in due { continuation.resume() }
    }
}
