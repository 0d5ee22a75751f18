/// The clock every wait of a session runs on: reply timeouts, the TLS handshake deadline and the secondary
/// transport's timers. It wraps any `Clock<Duration>` (`ContinuousClock` by default, a manual clock in tests) so
/// that ``SDLSession`` stays one non-generic type.
///
/// Its instants count the time since the wrapper was made, which keeps them plain values the pure state machines can
/// compare and tests can write down.
///
/// ```swift
/// let clock = SessionClock(ContinuousClock())
/// try await clock.sleep(until: clock.now.advanced(by: .seconds(1)), tolerance: nil)
/// ```
struct SessionClock: Clock {
    /// A point on the session's clock: the time since the clock was made.
    struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
        var offset: Duration

        init(offset: Duration) { self.offset = offset }

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }

        var description: String { "\(offset)" }
    }

    private let elapsed: @Sendable () -> Duration
    private let sleeper: @Sendable (Duration, Duration?) async throws -> Void
    let minimumResolution: Duration

    init<Base: Clock<Duration>>(_ base: Base) {
        let origin = base.now
        elapsed = { origin.duration(to: base.now) }
        sleeper = { offset, tolerance in try await base.sleep(until: origin.advanced(by: offset), tolerance: tolerance)
        }
        minimumResolution = base.minimumResolution
    }

    var now: Instant { Instant(offset: elapsed()) }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try await sleeper(deadline.offset, tolerance)
    }
}
