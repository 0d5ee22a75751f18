// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Reflects the reported battery status of the connected device, if reported.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct DeviceLevelStatus: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let zeroLevelBars = DeviceLevelStatus(rawValue: "ZERO_LEVEL_BARS")

    public static let oneLevelBars = DeviceLevelStatus(rawValue: "ONE_LEVEL_BARS")

    public static let twoLevelBars = DeviceLevelStatus(rawValue: "TWO_LEVEL_BARS")

    public static let threeLevelBars = DeviceLevelStatus(rawValue: "THREE_LEVEL_BARS")

    public static let fourLevelBars = DeviceLevelStatus(rawValue: "FOUR_LEVEL_BARS")

    public static let notProvided = DeviceLevelStatus(rawValue: "NOT_PROVIDED")
}
