/// Drops a touch event identical to the one just before it.
///
/// SDL Core delivers every `OnTouchEvent` once per app list the app is in (navigation and projection), so a
/// navigation app with `PROJECTION` gets each one twice with an identical payload (core-behaviour.md "Delivered
/// twice"). Without this, every tap would be a double tap and every pinch step would zoom twice. Only consecutive
/// copies are dropped: a real repeat (a second tap at the same place without timestamps) always has a different
/// event in between.
///
/// ```swift
/// var dedup = TouchEventDeduplicator()
/// dedup.accept(event)   // true
/// dedup.accept(event)   // false: the duplicate
/// ```
public struct TouchEventDeduplicator: Sendable {
    private var last: TouchNotification?

    public init() {}

    /// Returns `false` when `event` repeats the previous event exactly.
    public mutating func accept(_ event: TouchNotification) -> Bool {
        if event == last { return false }
        last = event
        return true
    }

    /// Forgets the previous event (after the stream restarts).
    public mutating func reset() { last = nil }
}
