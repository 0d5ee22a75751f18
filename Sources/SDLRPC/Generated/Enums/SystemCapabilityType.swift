// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Enumerations of all available system capability types
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct SystemCapabilityType: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let navigation = SystemCapabilityType(rawValue: "NAVIGATION")

    public static let phoneCall = SystemCapabilityType(rawValue: "PHONE_CALL")

    public static let videoStreaming = SystemCapabilityType(rawValue: "VIDEO_STREAMING")

    public static let remoteControl = SystemCapabilityType(rawValue: "REMOTE_CONTROL")

    public static let appServices = SystemCapabilityType(rawValue: "APP_SERVICES")

    public static let seatLocation = SystemCapabilityType(rawValue: "SEAT_LOCATION")

    public static let displays = SystemCapabilityType(rawValue: "DISPLAYS")

    public static let driverDistraction = SystemCapabilityType(rawValue: "DRIVER_DISTRACTION")
}
