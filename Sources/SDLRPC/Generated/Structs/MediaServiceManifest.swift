// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct MediaServiceManifest: Codable, Hashable, Sendable {
    /// Creates a value from its fields; optional fields default to absent.
    public init() {
    }
}
