public import NIOCore
public import SDLMedia
import SDLMediaService
public import SDLRPC

/// One openh264 encoder, its colour converter and its packetizer, for one negotiated stream. An actor, so encoding
/// runs off the manager's actor and the non-`Sendable` openh264 wrapper has exactly one owner; on a thread of its
/// own (``DedicatedThreadExecutor``), so milliseconds of encoding never hold a thread of Swift's cooperative pool.
///
/// ```swift
/// let encoder = try MediaVideoEncoder(settings: EncoderSettings(width: 800, height: 480), format: .h264RTP)
/// let payloads = try await encoder.encode(frame, presentationTime: .zero, keyFrame: true)
/// ```
public actor MediaVideoEncoder: VideoFrameEncoding {
    public typealias Frame = VideoFrame

    enum Packetizer {
        case raw(RAWPacketizer)
        case rtp(RTPPacketizer)
    }

    private nonisolated let executor = DedicatedThreadExecutor(name: "carwindow-encoder")
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    private let encoder: OpenH264Encoder
    private var converter = ColorConverter()
    private var packetizer: Packetizer

    /// Builds the encoder.
    ///
    /// - Throws: `.encoderFailed` when openh264 refuses the settings, or the format is not H.264 RAW or RTP.
    public init(
        settings: EncoderSettings,
        format: VideoStreamingFormat,
        rtpConfiguration: RTPPacketizer.Configuration = .init()
    ) throws(MediaStreamingError) {
        switch format {
        case .h264RAW: packetizer = .raw(RAWPacketizer())
        case .h264RTP: packetizer = .rtp(RTPPacketizer(configuration: rtpConfiguration))
        default:
            throw MediaStreamingError(.encoderFailed, "no packetizer for \(format.codec)/\(format.protocol)")
        }
        do {
            encoder = try OpenH264Encoder(settings: settings)
        } catch {
            throw MediaStreamingError(.encoderFailed, "\(error)")
        }
    }

    /// Converts to I420 if needed, encodes, and packetizes: one payload per access unit, none when the rate
    /// control skipped the frame.
    public func encode(
        _ frame: VideoFrame,
        presentationTime: Duration,
        keyFrame: Bool
    ) throws(MediaStreamingError) -> [ByteBuffer] {
        var input = frame
        input.presentationTime = presentationTime
        if keyFrame { encoder.requestKeyFrame() }
        let unit: EncodedAccessUnit?
        do {
            unit = try encoder.encode(converter.convertToI420(input))
        } catch {
            throw MediaStreamingError(.encoderFailed, "\(error)")
        }
        guard let unit else { return [] }
        let bytes: [UInt8]
        switch packetizer {
        case .raw(var raw):
            bytes = raw.packetize(unit)
            packetizer = .raw(raw)
        case .rtp(var rtp):
            bytes = rtp.packetize(unit)
            packetizer = .rtp(rtp)
        }
        return [ByteBuffer(bytes: bytes)]
    }

    func encoderSetTargetBitrate(_ bitrate: Int) throws(MediaError) {
        try encoder.setTargetBitrate(bitrate)
    }

    /// The encoder's counters (frames, skips, IDRs, bytes).
    public var statistics: EncoderStatistics { encoder.statistics }
}
