/// Drops a value identical to the one just before it.
///
/// SDL Core delivers every `OnTouchEvent` once per app list the app is in (navigation and projection), so a
/// navigation app with `PROJECTION` gets each one twice with an identical payload. Without this, every tap would be a
/// double tap and every pinch step would zoom twice. Only consecutive copies are dropped: a real repeat (a second tap
/// at the same place) always has a different event in between.
///
/// ```swift
/// var filter = ConsecutiveDuplicateFilter<OnTouchEvent>()
/// filter.accept(event)   // true
/// filter.accept(event)   // false: Core's duplicate
/// ```
public struct ConsecutiveDuplicateFilter<Value: Equatable & Sendable>: Sendable {
    private var last: Value?

    public init() {}

    /// Returns `false` when `value` repeats the previous value exactly.
    public mutating func accept(_ value: Value) -> Bool {
        if value == last { return false }
        last = value
        return true
    }

    /// Forgets the previous value (after the stream restarts).
    public mutating func reset() { last = nil }
}
