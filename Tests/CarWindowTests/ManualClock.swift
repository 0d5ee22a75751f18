import Synchronization

/// A clock that moves only when a test advances it: gesture timing without sleeps.
final class ManualClock: Clock, Sendable {
    struct Instant: InstantProtocol, Hashable, Sendable {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let current = Mutex(Instant(offset: .zero))

    var now: Instant { current.withLock { $0 } }
    var minimumResolution: Duration { .zero }

    func advance(by duration: Duration) {
        current.withLock { $0 = $0.advanced(by: duration) }
    }

    func advance(to instant: Instant) {
        current.withLock { $0 = max($0, instant) }
    }

    /// Nothing under test sleeps; a sleep would be a bug, so it fails instead of hanging.
    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        throw CancellationError()
    }
}
