// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public import SDLWire

/// Notification containing an updated hashID which can be used over connection cycles (i.e. loss of connection,
/// ignition cycles, etc.). Sent after initial registration and subsequently after any change in the calculated hash of
/// all persisted app data.
///
/// The `OnHashChange` notification, function id 32782 (0x800E).
public struct OnHashChange: RPCNotification, Hashable {
    public static let functionID = FunctionID.onHashChange

    /// Calculated hash ID to be referenced during RegisterAppInterface. At most 100 characters.
    public var hashID: String

    /// Creates a value from its fields; optional fields default to absent.
    public init(hashID: String) {
        self.hashID = hashID
    }
}
