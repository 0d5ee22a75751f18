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

/// One haptic rectangle for the head unit, in head-unit pixels: SDL's `HapticRect` (`id` plus `rect` of Float
/// x, y, width, height). The adapter to `SendHapticData` maps it one to one.
///
/// ```swift
/// let rect = HapticRect(id: 1, x: 20, y: 20, width: 120, height: 60)
/// ```
public struct HapticRect: Hashable, Sendable, CustomStringConvertible {
    /// Stable for the same view (or canvas region) across layouts.
    public var id: Int
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(id: Int, x: Double, y: Double, width: Double, height: Double) {
        self.id = id
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var description: String {
        let origin = "\(x.compactDescription),\(y.compactDescription)"
        return "#\(id) \(origin) \(width.compactDescription)x\(height.compactDescription)"
    }
}
