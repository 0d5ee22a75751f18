// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct WindowTypeCapabilities: Codable, Hashable, Sendable {
    public var type: WindowType

    public var maximumNumberOfWindows: Int

    /// Creates a value from its fields; optional fields default to absent.
    public init(type: WindowType, maximumNumberOfWindows: Int) {
        self.type = type
        self.maximumNumberOfWindows = maximumNumberOfWindows
    }
}
