// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Enumeration listing possible app types.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct AppHMIType: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let `default` = AppHMIType(rawValue: "DEFAULT")

    public static let communication = AppHMIType(rawValue: "COMMUNICATION")

    public static let media = AppHMIType(rawValue: "MEDIA")

    public static let messaging = AppHMIType(rawValue: "MESSAGING")

    public static let navigation = AppHMIType(rawValue: "NAVIGATION")

    public static let information = AppHMIType(rawValue: "INFORMATION")

    public static let social = AppHMIType(rawValue: "SOCIAL")

    public static let backgroundProcess = AppHMIType(rawValue: "BACKGROUND_PROCESS")

    public static let testing = AppHMIType(rawValue: "TESTING")

    public static let system = AppHMIType(rawValue: "SYSTEM")

    public static let projection = AppHMIType(rawValue: "PROJECTION")

    public static let remoteControl = AppHMIType(rawValue: "REMOTE_CONTROL")

    public static let webView = AppHMIType(rawValue: "WEB_VIEW")
}
