public import SDLRPC

/// Remembers the haptic rects last sent, so they are re-sent only when they really changed.
///
/// The first update is always reported (even empty, which clears whatever a previous session left on the head
/// unit); after that an update is reported only when the rects differ, in content or order (the first rect is the
/// preferred item). An empty array means "clear".
///
/// ```swift
/// var tracker = HapticRegionTracker()
/// if let changed = tracker.update(rects) { send(SendHapticData(changed)) }
/// ```
public struct HapticRegionTracker: Sendable {
    private var lastSent: [HapticRect]?

    public init() {}

    /// Returns `rects` when they differ from the last reported set, else `nil`.
    public mutating func update(_ rects: [HapticRect]) -> [HapticRect]? {
        guard rects != lastSent else { return nil }
        lastSent = rects
        return rects
    }

    /// Forgets what was sent, so the next update is reported (a new session, or haptics re-enabled).
    public mutating func reset() { lastSent = nil }
}
