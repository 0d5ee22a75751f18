// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// The volume status of a vehicle component.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct ComponentVolumeStatus: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let unknown = ComponentVolumeStatus(rawValue: "UNKNOWN")

    public static let normal = ComponentVolumeStatus(rawValue: "NORMAL")

    public static let low = ComponentVolumeStatus(rawValue: "LOW")

    public static let fault = ComponentVolumeStatus(rawValue: "FAULT")

    public static let alert = ComponentVolumeStatus(rawValue: "ALERT")

    public static let notSupported = ComponentVolumeStatus(rawValue: "NOT_SUPPORTED")
}
