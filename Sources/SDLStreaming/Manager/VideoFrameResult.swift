import SDLMediaService
public import SDLRPC

/// What happened to a frame given to ``VideoStreamManager/send(_:presentationTime:)``.
///
/// ```swift
/// switch await manager.send(frame) {
/// case .sent: break
/// case .notSent(.droppedForBackPressure): skippedFrames += 1
/// case .notSent(let reason): log("frame not sent: \(reason)")
/// }
/// ```
public enum VideoFrameResult: Hashable, Sendable {
    /// Encoded and handed to the connection: `bytes` payload bytes in `payloads` messages.
    case sent(bytes: Int, payloads: Int)
    /// Not sent, and why.
    case notSent(VideoFrameRejection)
}

/// Why a frame was not sent.
public enum VideoFrameRejection: Hashable, Sendable {
    /// No video service is open (stopped, starting or shutting down).
    case notStreaming
    /// The app is in the background; the service is open but app frames are not shown.
    case suspended
    /// The connection is behind and the frame queue is full: dropped before the encoder.
    case droppedForBackPressure
    /// The presentation time is not after the previous frame's.
    case timestampNotIncreasing
    /// The encoder's rate control skipped the frame to hold the bit rate (nothing to send).
    case skippedByEncoder
    /// The stream was restarted or stopped while the frame waited or was encoded.
    case streamChanged
    /// The encoder failed.
    case encoderFailed(MediaStreamingError)
    /// The connection failed to send it.
    case connectionFailed(MediaStreamingError)
}

/// The stream's status at a glance.
public struct VideoStreamStatus: Hashable, Sendable {
    /// The lifecycle state.
    public var state: VideoStreamState
    /// The open stream, while ready or suspended.
    public var stream: VideoStreamDescription?
    /// The encoder configuration of the open stream.
    public var encoder: VideoEncoderConfiguration?

    /// Ready: app frames are sent.
    public var isStreaming: Bool { state == .ready }
    /// Open but the app is in the background.
    public var isSuspended: Bool { state == .suspended }
    /// The encoded size of the open stream.
    public var size: ImageResolution? { stream?.size }
    /// The format of the open stream.
    public var format: VideoStreamingFormat? { stream?.format }
    /// Whether the open stream is encrypted.
    public var isEncrypted: Bool { stream?.isEncrypted ?? false }
}
