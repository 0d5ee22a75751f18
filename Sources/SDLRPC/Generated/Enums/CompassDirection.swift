// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// The list of potential compass directions
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct CompassDirection: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let north = CompassDirection(rawValue: "NORTH")

    public static let northwest = CompassDirection(rawValue: "NORTHWEST")

    public static let west = CompassDirection(rawValue: "WEST")

    public static let southwest = CompassDirection(rawValue: "SOUTHWEST")

    public static let south = CompassDirection(rawValue: "SOUTH")

    public static let southeast = CompassDirection(rawValue: "SOUTHEAST")

    public static let east = CompassDirection(rawValue: "EAST")

    public static let northeast = CompassDirection(rawValue: "NORTHEAST")
}
