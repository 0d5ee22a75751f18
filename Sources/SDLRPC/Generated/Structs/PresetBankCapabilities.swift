// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Contains information about on-screen preset capabilities.
public struct PresetBankCapabilities: Codable, Hashable, Sendable {
    /// Onscreen custom presets are available.
    public var onScreenPresetsAvailable: Bool

    /// Creates a value from its fields; optional fields default to absent.
    public init(onScreenPresetsAvailable: Bool) {
        self.onScreenPresetsAvailable = onScreenPresetsAvailable
    }
}
