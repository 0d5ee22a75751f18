import SDLMediaService

/// The layout of raw PCM an app pushes when it is not already in the head unit's ``PCMFormat``: interleaved,
/// little-endian samples of one of the common types, any rate, any channel count. The manager downmixes and
/// resamples it to the head unit's format.
///
/// ```swift
/// let stereo48k = PCMInputFormat(sampleRate: 48_000, channels: 2, sampleType: .float32)
/// let id = try await manager.push(samples, format: stereo48k)
/// ```
public struct PCMInputFormat: Hashable, Sendable, CustomStringConvertible {
    /// The type of one sample.
    public enum SampleType: Hashable, Sendable, CaseIterable {
        /// 8-bit unsigned, silence at 128.
        case unsigned8
        /// 16-bit signed little-endian.
        case signed16
        /// 32-bit signed little-endian.
        case signed32
        /// 32-bit IEEE float little-endian, nominally -1...1.
        case float32

        /// Bytes of one sample.
        public var byteCount: Int {
            switch self {
            case .unsigned8: 1
            case .signed16: 2
            case .signed32, .float32: 4
            }
        }
    }

    /// The highest channel count accepted: more is almost certainly a mistake, and FFmpeg's layouts stop there.
    public static let maximumChannels = 16
    /// The accepted sample rates (FFmpeg's resampler works well inside this range).
    public static let sampleRates = 1_000...384_000

    public var sampleRate: Int
    public var channels: Int
    public var sampleType: SampleType

    /// A declared input layout. It is validated when audio in it is pushed.
    public init(sampleRate: Int, channels: Int, sampleType: SampleType) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.sampleType = sampleType
    }

    /// The head unit's format, written as an input layout: audio in it passes through unchanged.
    public init(_ format: PCMFormat) {
        self.init(
            sampleRate: format.sampleRate,
            channels: format.channels,
            sampleType: format.sampleWidth == .unsigned8 ? .unsigned8 : .signed16
        )
    }

    /// Bytes per sample frame (one sample for each channel).
    public var bytesPerFrame: Int { sampleType.byteCount * channels }

    /// Throws `.invalidPCM` when the rate or channel count is outside what the resampler accepts.
    public func validate() throws(MediaStreamingError) {
        guard Self.sampleRates.contains(sampleRate) else {
            throw MediaStreamingError(.invalidPCM, "sample rate \(sampleRate) outside \(Self.sampleRates)")
        }
        guard (1...Self.maximumChannels).contains(channels) else {
            throw MediaStreamingError(.invalidPCM, "\(channels) channels, 1...\(Self.maximumChannels) allowed")
        }
    }

    public var description: String { "\(sampleRate) Hz \(channels) ch \(sampleType)" }
}
