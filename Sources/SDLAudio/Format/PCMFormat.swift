public import Logging
public import SDLRPC

/// The PCM the head unit plays on the audio service: mono, little-endian, 16-bit signed or 8-bit unsigned
/// (RPC:BitsPerSample), at 8, 16, 22.05 or 44.1 kHz (RPC:SamplingRate).
///
/// The head unit announces it in the RegisterAppInterface response's `pcmStreamCapabilities`; without one the
/// format is 16 kHz, 16-bit, mono, which is also what sdl_ios always sends (`SDLPCMAudioConverter`).
///
/// ```swift
/// let format = PCMFormat(capabilities: response.pcmStreamCapabilities, logger: logger)
/// format.bytesPerSecond          // 32_000 for the default
/// format.byteCount(for: .milliseconds(100))   // 3_200: one chunk of the SDL Core 8.2 trace
/// ```
public struct PCMFormat: Hashable, Sendable, CustomStringConvertible {
    /// The sample widths SDL defines.
    public enum SampleWidth: Int, Hashable, Sendable {
        /// 8-bit unsigned (silence is 128).
        case unsigned8 = 8
        /// 16-bit signed little-endian.
        case signed16 = 16
    }

    /// Samples per second: 8000, 16000, 22050 or 44100 from a head unit; any positive rate is representable.
    public var sampleRate: Int
    public var sampleWidth: SampleWidth
    /// Always 1 for SDL's audio service; kept so sizes are computed in one place.
    public var channels: Int { 1 }

    /// 16 kHz, 16-bit, mono: the format when the head unit announces none.
    public static let `default` = PCMFormat(sampleRate: 16_000, sampleWidth: .signed16)

    /// A format; `sampleRate` is clamped to at least 1.
    public init(sampleRate: Int, sampleWidth: SampleWidth) {
        self.sampleRate = max(1, sampleRate)
        self.sampleWidth = sampleWidth
    }

    /// The format the head unit's `pcmStreamCapabilities` describes, and the fields that had to fall back to the
    /// default because they were unknown (empty when everything was understood, or when there was no capability).
    ///
    /// `22KHZ` means 22 050 Hz and `44KHZ` 44 100 Hz (the spec's own descriptions). A capability whose
    /// `audioType` is not PCM cannot be streamed either, and falls back as a whole.
    public static func resolve(_ capabilities: AudioPassThruCapabilities?) -> (format: PCMFormat, fallbacks: [String]) {
        guard let capabilities else { return (.default, []) }
        var fallbacks: [String] = []
        if capabilities.audioType != .pcm {
            fallbacks.append("audioType \(capabilities.audioType.rawValue) is not PCM")
            return (.default, fallbacks)
        }
        var format = PCMFormat.default
        switch capabilities.samplingRate {
        case .samplingRate8khz: format.sampleRate = 8_000
        case .samplingRate16khz: format.sampleRate = 16_000
        case .samplingRate22khz: format.sampleRate = 22_050
        case .samplingRate44khz: format.sampleRate = 44_100
        default: fallbacks.append("samplingRate \(capabilities.samplingRate.rawValue) unknown")
        }
        switch capabilities.bitsPerSample {
        case .bitsPerSample8Bit: format.sampleWidth = .unsigned8
        case .bitsPerSample16Bit: format.sampleWidth = .signed16
        default: fallbacks.append("bitsPerSample \(capabilities.bitsPerSample.rawValue) unknown")
        }
        return (format, fallbacks)
    }

    /// The format from the head unit's capability, logging a warning for each value that fell back to the default.
    ///
    /// - Parameters:
    ///   - capabilities: `RegisterAppInterfaceResponse.pcmStreamCapabilities`.
    ///   - logger: receives one warning per unknown value.
    public init(capabilities: AudioPassThruCapabilities?, logger: Logger) {
        let (format, fallbacks) = Self.resolve(capabilities)
        for fallback in fallbacks {
            logger.warning(
                "pcmStreamCapabilities: \(fallback), using the default",
                metadata: ["default": "\(Self.default)"])
        }
        self = format
    }

    /// Bytes per sample frame (one sample per channel).
    public var bytesPerFrame: Int { sampleWidth.rawValue / 8 * channels }

    /// Bytes of one second of audio.
    public var bytesPerSecond: Int { sampleRate * bytesPerFrame }

    /// The number of whole sample frames in `duration` (rounded down).
    public func frameCount(for duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        let whole = Int(seconds) * sampleRate
        let fraction = Int((Double(attoseconds) / 1e18 * Double(sampleRate)).rounded(.down))
        return max(0, whole + fraction)
    }

    /// Bytes of `duration` of audio, a whole number of sample frames.
    public func byteCount(for duration: Duration) -> Int { frameCount(for: duration) * bytesPerFrame }

    /// How long `byteCount` bytes play.
    public func duration(ofBytes byteCount: Int) -> Duration {
        duration(ofFrames: byteCount / bytesPerFrame)
    }

    /// How long `frames` sample frames play, exact to the nanosecond.
    public func duration(ofFrames frames: Int) -> Duration {
        let seconds = frames / sampleRate
        let remainder = frames % sampleRate
        return .seconds(seconds) + .nanoseconds(Int64(remainder) * 1_000_000_000 / Int64(sampleRate))
    }

    public var description: String { "\(sampleRate) Hz \(sampleWidth.rawValue)-bit mono" }
}
