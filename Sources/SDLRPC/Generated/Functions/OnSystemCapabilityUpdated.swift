// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public import SDLWire

/// A notification to inform the connected device that a specific system capability has changed.
///
/// The `OnSystemCapabilityUpdated` notification, function id 32787 (0x8013).
public struct OnSystemCapabilityUpdated: RPCNotification, Hashable {
    public static let functionID = FunctionID.onSystemCapabilityUpdated

    /// The system capability that has been updated
    public var systemCapability: SystemCapability

    /// Creates a value from its fields; optional fields default to absent.
    public init(systemCapability: SystemCapability) {
        self.systemCapability = systemCapability
    }
}
