// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public import SDLWire

/// Provides update to app of which policy-table-enabled functions are available
///
/// The `OnPermissionsChange` notification, function id 32776 (0x8008).
public struct OnPermissionsChange: RPCNotification, Hashable {
    public static let functionID = FunctionID.onPermissionsChange

    /// Change in permissions for a given set of RPCs 0...500 items.
    public var permissionItem: [PermissionItem]

    public var requireEncryption: Bool?

    /// Creates a value from its fields; optional fields default to absent.
    public init(permissionItem: [PermissionItem], requireEncryption: Bool? = nil) {
        self.permissionItem = permissionItem
        self.requireEncryption = requireEncryption
    }
}
