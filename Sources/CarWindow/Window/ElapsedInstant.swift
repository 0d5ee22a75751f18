/// Time since the window was created, read from the clock the window was given; the gesture recognizer's instant.
struct ElapsedInstant: InstantProtocol, Hashable, Sendable {
    var offset: Duration

    func advanced(by duration: Duration) -> ElapsedInstant { ElapsedInstant(offset: offset + duration) }
    func duration(to other: ElapsedInstant) -> Duration { other.offset - offset }
    static func < (lhs: ElapsedInstant, rhs: ElapsedInstant) -> Bool { lhs.offset < rhs.offset }
}
