// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// A TTS chunk, that consists of text/phonemes to speak or the name of a file to play, and a TTS type (like text or
/// SAPI)
public struct TTSChunk: Codable, Hashable, Sendable {
    /// The text or phonemes to speak, or the name of the audio file to play. May not be empty. At most 500 characters.
    public var text: String

    /// Describes whether the TTS chunk is plain text, a specific phoneme set, or an audio file. See SpeechCapabilities
    public var type: SpeechCapabilities

    /// Creates a value from its fields; optional fields default to absent.
    public init(text: String, type: SpeechCapabilities) {
        self.text = text
        self.type = type
    }
}
