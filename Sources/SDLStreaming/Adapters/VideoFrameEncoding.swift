public import NIOCore
import SDLMediaService
public import SDLRPC

/// An H.264 encoder plus packetizer for one stream configuration: frames in, ready-to-send video service payloads
/// out. `SDLMedia`'s openh264 encoder with its RAW or RTP packetizer satisfies it through a thin adapter.
///
/// Each returned payload is one SDL message: one Annex-B access unit for RAW, one RFC 4571 length-prefixed RTP
/// packet for RTP. The first output after creation, and any output with `keyFrame`, must be an IDR preceded by
/// SPS and PPS, so a head unit can start decoding there.
///
/// ```swift
/// let payloads = try await encoder.encode(frame, presentationTime: .milliseconds(33), keyFrame: false)
/// for payload in payloads { try await connection.send(payload) }
/// ```
public protocol VideoFrameEncoding: Sendable {
    /// The picture type the encoder takes (for example SDLMedia's I420 frame).
    associatedtype Frame: Sendable

    /// Encodes one frame. `presentationTime` increases strictly from frame to frame.
    func encode(
        _ frame: Frame,
        presentationTime: Duration,
        keyFrame: Bool
    ) async throws(MediaStreamingError) -> [ByteBuffer]

    /// Changes the target bitrate of the running encoder, without a new IDR; the default ignores it.
    func setTargetBitrate(_ bitrate: Int) async throws(MediaStreamingError)
}

/// Builds encoders for negotiated streams, and the "open the app" frame shown while the app is in the background.
///
/// ```swift
/// struct OpenH264Factory: VideoEncoderFactory {
///     func makeEncoder(_ configuration: VideoEncoderConfiguration) throws(MediaStreamingError) -> OpenH264Adapter {
///         try OpenH264Adapter(configuration)   // EncoderSettings from size, fps, bitrate; packetizer from format
///     }
///     func backgroundFrame(message: String, size: ImageResolution) -> I420Frame? { .solid(size: size) }
/// }
/// ```
public protocol VideoEncoderFactory: Sendable {
    associatedtype Encoder: VideoFrameEncoding

    /// A new encoder for `configuration`; creation failures throw `.encoderFailed`.
    func makeEncoder(_ configuration: VideoEncoderConfiguration) throws(MediaStreamingError) -> Encoder

    /// A frame of `size` showing `message`, or `nil` to skip the background frames.
    func backgroundFrame(message: String, size: ImageResolution) -> Encoder.Frame?
}
