// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct TouchCoord: Codable, Hashable, Sendable {
    /// The x coordinate of the touch. Range 0...10000.
    public var x: Int

    /// The y coordinate of the touch. Range 0...10000.
    public var y: Int

    /// Creates a value from its fields; optional fields default to absent.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}
