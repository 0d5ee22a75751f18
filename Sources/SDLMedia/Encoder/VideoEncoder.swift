/// An H.264 encoder: I420 frames in, Annex-B access units with timestamps out.
///
/// ``OpenH264Encoder`` is the default. Another encoder (a hardware one, say) conforms by honouring these rules:
/// - ``encode(_:)`` rejects a frame whose presentation time is not after the previous frame's with
///   ``MediaError/Kind/nonMonotonicTimestamp``;
/// - every IDR access unit starts with SPS and PPS;
/// - ``requestKeyFrame()`` makes the next encoded frame an IDR;
/// - ``update(_:)`` reports what a settings change cost and, for ``EncoderSettings/Change/rebuild``, makes the
///   next frame an IDR.
///
/// ```swift
/// var encoder: any VideoEncoder = try OpenH264Encoder(settings: EncoderSettings(width: 800, height: 480))
/// encoder.requestKeyFrame() // a new viewer joined
/// ```
public protocol VideoEncoder {
    /// The settings in force.
    var settings: EncoderSettings { get }
    /// Counters since the encoder was made.
    var statistics: EncoderStatistics { get }

    /// Encodes one I420 frame of the configured size.
    ///
    /// - Returns: the access unit, or `nil` when the rate control skipped the frame (counted in ``statistics``).
    /// - Throws: ``MediaError`` for a non-increasing timestamp, a frame of the wrong format or size, or an
    ///   encoder failure.
    mutating func encode(_ frame: VideoFrame) throws(MediaError) -> EncodedAccessUnit?

    /// Makes the next encoded frame an IDR with SPS and PPS (stream start, resume, a new viewer).
    mutating func requestKeyFrame()

    /// Applies new settings and says what that cost.
    ///
    /// - Throws: ``MediaError/Kind/invalidSettings`` and leaves the old settings in force.
    mutating func update(_ settings: EncoderSettings) throws(MediaError) -> EncoderSettings.Change
}

/// What an encoder has done so far.
public struct EncoderStatistics: Sendable, Hashable, CustomStringConvertible {
    /// Frames passed to `encode`.
    public var framesSubmitted = 0
    /// Access units produced.
    public var framesEncoded = 0
    /// Frames the rate control dropped to hold the bitrate.
    public var framesSkipped = 0
    /// IDR access units produced.
    public var idrFrames = 0
    /// Annex-B bytes produced.
    public var bytesProduced = 0
    /// Times the encoder was rebuilt for a settings change.
    public var rebuilds = 0
    /// The most the output was ever ahead of ``EncoderSettings/maxBitrate``, in bits (see ``BitrateCeiling``);
    /// zero when the ceiling was held or none is set.
    public var peakOvershootBits = 0

    /// Zero counters.
    public init() {}

    public var description: String {
        "submitted \(framesSubmitted), encoded \(framesEncoded), skipped \(framesSkipped), IDR \(idrFrames), "
            + "bytes \(bytesProduced), rebuilds \(rebuilds), peak overshoot \(peakOvershootBits) bits"
    }
}
