// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// The supported dimensions of the GPS
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct Dimension: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// No GPS at all
    public static let noFix = Dimension(rawValue: "NO_FIX")

    /// Longitude and latitude
    public static let dimension2d = Dimension(rawValue: "2D")

    /// Longitude and latitude and altitude
    public static let dimension3d = Dimension(rawValue: "3D")
}
