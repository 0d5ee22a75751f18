/// One focusable item of a window's layout: a control, a focusable view, a list row or a canvas's haptic region,
/// as the head unit's haptic data (its knob's focus, its touch targets) is made of them.
///
/// The id is the item's for as long as it exists, across layouts and scrolling (a reused list row keeps its row's
/// id); the rect is the part of it that shows, in window points. The projection multiplies the rect by the display
/// scale and rounds its edges to whole head-unit pixels when it sends it (CarWindow's `HapticRect(_:scale:)`).
///
/// ```swift
/// for item in window.focusableItems() {
///     print(item.id, item.rect)   // 1 (20.0, 20.0, 100.0, 50.0)
/// }
/// ```
public struct FocusableItem: Hashable, Sendable {
    /// The item's id, kept across layouts.
    public var id: Int
    /// Its visible part, in window points.
    public var rect: Rect

    public init(id: Int, rect: Rect) {
        self.id = id
        self.rect = rect
    }
}
