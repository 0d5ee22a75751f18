// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public import SDLWire

/// On-screen keyboard event.
///
/// The `OnKeyboardInput` notification, function id 32779 (0x800B).
public struct OnKeyboardInput: RPCNotification, Hashable {
    public static let functionID = FunctionID.onKeyboardInput

    /// On-screen keyboard input data.
    public var event: KeyboardEvent

    /// On-screen keyboard input data. At most 500 characters.
    public var data: String?

    /// Creates a value from its fields; optional fields default to absent.
    public init(event: KeyboardEvent, data: String? = nil) {
        self.event = event
        self.data = data
    }
}
