// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public import SDLWire

/// Subscribes to built-in HMI buttons. The application will be notified by the OnButtonEvent and OnButtonPress. To
/// unsubscribe the notifications, use unsubscribeButton.
///
/// The `SubscribeButton` request, function id 18 (0x12).
public struct SubscribeButton: RPCRequest, Hashable {
    public typealias Response = SubscribeButtonResponse

    public static let functionID = FunctionID.subscribeButton

    /// Name of the button to subscribe.
    public var buttonName: ButtonName

    /// Creates a value from its fields; optional fields default to absent.
    public init(buttonName: ButtonName) {
        self.buttonName = buttonName
    }
}

/// The `SubscribeButton` response, function id 18 (0x12).
public struct SubscribeButtonResponse: RPCResponse, Hashable {
    public static let functionID = FunctionID.subscribeButton

    /// true if successful; false, if failed
    public var success: Bool

    /// See Result
    public var resultCode: ResultCode

    /// Provides additional human readable info regarding the result. At most 1000 characters.
    public var info: String?

    /// Creates a value from its fields; optional fields default to absent.
    public init(success: Bool, resultCode: ResultCode, info: String? = nil) {
        self.success = success
        self.resultCode = resultCode
        self.info = info
    }
}
