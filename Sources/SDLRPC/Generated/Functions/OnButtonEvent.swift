// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public import SDLWire

/// Notifies application of UP/DOWN events for buttons to which the application is subscribed.
///
/// The `OnButtonEvent` notification, function id 32770 (0x8002).
public struct OnButtonEvent: RPCNotification, Hashable {
    public static let functionID = FunctionID.onButtonEvent

    public var buttonName: ButtonName

    /// Indicates whether this is an UP or DOWN event.
    public var buttonEventMode: ButtonEventMode

    /// If ButtonName is "CUSTOM_BUTTON", this references the integer ID passed by a custom button. (e.g. softButton ID)
    /// Range 0...65536.
    public var customButtonID: Int?

    /// Creates a value from its fields; optional fields default to absent.
    public init(buttonName: ButtonName, buttonEventMode: ButtonEventMode, customButtonID: Int? = nil) {
        self.buttonName = buttonName
        self.buttonEventMode = buttonEventMode
        self.customButtonID = customButtonID
    }
}
