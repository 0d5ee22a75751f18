import SDLProjection

/// Drops a touch event identical to the one just before it (SDL Core delivers every `OnTouchEvent` twice to a
/// navigation app with `PROJECTION`): SDLProjection's `ConsecutiveDuplicateFilter`, the filter the projection's
/// `StreamingSession` applies to the notifications, for code that feeds ``Window/handleTouch(_:)`` head-unit events
/// directly.
///
/// ```swift
/// var dedup = TouchEventDeduplicator()
/// dedup.accept(event)   // true
/// dedup.accept(event)   // false: the duplicate
/// ```
public struct TouchEventDeduplicator: Sendable {
    private var filter = ConsecutiveDuplicateFilter<TouchNotification>()

    public init() {}

    /// Returns `false` when `event` repeats the previous event exactly.
    public mutating func accept(_ event: TouchNotification) -> Bool { filter.accept(event) }

    /// Forgets the previous event (after the stream restarts).
    public mutating func reset() { filter.reset() }
}
