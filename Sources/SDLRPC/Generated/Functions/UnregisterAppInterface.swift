// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public import SDLWire

/// Closes an interface from a mobile application. After unregisterAppInterface, no commands other than
/// registerAppInterface will be accepted/executed. Will fail, if no registerAppInterface was completed successfully
/// before.
///
/// The `UnregisterAppInterface` request, function id 2 (0x2).
public struct UnregisterAppInterface: RPCRequest, Hashable {
    public typealias Response = UnregisterAppInterfaceResponse

    public static let functionID = FunctionID.unregisterAppInterface

    /// Creates a value from its fields; optional fields default to absent.
    public init() {
    }
}

/// The `UnregisterAppInterface` response, function id 2 (0x2).
public struct UnregisterAppInterfaceResponse: RPCResponse, Hashable {
    public static let functionID = FunctionID.unregisterAppInterface

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
