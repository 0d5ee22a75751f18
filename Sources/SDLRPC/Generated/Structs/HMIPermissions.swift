// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct HMIPermissions: Codable, Hashable, Sendable {
    /// A set of all HMI levels that are permitted for this given RPC. 0...100 items.
    public var allowed: [HMILevel]

    /// A set of all HMI levels that are prohibited for this given RPC. 0...100 items.
    public var userDisallowed: [HMILevel]

    /// Creates a value from its fields; optional fields default to absent.
    public init(allowed: [HMILevel], userDisallowed: [HMILevel]) {
        self.allowed = allowed
        self.userDisallowed = userDisallowed
    }
}
