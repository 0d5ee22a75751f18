// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Reflects the current primary audio source (if selected).
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct PrimaryAudioSource: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let noSourceSelected = PrimaryAudioSource(rawValue: "NO_SOURCE_SELECTED")

    public static let cd = PrimaryAudioSource(rawValue: "CD")

    public static let usb = PrimaryAudioSource(rawValue: "USB")

    public static let usb2 = PrimaryAudioSource(rawValue: "USB2")

    public static let bluetoothStereoBtst = PrimaryAudioSource(rawValue: "BLUETOOTH_STEREO_BTST")

    public static let lineIn = PrimaryAudioSource(rawValue: "LINE_IN")

    public static let ipod = PrimaryAudioSource(rawValue: "IPOD")

    public static let mobileApp = PrimaryAudioSource(rawValue: "MOBILE_APP")

    public static let am = PrimaryAudioSource(rawValue: "AM")

    public static let fm = PrimaryAudioSource(rawValue: "FM")

    public static let xm = PrimaryAudioSource(rawValue: "XM")

    public static let dab = PrimaryAudioSource(rawValue: "DAB")
}
