// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Enumeration listing possible keyboard events.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct KeypressMode: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// Each keypress is individually sent as the user presses the keyboard keys.
    public static let singleKeypress = KeypressMode(rawValue: "SINGLE_KEYPRESS")

    /// The keypresses are queued and a string is eventually sent once the user chooses to submit their entry.
    public static let queueKeypresses = KeypressMode(rawValue: "QUEUE_KEYPRESSES")

    /// The keypresses are queue and a string is sent each time the user presses a keyboard key; the string contains the
    /// entire current entry.
    public static let resendCurrentEntry = KeypressMode(rawValue: "RESEND_CURRENT_ENTRY")
}
