// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Contains information about the TTS capabilities.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct SpeechCapabilities: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let text = SpeechCapabilities(rawValue: "TEXT")

    public static let sapiPhonemes = SpeechCapabilities(rawValue: "SAPI_PHONEMES")

    public static let lhplusPhonemes = SpeechCapabilities(rawValue: "LHPLUS_PHONEMES")

    public static let preRecorded = SpeechCapabilities(rawValue: "PRE_RECORDED")

    public static let silence = SpeechCapabilities(rawValue: "SILENCE")

    public static let file = SpeechCapabilities(rawValue: "FILE")
}
