// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct RGBColor: Codable, Hashable, Sendable {
    /// Range 0...255.
    public var red: Int

    /// Range 0...255.
    public var green: Int

    /// Range 0...255.
    public var blue: Int

    /// Creates a value from its fields; optional fields default to absent.
    public init(red: Int, green: Int, blue: Int) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}
