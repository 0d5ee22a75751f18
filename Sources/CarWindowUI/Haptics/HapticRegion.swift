/// A tappable area of custom-drawn content (a pin on a ``Canvas`` map), in the canvas's coordinates.
///
/// The `key` names the region within its canvas; the locator gives each (canvas, key) pair a haptic id once and keeps
/// it, so the same pin keeps its id while the map moves.
///
/// ```swift
/// map.hapticRegions = pins.map { HapticRegion(key: $0.name, rect: $0.hitRect) }
/// ```
public struct HapticRegion: Hashable, Sendable {
    public var key: String
    public var rect: Rect

    public init(key: String, rect: Rect) {
        self.key = key
        self.rect = rect
    }
}
