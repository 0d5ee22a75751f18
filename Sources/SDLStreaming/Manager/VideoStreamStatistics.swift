/// Counters and rates of the frame path, for logs, the viewer and benchmarks.
///
/// ```swift
/// let stats = await manager.statistics
/// print("\(stats.framesSent) sent, \(stats.framesDropped) dropped, \(stats.framesPerSecond) fps")
/// ```
public struct VideoStreamStatistics: Hashable, Sendable {
    /// Frames encoded and sent (app frames and background frames).
    public var framesSent = 0
    /// App frames dropped before the encoder because the queue was full.
    public var framesDropped = 0
    /// Frames the encoder's rate control skipped.
    public var framesSkippedByEncoder = 0
    /// App frames refused for another reason (not streaming, suspended, bad timestamp, failures).
    public var framesRejected = 0
    /// Payload bytes sent on the video service.
    public var bytesSent = 0
    /// Frames sent during the last second.
    public var framesPerSecond = 0
    /// Bits sent during the last second.
    public var bitsPerSecond = 0
    /// How long the last encode took.
    public var lastEncodeDuration: Duration = .zero
    /// The longest encode so far.
    public var maximumEncodeDuration: Duration = .zero
    /// App frames waiting for the encoder now.
    public var queueDepth = 0
    /// The last resize, measured from the capability update.
    public var lastResize: ResizeLatency?
    /// The encoder's target bitrate now, in bits per second (lowered and raised by bitrate adaptation); `nil`
    /// without an encoder.
    public var targetBitrate: Int?
    /// App frames dropped before the encoder because the link fell behind (bitrate adaptation), on every stream.
    public var framesDroppedForLink = 0
    /// Of ``framesDroppedForLink``, those dropped by pacing: the encoder's output ran ahead of the lowered target.
    public var framesPacedForLink = 0
    /// Times bitrate adaptation lowered, and raised, the target.
    public var bitrateDecreases = 0
    public var bitrateIncreases = 0

    public init() {}
}

/// How long a resize took, from the head unit's OnSystemCapabilityUpdated to the new stream: the hooks for the
/// "update → first frame at the new size" measurement.
public struct ResizeLatency: Hashable, Sendable {
    /// The new stream size's width and height, as "WxH".
    public var size: String
    /// Capability update → StartServiceACK at the new size (EndService round trip + StartService round trip).
    public var toServiceStarted: Duration
    /// Capability update → first frame at the new size handed to the connection.
    public var toFirstFrame: Duration?
}
