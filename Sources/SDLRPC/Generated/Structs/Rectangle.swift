// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct Rectangle: Codable, Hashable, Sendable {
    /// The upper left X-coordinate of the rectangle
    public var x: Double

    /// The upper left Y-coordinate of the rectangle
    public var y: Double

    /// The width of the rectangle
    public var width: Double

    /// The height of the rectangle
    public var height: Double

    /// Creates a value from its fields; optional fields default to absent.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
