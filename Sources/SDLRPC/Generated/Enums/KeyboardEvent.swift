// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Enumeration listing possible keyboard events.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct KeyboardEvent: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let keypress = KeyboardEvent(rawValue: "KEYPRESS")

    public static let entrySubmitted = KeyboardEvent(rawValue: "ENTRY_SUBMITTED")

    public static let entryVoice = KeyboardEvent(rawValue: "ENTRY_VOICE")

    public static let entryCancelled = KeyboardEvent(rawValue: "ENTRY_CANCELLED")

    public static let entryAborted = KeyboardEvent(rawValue: "ENTRY_ABORTED")

    public static let inputKeyMaskEnabled = KeyboardEvent(rawValue: "INPUT_KEY_MASK_ENABLED")

    public static let inputKeyMaskDisabled = KeyboardEvent(rawValue: "INPUT_KEY_MASK_DISABLED")
}
