// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Describes the capabilities of a single keyboard layout.
public struct KeyboardLayoutCapability: Codable, Hashable, Sendable {
    public var keyboardLayout: KeyboardLayout

    /// Number of keys available for special characters, App can customize as per their needs. Range 0...10.
    public var numConfigurableKeys: Int

    /// Creates a value from its fields; optional fields default to absent.
    public init(keyboardLayout: KeyboardLayout, numConfigurableKeys: Int) {
        self.keyboardLayout = keyboardLayout
        self.numConfigurableKeys = numConfigurableKeys
    }
}
