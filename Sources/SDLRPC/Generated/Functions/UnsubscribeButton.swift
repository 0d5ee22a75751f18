// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public import SDLWire

/// Unsubscribes from built-in HMI buttons.
///
/// The `UnsubscribeButton` request, function id 19 (0x13).
public struct UnsubscribeButton: RPCRequest, Hashable {
    public typealias Response = UnsubscribeButtonResponse

    public static let functionID = FunctionID.unsubscribeButton

    /// Name of the button to unsubscribe.
    public var buttonName: ButtonName

    /// Creates a value from its fields; optional fields default to absent.
    public init(buttonName: ButtonName) {
        self.buttonName = buttonName
    }
}

/// The `UnsubscribeButton` response, function id 19 (0x13).
public struct UnsubscribeButtonResponse: RPCResponse, Hashable {
    public static let functionID = FunctionID.unsubscribeButton

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
