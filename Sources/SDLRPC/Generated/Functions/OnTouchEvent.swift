// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public import SDLWire

/// Notifies about touch events on the screen's prescribed area
///
/// The `OnTouchEvent` notification, function id 32780 (0x800C).
public struct OnTouchEvent: RPCNotification, Hashable {
    public static let functionID = FunctionID.onTouchEvent

    /// The type of touch event.
    public var type: TouchType

    /// List of all individual touches involved in this event. 1...10 items.
    public var event: [TouchEvent]

    /// Creates a value from its fields; optional fields default to absent.
    public init(type: TouchType, event: [TouchEvent]) {
        self.type = type
        self.event = event
    }
}
