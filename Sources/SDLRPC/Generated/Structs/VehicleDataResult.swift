// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Individual published data request result
public struct VehicleDataResult: Codable, Hashable, Sendable {
    /// Defined published data element type.
    public var dataType: VehicleDataType

    /// Published data result code.
    public var resultCode: VehicleDataResultCode

    /// Type of requested oem specific parameter
    public var oemCustomDataType: String?

    /// Creates a value from its fields; optional fields default to absent.
    public init(dataType: VehicleDataType, resultCode: VehicleDataResultCode, oemCustomDataType: String? = nil) {
        self.dataType = dataType
        self.resultCode = resultCode
        self.oemCustomDataType = oemCustomDataType
    }
}
