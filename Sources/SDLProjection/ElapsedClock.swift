import ProjectionInput

/// A clock the projection holds as `any Clock<Duration>`, made concrete for the APIs that are generic over their
/// clock (the audio's ``SDLAudio/SessionAudioStream``): its instants are the time since it was made, and its sleeps
/// are the wrapped clock's. So a test that injects a manual clock paces the audio with it too.
///
/// ```swift
/// let clock = ElapsedClock(ContinuousClock())
/// try await clock.sleep(for: .milliseconds(20))
/// ```
struct ElapsedClock: Clock {
    let base: any Clock<Duration>
    private let reading: @Sendable () -> ElapsedInstant

    init(_ base: any Clock<Duration>) {
        self.base = base
        reading = ElapsedInstant.reader(of: base)
    }

    var now: ElapsedInstant { reading() }
    var minimumResolution: Duration { base.minimumResolution }

    func sleep(until deadline: ElapsedInstant, tolerance: Duration?) async throws {
        try await base.sleep(for: now.duration(to: deadline), tolerance: tolerance)
    }
}
