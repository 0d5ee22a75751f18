// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Enumeration listing possible asynchronous requests.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct RequestType: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let http = RequestType(rawValue: "HTTP")

    public static let fileResume = RequestType(rawValue: "FILE_RESUME")

    public static let authRequest = RequestType(rawValue: "AUTH_REQUEST")

    public static let authChallenge = RequestType(rawValue: "AUTH_CHALLENGE")

    public static let authAck = RequestType(rawValue: "AUTH_ACK")

    public static let proprietary = RequestType(rawValue: "PROPRIETARY")

    public static let queryApps = RequestType(rawValue: "QUERY_APPS")

    public static let launchApp = RequestType(rawValue: "LAUNCH_APP")

    public static let lockScreenIconUrl = RequestType(rawValue: "LOCK_SCREEN_ICON_URL")

    public static let trafficMessageChannel = RequestType(rawValue: "TRAFFIC_MESSAGE_CHANNEL")

    public static let driverProfile = RequestType(rawValue: "DRIVER_PROFILE")

    public static let voiceSearch = RequestType(rawValue: "VOICE_SEARCH")

    public static let navigation = RequestType(rawValue: "NAVIGATION")

    public static let phone = RequestType(rawValue: "PHONE")

    public static let climate = RequestType(rawValue: "CLIMATE")

    public static let settings = RequestType(rawValue: "SETTINGS")

    public static let vehicleDiagnostics = RequestType(rawValue: "VEHICLE_DIAGNOSTICS")

    public static let emergency = RequestType(rawValue: "EMERGENCY")

    public static let media = RequestType(rawValue: "MEDIA")

    public static let fota = RequestType(rawValue: "FOTA")

    public static let oemSpecific = RequestType(rawValue: "OEM_SPECIFIC")

    public static let iconUrl = RequestType(rawValue: "ICON_URL")
}
