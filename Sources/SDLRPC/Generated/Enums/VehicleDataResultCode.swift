// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Enumeration that describes possible result codes of a vehicle data entry request.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct VehicleDataResultCode: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// Individual vehicle data item / DTC / DID request or subscription successful
    public static let success = VehicleDataResultCode(rawValue: "SUCCESS")

    /// DTC / DID request successful, however, not all active DTCs or full contents of DID location available
    public static let truncatedData = VehicleDataResultCode(rawValue: "TRUNCATED_DATA")

    /// This vehicle data item is not allowed for this app by the OEM/Manufactorer of the connected module.
    public static let disallowed = VehicleDataResultCode(rawValue: "DISALLOWED")

    /// The user has not granted access to this type of vehicle data item at this time.
    public static let userDisallowed = VehicleDataResultCode(rawValue: "USER_DISALLOWED")

    /// The ECU ID referenced is not a valid ID on the bus / system.
    public static let invalidId = VehicleDataResultCode(rawValue: "INVALID_ID")

    /// The requested vehicle data item / DTC / DID is not currently available or responding on the bus / system.
    public static let vehicleDataNotAvailable = VehicleDataResultCode(rawValue: "VEHICLE_DATA_NOT_AVAILABLE")

    /// The vehicle data item is already subscribed.
    public static let dataAlreadySubscribed = VehicleDataResultCode(rawValue: "DATA_ALREADY_SUBSCRIBED")

    /// The vehicle data item cannot be unsubscribed because it is not currently subscribed.
    public static let dataNotSubscribed = VehicleDataResultCode(rawValue: "DATA_NOT_SUBSCRIBED")

    /// The request for this item is ignored because it is already in progress.
    public static let ignored = VehicleDataResultCode(rawValue: "IGNORED")
}
