// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public import SDLWire

/// Send the spatial data gathered from SDLCarWindow or VirtualDisplayEncoder to the HMI. This data will be utilized by
/// the HMI to determine how and when haptic events should occur
///
/// The `SendHapticData` request, function id 49 (0x31).
public struct SendHapticData: RPCRequest, Hashable {
    public typealias Response = SendHapticDataResponse

    public static let functionID = FunctionID.sendHapticData

    /// Array of spatial data structures that represent the locations of all user controls present on the HMI. This data
    /// should be updated if/when the application presents a new screen. When a request is sent, if successful, it will
    /// replace all spatial data previously sent through RPC. If an empty array is sent, the existing spatial data will
    /// be cleared 0...1000 items.
    public var hapticRectData: [HapticRect]?

    /// Creates a value from its fields; optional fields default to absent.
    public init(hapticRectData: [HapticRect]? = nil) {
        self.hapticRectData = hapticRectData
    }
}

/// The `SendHapticData` response, function id 49 (0x31).
public struct SendHapticDataResponse: RPCResponse, Hashable {
    public static let functionID = FunctionID.sendHapticData

    /// true if successful; false if failed
    public var success: Bool

    /// Provides additional human readable info regarding the result. At most 1000 characters.
    public var info: String?

    /// See Result
    public var resultCode: ResultCode

    /// Creates a value from its fields; optional fields default to absent.
    public init(success: Bool, info: String? = nil, resultCode: ResultCode) {
        self.success = success
        self.info = info
        self.resultCode = resultCode
    }
}
