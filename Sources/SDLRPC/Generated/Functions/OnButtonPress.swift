// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public import SDLWire

/// Notifies application of LONG/SHORT press events for buttons to which the application is subscribed.
///
/// The `OnButtonPress` notification, function id 32771 (0x8003).
public struct OnButtonPress: RPCNotification, Hashable {
    public static let functionID = FunctionID.onButtonPress

    public var buttonName: ButtonName

    /// Indicates whether this is a LONG or SHORT button press event.
    public var buttonPressMode: ButtonPressMode

    /// If ButtonName is "CUSTOM_BUTTON", this references the integer ID passed by a custom button. (e.g. softButton ID)
    /// Range 0...65536.
    public var customButtonID: Int?

    /// Creates a value from its fields; optional fields default to absent.
    public init(buttonName: ButtonName, buttonPressMode: ButtonPressMode, customButtonID: Int? = nil) {
        self.buttonName = buttonName
        self.buttonPressMode = buttonPressMode
        self.customButtonID = customButtonID
    }
}
