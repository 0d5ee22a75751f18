/// The clock Core's delays run on: the activation after registration, the SetVideoConfig answer before a video
/// StartServiceACK, the NONE after a video NAK, the BACKGROUND end of a fed stream, the keyboard's timeout and the
/// TLS handshake's deadline.
///
/// It wraps any `Clock` measured in `Duration` (``HeadUnitEmulator/init(configuration:logger:clock:)``): the real
/// `ContinuousClock` by default, a manual clock in tests, so a test moves time past a delay instead of waiting it.
struct CoreClock: Sendable {
    /// A point on the clock: the time since the emulator was made.
    struct Instant: InstantProtocol, Hashable, Sendable {
        var offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let elapsed: @Sendable () -> Duration
    private let sleeper: @Sendable (Duration) async throws -> Void

    init<C: Clock<Duration> & Sendable>(_ clock: C) {
        let start = clock.now
        elapsed = { start.duration(to: clock.now) }
        sleeper = { delay in try await clock.sleep(until: start.advanced(by: delay), tolerance: nil) }
    }

    var now: Instant { Instant(offset: elapsed()) }

    /// Suspends until `deadline`; throws `CancellationError` when the task is cancelled first.
    func sleep(until deadline: Instant) async throws {
        try await sleeper(deadline.offset)
    }

    /// Suspends for `delay` from now.
    func sleep(for delay: Duration) async throws {
        try await sleep(until: now.advanced(by: delay))
    }
}
