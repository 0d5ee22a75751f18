public import SDLMedia

/// Where the frame pump hands its frames: the video stream manager implements it (convert, encode, send).
///
/// The pump submits one frame at a time and never queues: while a submission is in progress it does not render,
/// and counts the frame it would have produced as dropped. Return only when the frame's buffer is no longer
/// needed, so it can go back to the pool (the pump then usually gets the same buffer and repaints only what
/// changed).
///
/// ```swift
/// actor EncodingSink: FrameSink {
///     var converter = ColorConverter()
///     let encoder: OpenH264Encoder
///     func submit(_ frame: VideoFrame) async -> FrameSubmissionResult {
///         guard let i420 = try? converter.convertToI420(frame), let unit = try? encoder.encode(i420) else {
///             return .dropped
///         }
///         send(unit)
///         return .accepted
///     }
/// }
/// ```
public protocol FrameSink: Sendable {
    /// Takes one frame (BGRA, the streaming size, increasing presentation times).
    func submit(_ frame: VideoFrame) async -> FrameSubmissionResult
}

/// What a ``FrameSink`` did with a frame.
public enum FrameSubmissionResult: Sendable, Hashable {
    /// The frame was taken (encoded and sent, or skipped by the encoder's rate control, which is the encoder's
    /// business).
    case accepted
    /// The frame was discarded (not streaming yet, suspended, an encoder error): the pump sends the current
    /// picture again at the next tick, so the head unit does not keep a stale one.
    case dropped
}
