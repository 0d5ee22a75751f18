// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Reflects the status of the ambient light sensor.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct AmbientLightStatus: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let night = AmbientLightStatus(rawValue: "NIGHT")

    public static let twilight1 = AmbientLightStatus(rawValue: "TWILIGHT_1")

    public static let twilight2 = AmbientLightStatus(rawValue: "TWILIGHT_2")

    public static let twilight3 = AmbientLightStatus(rawValue: "TWILIGHT_3")

    public static let twilight4 = AmbientLightStatus(rawValue: "TWILIGHT_4")

    public static let day = AmbientLightStatus(rawValue: "DAY")

    public static let unknown = AmbientLightStatus(rawValue: "UNKNOWN")

    public static let invalid = AmbientLightStatus(rawValue: "INVALID")
}
