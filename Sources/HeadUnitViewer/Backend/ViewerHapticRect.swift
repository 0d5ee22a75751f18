/// One haptic rectangle the app sent (`SendHapticData`), in head-unit pixels.
///
/// ```swift
/// let zoomButton = ViewerHapticRect(id: 3, x: 700, y: 20, width: 80, height: 80)
/// ```
public struct ViewerHapticRect: Sendable, Hashable, Codable {
    /// The app's id for the rect.
    public var id: Int
    /// Left edge in head-unit pixels.
    public var x: Double
    /// Top edge in head-unit pixels.
    public var y: Double
    /// Width in head-unit pixels.
    public var width: Double
    /// Height in head-unit pixels.
    public var height: Double

    /// Creates a rect.
    public init(id: Int, x: Double, y: Double, width: Double, height: Double) {
        self.id = id
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    enum CodingKeys: String, CodingKey {
        case id, x, y
        case width = "w"
        case height = "h"
    }
}
