// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public import SDLWire

/// Generic Response is sent, when the name of a received msg cannot be retrieved. Only used in case of an error.
/// Currently, only resultCode INVALID_DATA is used.
///
/// The `GenericResponse` response, function id 31 (0x1F).
public struct GenericResponse: RPCResponse, Hashable {
    public static let functionID = FunctionID.genericResponse

    /// true, if successful; false, if failed
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
