// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Reflects the emergency event status of the vehicle.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct EmergencyEventType: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let noEvent = EmergencyEventType(rawValue: "NO_EVENT")

    public static let frontal = EmergencyEventType(rawValue: "FRONTAL")

    public static let side = EmergencyEventType(rawValue: "SIDE")

    public static let rear = EmergencyEventType(rawValue: "REAR")

    public static let rollover = EmergencyEventType(rawValue: "ROLLOVER")

    public static let notSupported = EmergencyEventType(rawValue: "NOT_SUPPORTED")

    public static let fault = EmergencyEventType(rawValue: "FAULT")
}
