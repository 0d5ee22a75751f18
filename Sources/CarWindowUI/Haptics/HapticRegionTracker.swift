/// Remembers the focusable items last reported, so they are reported again only when they really changed.
///
/// The first update is always reported (even empty, which clears whatever a previous session left on the head
/// unit); after that an update is reported only when the items differ, in content or order (the first item is the
/// preferred one). An empty array means "clear".
///
/// ```swift
/// var tracker = HapticRegionTracker()
/// if let changed = tracker.update(window.focusableItems()) { print(changed.count) }
/// ```
public struct HapticRegionTracker: Sendable {
    private var lastSent: [FocusableItem]?

    public init() {}

    /// Returns `items` when they differ from the last reported set, else `nil`.
    public mutating func update(_ items: [FocusableItem]) -> [FocusableItem]? {
        guard items != lastSent else { return nil }
        lastSent = items
        return items
    }

    /// Forgets what was sent, so the next update is reported (a new session, or haptics re-enabled).
    public mutating func reset() { lastSent = nil }
}
