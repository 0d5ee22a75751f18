// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct WindowType: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// This window type describes the main window on a display.
    public static let main = WindowType(rawValue: "MAIN")

    /// A widget is a small window that the app can create to provide information and soft buttons for quick app
    /// control.
    public static let widget = WindowType(rawValue: "WIDGET")
}
