// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// The selected gear.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct PRNDL: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// Parking
    public static let park = PRNDL(rawValue: "PARK")

    /// Reverse gear
    public static let reverse = PRNDL(rawValue: "REVERSE")

    /// No gear
    public static let neutral = PRNDL(rawValue: "NEUTRAL")

    /// Regular Drive mode
    public static let drive = PRNDL(rawValue: "DRIVE")

    /// Drive Sport mode
    public static let sport = PRNDL(rawValue: "SPORT")

    /// 1st gear hold
    public static let lowgear = PRNDL(rawValue: "LOWGEAR")

    public static let first = PRNDL(rawValue: "FIRST")

    public static let second = PRNDL(rawValue: "SECOND")

    public static let third = PRNDL(rawValue: "THIRD")

    public static let fourth = PRNDL(rawValue: "FOURTH")

    public static let fifth = PRNDL(rawValue: "FIFTH")

    public static let sixth = PRNDL(rawValue: "SIXTH")

    public static let seventh = PRNDL(rawValue: "SEVENTH")

    public static let eighth = PRNDL(rawValue: "EIGHTH")

    public static let ninth = PRNDL(rawValue: "NINTH")

    public static let tenth = PRNDL(rawValue: "TENTH")

    public static let unknown = PRNDL(rawValue: "UNKNOWN")

    public static let fault = PRNDL(rawValue: "FAULT")
}
