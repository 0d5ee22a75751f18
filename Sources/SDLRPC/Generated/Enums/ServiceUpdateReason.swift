// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct ServiceUpdateReason: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// The service has just been published with the module and once activated to the primary service of its type, it
    /// will be ready for possible consumption.
    public static let published = ServiceUpdateReason(rawValue: "PUBLISHED")

    /// The service has just been unpublished with the module and is no longer accessible
    public static let removed = ServiceUpdateReason(rawValue: "REMOVED")

    /// The service is activated as the primary service of this type. All requests dealing with this service type will
    /// be handled by this service.
    public static let activated = ServiceUpdateReason(rawValue: "ACTIVATED")

    /// The service has been deactivated as the primary service of its type
    public static let deactivated = ServiceUpdateReason(rawValue: "DEACTIVATED")

    /// The service has updated its manifest. This could imply updated capabilities
    public static let manifestUpdate = ServiceUpdateReason(rawValue: "MANIFEST_UPDATE")
}
