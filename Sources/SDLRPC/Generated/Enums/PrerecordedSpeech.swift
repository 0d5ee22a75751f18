// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Contains a list of prerecorded speech items present on the platform.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct PrerecordedSpeech: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let helpJingle = PrerecordedSpeech(rawValue: "HELP_JINGLE")

    public static let initialJingle = PrerecordedSpeech(rawValue: "INITIAL_JINGLE")

    public static let listenJingle = PrerecordedSpeech(rawValue: "LISTEN_JINGLE")

    public static let positiveJingle = PrerecordedSpeech(rawValue: "POSITIVE_JINGLE")

    public static let negativeJingle = PrerecordedSpeech(rawValue: "NEGATIVE_JINGLE")
}
