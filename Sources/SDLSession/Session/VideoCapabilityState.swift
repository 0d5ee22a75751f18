public import SDLRPC

/// The last known video streaming capability, from two sources that do not agree in time.
///
/// SDL Core answers GetSystemCapability with its **start-up** value even after the HMI announced a new one
/// (core-8.2-resize.jsonl in Tests/HeadUnitTests/Fixtures/traces; `CoreQuirks.staleSystemCapability`):
/// OnSystemCapabilityUpdated is the only current source. So an answer is taken only while no notification has
/// arrived, and a notification is merged into what is known (fields it omits keep their value).
///
/// ```swift
/// var state = VideoCapabilityState()
/// state.applyNotification(update)   // 1024x600
/// state.applyResponse(stale)        // ignored: returns false
/// ```
public struct VideoCapabilityState: Hashable, Sendable {
    public private(set) var current: VideoStreamingCapability?
    /// Whether an OnSystemCapabilityUpdated has been seen.
    public private(set) var hasNotification = false

    public init() {}

    /// Takes a GetSystemCapability answer unless a notification already said something newer.
    /// - Returns: whether `current` changed.
    @discardableResult
    public mutating func applyResponse(_ capability: VideoStreamingCapability) -> Bool {
        guard !hasNotification, current != capability else { return false }
        current = capability
        return true
    }

    /// Merges an OnSystemCapabilityUpdated into the known value.
    /// - Returns: whether `current` changed.
    @discardableResult
    public mutating func applyNotification(_ update: VideoStreamingCapability) -> Bool {
        hasNotification = true
        let merged = current.map { $0.merging(update) } ?? update
        guard merged != current else { return false }
        current = merged
        return true
    }
}
