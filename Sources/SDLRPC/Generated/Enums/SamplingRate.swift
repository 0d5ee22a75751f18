// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Describes different sampling options for PerformAudioPassThru.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct SamplingRate: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// Sampling rate of 8000 Hz.
    public static let samplingRate8khz = SamplingRate(rawValue: "8KHZ")

    /// Sampling rate of 16000 Hz.
    public static let samplingRate16khz = SamplingRate(rawValue: "16KHZ")

    /// Sampling rate of 22050 Hz.
    public static let samplingRate22khz = SamplingRate(rawValue: "22KHZ")

    /// Sampling rate of 44100 Hz.
    public static let samplingRate44khz = SamplingRate(rawValue: "44KHZ")
}
