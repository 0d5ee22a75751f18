// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Reflects the status of a vehicle data event; e.g. a seat belt event status.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct VehicleDataEventStatus: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let noEvent = VehicleDataEventStatus(rawValue: "NO_EVENT")

    public static let no = VehicleDataEventStatus(rawValue: "NO")

    public static let yes = VehicleDataEventStatus(rawValue: "YES")

    public static let notSupported = VehicleDataEventStatus(rawValue: "NOT_SUPPORTED")

    public static let fault = VehicleDataEventStatus(rawValue: "FAULT")
}
