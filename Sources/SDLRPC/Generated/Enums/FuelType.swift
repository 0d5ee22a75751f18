// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct FuelType: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let gasoline = FuelType(rawValue: "GASOLINE")

    public static let diesel = FuelType(rawValue: "DIESEL")

    /// For vehicles using compressed natural gas.
    public static let cng = FuelType(rawValue: "CNG")

    /// For vehicles using liquefied petroleum gas.
    public static let lpg = FuelType(rawValue: "LPG")

    /// For FCEV (fuel cell electric vehicle).
    public static let hydrogen = FuelType(rawValue: "HYDROGEN")

    /// For BEV (Battery Electric Vehicle), PHEV (Plug-in Hybrid Electric Vehicle), solar vehicles and other vehicles
    /// which run on a battery.
    public static let battery = FuelType(rawValue: "BATTERY")
}
