/// Identifies one queued piece of audio, in the order it was pushed.
///
/// ```swift
/// let id = try await manager.push(prompt)
/// for await event in manager.events() {
///     if case .finished(id, .completed) = event { break }
/// }
/// ```
public struct AudioItemID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: UInt64

    public init(rawValue: UInt64) { self.rawValue = rawValue }

    public static func < (lhs: AudioItemID, rhs: AudioItemID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "item \(rawValue)" }
}

/// How a queued item's playback ended.
public enum AudioItemEnd: Hashable, Sendable {
    /// Every byte was sent and has had time to play on the head unit.
    case completed
    /// ``AudioStreamManager/pushAndPlay(_:)`` cut it off.
    case interrupted
    /// ``AudioStreamManager/stop()`` removed it (playing or still waiting).
    case flushed
    /// The audio service stopped (HMI level, the head unit's EndService, transport) while it was playing. Items
    /// still waiting stay queued and play when the service starts again.
    case serviceStopped
}
