// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Describes different audio type configurations for PerformAudioPassThru. e.g. {8kHz,8-bit,PCM} The audio is recorded
/// in monaural.
public struct AudioPassThruCapabilities: Codable, Hashable, Sendable {
    public var samplingRate: SamplingRate

    public var bitsPerSample: BitsPerSample

    public var audioType: AudioType

    /// Creates a value from its fields; optional fields default to absent.
    public init(samplingRate: SamplingRate, bitsPerSample: BitsPerSample, audioType: AudioType) {
        self.samplingRate = samplingRate
        self.bitsPerSample = bitsPerSample
        self.audioType = audioType
    }
}
