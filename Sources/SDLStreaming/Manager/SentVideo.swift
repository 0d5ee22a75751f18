public import NIOCore
public import SDLRPC

/// One frame as it went to the head unit: the payloads the manager sent for it (one Annex-B access unit for RAW, one
/// RFC 4571-framed RTP packet each for RTP), and the stream they belong to.
///
/// For a local preview of what an app sends to a real head unit (`carwindow demo --core` shows it in the browser):
///
/// ```swift
/// for await sent in await manager.sentVideo() where sent.format == .h264RAW {
///     preview.show(annexB: sent.payloads)
/// }
/// ```
public struct SentVideo: Sendable {
    /// The payloads in the order they were sent.
    public var payloads: [ByteBuffer]
    /// The stream's format: how to read ``payloads``.
    public var format: VideoStreamingFormat
    /// The encoded size.
    public var size: ImageResolution
    /// The presentation time the encoder gave the frame.
    public var presentationTime: Duration

    public init(payloads: [ByteBuffer], format: VideoStreamingFormat, size: ImageResolution, presentationTime: Duration)
    {
        self.payloads = payloads
        self.format = format
        self.size = size
        self.presentationTime = presentationTime
    }
}
