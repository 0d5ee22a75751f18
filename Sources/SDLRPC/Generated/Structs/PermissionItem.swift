// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct PermissionItem: Codable, Hashable, Sendable {
    /// Name of the individual RPC in the policy table. At most 100 characters.
    public var rpcName: String

    public var hmiPermissions: HMIPermissions

    public var parameterPermissions: ParameterPermissions

    public var requireEncryption: Bool?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        rpcName: String,
        hmiPermissions: HMIPermissions,
        parameterPermissions: ParameterPermissions,
        requireEncryption: Bool? = nil
    ) {
        self.rpcName = rpcName
        self.hmiPermissions = hmiPermissions
        self.parameterPermissions = parameterPermissions
        self.requireEncryption = requireEncryption
    }
}
