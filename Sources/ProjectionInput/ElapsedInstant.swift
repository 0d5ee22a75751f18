/// Time since an origin, read from an injected clock: the instant a ``GestureRecognizer`` runs on when its owner holds
/// the clock as `any Clock<Duration>` (a projection's run) or only as a reading (a window).
///
/// ```swift
/// let clock = ContinuousClock()
/// let origin = clock.now
/// var recognizer = GestureRecognizer<ElapsedInstant>()
/// let actions = recognizer.frameTick(now: ElapsedInstant(offset: origin.duration(to: clock.now)))
/// ```
public struct ElapsedInstant: InstantProtocol, Hashable, Sendable {
    /// The time since the origin.
    public var offset: Duration

    public init(offset: Duration) {
        self.offset = offset
    }

    /// A reading of `clock` as the time since now: each call returns how long ago this function was called.
    public static func reader<C: Clock>(of clock: C) -> @Sendable () -> ElapsedInstant where C.Duration == Duration {
        let origin = clock.now
        return { ElapsedInstant(offset: origin.duration(to: clock.now)) }
    }

    public func advanced(by duration: Duration) -> ElapsedInstant { ElapsedInstant(offset: offset + duration) }
    public func duration(to other: ElapsedInstant) -> Duration { other.offset - offset }
    public static func < (lhs: ElapsedInstant, rhs: ElapsedInstant) -> Bool { lhs.offset < rhs.offset }
}
