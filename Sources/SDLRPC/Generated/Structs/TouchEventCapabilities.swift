// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct TouchEventCapabilities: Codable, Hashable, Sendable {
    public var pressAvailable: Bool

    public var multiTouchAvailable: Bool

    public var doublePressAvailable: Bool

    /// Creates a value from its fields; optional fields default to absent.
    public init(pressAvailable: Bool, multiTouchAvailable: Bool, doublePressAvailable: Bool) {
        self.pressAvailable = pressAvailable
        self.multiTouchAvailable = multiTouchAvailable
        self.doublePressAvailable = doublePressAvailable
    }
}
