// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Reflects the status of ignition.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct IgnitionStatus: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let unknown = IgnitionStatus(rawValue: "UNKNOWN")

    public static let off = IgnitionStatus(rawValue: "OFF")

    public static let accessory = IgnitionStatus(rawValue: "ACCESSORY")

    public static let run = IgnitionStatus(rawValue: "RUN")

    public static let start = IgnitionStatus(rawValue: "START")

    public static let invalid = IgnitionStatus(rawValue: "INVALID")
}
