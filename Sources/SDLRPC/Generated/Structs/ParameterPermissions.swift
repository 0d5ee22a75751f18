// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct ParameterPermissions: Codable, Hashable, Sendable {
    /// A set of all parameters that are permitted for this given RPC. At most 100 characters. 0...100 items.
    public var allowed: [String]

    /// A set of all parameters that are prohibited for this given RPC. At most 100 characters. 0...100 items.
    public var userDisallowed: [String]

    /// Creates a value from its fields; optional fields default to absent.
    public init(allowed: [String], userDisallowed: [String]) {
        self.allowed = allowed
        self.userDisallowed = userDisallowed
    }
}
