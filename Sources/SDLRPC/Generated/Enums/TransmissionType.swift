// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Type of transmission used in the vehicle.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct TransmissionType: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// Manual transmission.
    public static let manual = TransmissionType(rawValue: "MANUAL")

    /// Automatic transmission.
    public static let automatic = TransmissionType(rawValue: "AUTOMATIC")

    /// Semi automatic transmission.
    public static let semiAutomatic = TransmissionType(rawValue: "SEMI_AUTOMATIC")

    /// Dual clutch transmission.
    public static let dualClutch = TransmissionType(rawValue: "DUAL_CLUTCH")

    /// Continuously variable transmission(CVT).
    public static let continuouslyVariable = TransmissionType(rawValue: "CONTINUOUSLY_VARIABLE")

    /// Infinitely variable transmission.
    public static let infinitelyVariable = TransmissionType(rawValue: "INFINITELY_VARIABLE")

    /// Electric variable transmission.
    public static let electricVariable = TransmissionType(rawValue: "ELECTRIC_VARIABLE")

    /// Direct drive between engine and wheels.
    public static let directDrive = TransmissionType(rawValue: "DIRECT_DRIVE")
}
