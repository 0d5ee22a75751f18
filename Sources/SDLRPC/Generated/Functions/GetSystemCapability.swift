// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public import SDLWire

/// Request for expanded information about a supported system/HMI capability
///
/// The `GetSystemCapability` request, function id 48 (0x30).
public struct GetSystemCapability: RPCRequest, Hashable {
    public typealias Response = GetSystemCapabilityResponse

    public static let functionID = FunctionID.getSystemCapability

    /// The type of system capability to get more information on
    public var systemCapabilityType: SystemCapabilityType

    /// Flag to subscribe to updates of the supplied service capability type. If true, the requester will be subscribed.
    /// If false, the requester will not be subscribed and be removed as a subscriber if it was previously subscribed.
    public var subscribe: Bool?

    /// Creates a value from its fields; optional fields default to absent.
    public init(systemCapabilityType: SystemCapabilityType, subscribe: Bool? = nil) {
        self.systemCapabilityType = systemCapabilityType
        self.subscribe = subscribe
    }
}

/// The `GetSystemCapability` response, function id 48 (0x30).
public struct GetSystemCapabilityResponse: RPCResponse, Hashable {
    public static let functionID = FunctionID.getSystemCapability

    public var systemCapability: SystemCapability?

    /// See Result
    public var resultCode: ResultCode

    /// Provides additional human readable info regarding the result. At most 1000 characters.
    public var info: String?

    /// true if successful; false, if failed
    public var success: Bool

    /// Creates a value from its fields; optional fields default to absent.
    public init(systemCapability: SystemCapability? = nil, resultCode: ResultCode, info: String? = nil, success: Bool) {
        self.systemCapability = systemCapability
        self.resultCode = resultCode
        self.info = info
        self.success = success
    }
}
