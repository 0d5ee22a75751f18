// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Reflects the status of a binary vehicle data item.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct VehicleDataStatus: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let noDataExists = VehicleDataStatus(rawValue: "NO_DATA_EXISTS")

    public static let off = VehicleDataStatus(rawValue: "OFF")

    public static let on = VehicleDataStatus(rawValue: "ON")
}
