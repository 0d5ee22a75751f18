/// Enforces strictly increasing presentation timestamps (sdl_ios rejects a PTS not after the previous one in
/// `SDLStreamingVideoLifecycleManager` `sendVideoData:presentationTimestamp:`), so a stale or duplicated frame is
/// refused with an error instead of confusing the decoder.
///
/// ```swift
/// var guardian = PresentationTimestampGuard()
/// try guardian.accept(.milliseconds(0))
/// try guardian.accept(.milliseconds(0)) // throws .nonMonotonicTimestamp
/// ```
public struct PresentationTimestampGuard: Sendable, Hashable {
    /// The last timestamp accepted, if any.
    public private(set) var last: Duration?

    /// Creates a guard that accepts any first timestamp.
    public init() {}

    /// Accepts `time` if it is later than the last accepted one.
    ///
    /// - Throws: ``MediaError/Kind/nonMonotonicTimestamp`` naming both timestamps; the guard is unchanged.
    public mutating func accept(_ time: Duration) throws(MediaError) {
        if let last, time <= last {
            throw MediaError(
                .nonMonotonicTimestamp,
                "presentation time \(time) is not after the previous frame's \(last)")
        }
        last = time
    }
}
