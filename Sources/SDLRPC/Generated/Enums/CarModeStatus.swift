// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Reflects the status of the current car mode.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct CarModeStatus: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let normal = CarModeStatus(rawValue: "NORMAL")

    public static let factory = CarModeStatus(rawValue: "FACTORY")

    public static let transport = CarModeStatus(rawValue: "TRANSPORT")

    public static let crash = CarModeStatus(rawValue: "CRASH")
}
