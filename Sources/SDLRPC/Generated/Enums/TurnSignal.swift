// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Enumeration that describes the status of the turn light indicator.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct TurnSignal: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// Turn signal is OFF
    public static let off = TurnSignal(rawValue: "OFF")

    /// Left turn signal is on
    public static let left = TurnSignal(rawValue: "LEFT")

    /// Right turn signal is on
    public static let right = TurnSignal(rawValue: "RIGHT")

    /// Both signals (left and right) are on.
    public static let both = TurnSignal(rawValue: "BOTH")
}
