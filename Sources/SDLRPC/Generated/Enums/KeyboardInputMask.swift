// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Enumeration listing possible input character masking.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct KeyboardInputMask: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let enableInputKeyMask = KeyboardInputMask(rawValue: "ENABLE_INPUT_KEY_MASK")

    public static let disableInputKeyMask = KeyboardInputMask(rawValue: "DISABLE_INPUT_KEY_MASK")

    public static let userChoiceInputKeyMask = KeyboardInputMask(rawValue: "USER_CHOICE_INPUT_KEY_MASK")
}
