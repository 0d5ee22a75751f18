// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Enumeration that describes possible contexts an app's HMI might be in. Communicated to whichever app is in HMI FULL,
/// except Alert.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct SystemContext: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// The app's persistent display (whether media/non-media/navigation) is fully visible onscreen.
    public static let main = SystemContext(rawValue: "MAIN")

    /// The system is currently in a VR session (with whatever dedicated VR screen being overlaid onscreen).
    public static let vrsession = SystemContext(rawValue: "VRSESSION")

    /// The system is currently displaying an in-App menu onscreen.
    public static let menu = SystemContext(rawValue: "MENU")

    /// The app's display HMI is currently being obscured by either a system or other app's overlay.
    public static let hmiObscured = SystemContext(rawValue: "HMI_OBSCURED")

    /// Broadcast only to whichever app has an alert currently being displayed.
    public static let alert = SystemContext(rawValue: "ALERT")
}
