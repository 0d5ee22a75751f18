// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Reflects the status of the wipers.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct WiperStatus: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let off = WiperStatus(rawValue: "OFF")

    public static let autoOff = WiperStatus(rawValue: "AUTO_OFF")

    public static let offMoving = WiperStatus(rawValue: "OFF_MOVING")

    public static let manIntOff = WiperStatus(rawValue: "MAN_INT_OFF")

    public static let manIntOn = WiperStatus(rawValue: "MAN_INT_ON")

    public static let manLow = WiperStatus(rawValue: "MAN_LOW")

    public static let manHigh = WiperStatus(rawValue: "MAN_HIGH")

    public static let manFlick = WiperStatus(rawValue: "MAN_FLICK")

    public static let wash = WiperStatus(rawValue: "WASH")

    public static let autoLow = WiperStatus(rawValue: "AUTO_LOW")

    public static let autoHigh = WiperStatus(rawValue: "AUTO_HIGH")

    public static let courtesywipe = WiperStatus(rawValue: "COURTESYWIPE")

    public static let autoAdjust = WiperStatus(rawValue: "AUTO_ADJUST")

    public static let stalled = WiperStatus(rawValue: "STALLED")

    public static let noDataExists = WiperStatus(rawValue: "NO_DATA_EXISTS")
}
