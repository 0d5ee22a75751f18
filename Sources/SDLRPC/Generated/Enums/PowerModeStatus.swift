// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Reflects the status of the current power mode.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct PowerModeStatus: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let keyOut = PowerModeStatus(rawValue: "KEY_OUT")

    public static let keyRecentlyOut = PowerModeStatus(rawValue: "KEY_RECENTLY_OUT")

    public static let keyApproved0 = PowerModeStatus(rawValue: "KEY_APPROVED_0")

    public static let postAccesory0 = PowerModeStatus(rawValue: "POST_ACCESORY_0")

    public static let accesory1 = PowerModeStatus(rawValue: "ACCESORY_1")

    public static let postIgnition1 = PowerModeStatus(rawValue: "POST_IGNITION_1")

    public static let ignitionOn2 = PowerModeStatus(rawValue: "IGNITION_ON_2")

    public static let running2 = PowerModeStatus(rawValue: "RUNNING_2")

    public static let crank3 = PowerModeStatus(rawValue: "CRANK_3")
}
