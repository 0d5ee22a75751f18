import SDLMedia
public import SDLRPC

/// How to build the encoder for a negotiated stream: size, format, frame rate and bit rate.
///
/// The frame rate follows sdl_ios and EVO-0323: the head unit's `preferredFPS` when present, lowered (never raised)
/// by the app's custom value; without it the app's value, then the default.
///
/// The bit rate: the head unit's `maxBitrate` (kbit/s in the RPC spec) is a ceiling, never the target. The target is
/// the app's `customBitrate`, else its `defaultBitrate`, else SDLMedia's `EncoderSettings.targetBitrate(width:height:)`
/// for the stream size (1.5 Mbit/s at 800x480, 3 Mbit/s at 720p, by pixel count between); a target above the ceiling
/// is lowered to it. The head unit's raw values are kept so an encoder adapter can pass the ceiling to its rate
/// control.
///
/// Absurd head-unit values are bounded: the frame rate to 1...``maximumFrameRate``, the bit rate to
/// ``minimumBitrate``...``maximumBitrate``; a value of 0 counts as absent.
///
/// ```swift
/// let configuration = VideoEncoderConfiguration(candidate: candidate, format: .h264RAW, settings: settings)
/// configuration.frameRate   // min(head unit preferredFPS, settings.customFrameRate)
/// configuration.bitrate     // min(settings.customBitrate ?? target for the size, head unit maxBitrate x 1000)
/// ```
public struct VideoEncoderConfiguration: Hashable, Sendable, CustomStringConvertible {
    /// The size to encode, in pixels: the negotiated stream size.
    public var size: ImageResolution
    /// RAW or RTP, H.264.
    public var format: VideoStreamingFormat
    /// Frames per second.
    public var frameRate: Int
    /// Bits per second.
    public var bitrate: Int
    /// The head unit's `preferredFPS`, if it sent one.
    public var headUnitPreferredFPS: Int?
    /// The head unit's `maxBitrate` converted to bits per second, if it sent one.
    public var headUnitMaxBitrate: Int?

    /// No encoder we know of runs a car display faster; a head unit asking for more is capped here.
    public static let maximumFrameRate = 60
    /// Below this an H.264 stream of a car display is unreadable; lower values are raised to it.
    public static let minimumBitrate = 64_000
    /// Far above any head unit's link; higher values (up to the spec's 2^31-1 kbps) are lowered to it so that an
    /// encoder taking a 32-bit bit rate never overflows.
    public static let maximumBitrate = 200_000_000

    public init(size: ImageResolution, format: VideoStreamingFormat, frameRate: Int, bitrate: Int) {
        self.size = size
        self.format = format
        self.frameRate = min(max(frameRate, 1), Self.maximumFrameRate)
        self.bitrate = min(max(bitrate, Self.minimumBitrate), Self.maximumBitrate)
    }

    /// Applies the head-unit and app rule for a candidate.
    public init(candidate: VideoStreamCandidate, format: VideoStreamingFormat, settings: VideoStreamingSettings) {
        let headUnitFPS = candidate.preferredFPS.flatMap { $0 > 0 ? $0 : nil }
        // kbps on the wire; Int multiplication cannot overflow for the spec's 0...2^31-1 on 64-bit.
        let headUnitBitrate = candidate.maxBitrateKbps.flatMap {
            $0 > 0 ? $0.multipliedReportingOverflow(by: 1000) : nil
        }
        .map { $0.overflow ? Int.max : $0.partialValue }
        let frameRate = Self.resolve(
            headUnit: headUnitFPS, custom: settings.customFrameRate, fallback: settings.defaultFrameRate)
        let size = candidate.streamSize
        let target =
            settings.customBitrate.flatMap { $0 > 0 ? $0 : nil }
            ?? settings.defaultBitrate.flatMap { $0 > 0 ? $0 : nil }
            ?? EncoderSettings.targetBitrate(width: size.width, height: size.height)
        let bitrate = min(target, headUnitBitrate ?? target)
        self.init(size: candidate.streamSize, format: format, frameRate: frameRate, bitrate: bitrate)
        self.headUnitPreferredFPS = headUnitFPS
        self.headUnitMaxBitrate = headUnitBitrate
    }

    /// EVO-0323: a custom value wins only when lower than the head unit's; without a head-unit value it wins.
    static func resolve(headUnit: Int?, custom: Int?, fallback: Int) -> Int {
        switch (headUnit, custom.flatMap { $0 > 0 ? $0 : nil }) {
        case (let headUnit?, let custom?): min(headUnit, custom)
        case (let headUnit?, nil): headUnit
        case (nil, let custom?): custom
        case (nil, nil): fallback
        }
    }

    public var description: String {
        let ceiling = headUnitMaxBitrate.map { "head unit ceiling \($0 / 1000) kbit/s" } ?? "no head unit ceiling"
        return "\(size) \(format.codec.rawValue)/\(format.protocol.rawValue) \(frameRate) fps, "
            + "target \(bitrate / 1000) kbit/s, \(ceiling)"
    }
}
