// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public import SDLWire

/// A notification to inform SDL Core that a specific app capability has changed.
///
/// The `OnAppCapabilityUpdated` notification, function id 32791 (0x8017).
public struct OnAppCapabilityUpdated: RPCNotification, Hashable {
    public static let functionID = FunctionID.onAppCapabilityUpdated

    /// The app capability that has been updated
    public var appCapability: AppCapability

    /// Creates a value from its fields; optional fields default to absent.
    public init(appCapability: AppCapability) {
        self.appCapability = appCapability
    }
}
