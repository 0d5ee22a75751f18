// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public import SDLWire

/// The `OnAppInterfaceUnregistered` notification, function id 32769 (0x8001).
public struct OnAppInterfaceUnregistered: RPCNotification, Hashable {
    public static let functionID = FunctionID.onAppInterfaceUnregistered

    /// See AppInterfaceUnregisteredReason
    public var reason: AppInterfaceUnregisteredReason

    /// Creates a value from its fields; optional fields default to absent.
    public init(reason: AppInterfaceUnregisteredReason) {
        self.reason = reason
    }
}
