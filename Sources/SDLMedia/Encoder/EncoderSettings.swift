/// What the H.264 encoder should produce: size, rate, bitrate, profile and key-frame policy.
///
/// The defaults are SDL's 15 frames per second, Constrained Baseline, real time, and the size's
/// ``targetBitrate(width:height:)`` (1.5 Mbit/s at 800x480).
/// A head unit's capability replaces them through ``resolved(headUnitPreferredFPS:headUnitMaxBitrateKbps:custom:size:)``.
/// Changing settings on a running encoder returns a ``Change`` that says what it costs.
///
/// ```swift
/// var settings = EncoderSettings(width: 800, height: 480)
/// settings.bitrate = 1_000_000
/// let change = EncoderSettings.change(from: .init(width: 800, height: 480), to: settings) // .live
/// ```
public struct EncoderSettings: Sendable, Hashable {
    /// How the encoder tunes itself for the content.
    public enum Usage: Sendable, Hashable, CaseIterable {
        /// Rendered user interfaces: flat areas, text, sharp edges (openh264 screen-content real-time mode).
        case screenContent
        /// Natural video from a camera (openh264 camera real-time mode).
        case camera
    }

    /// The H.264 profile of the stream.
    public enum Profile: Sendable, Hashable, CaseIterable {
        /// Baseline with `constraint_set1_flag`: CAVLC, no B-frames; what every head unit decodes.
        case constrainedBaseline
        /// Main profile with CABAC: smaller at the same quality, for head units that declare it.
        case main
    }

    /// What applying new settings to a running encoder costs.
    public enum Change: Sendable, Hashable {
        /// Nothing relevant changed.
        case none
        /// Bitrate, frame rate or key-frame policy changed; the running encoder takes them without a new stream.
        case live
        /// Size, profile, usage or key-frame budget changed; the encoder is rebuilt and the next frame is an IDR with
        /// new SPS/PPS.
        case rebuild
    }

    /// SDL's default frame rate (sdl_ios `SDLH264VideoEncoder`).
    public static let defaultFrameRate = 15
    /// sdl_ios's fixed default bitrate in bits per second. CarWindow's default depends on the size instead
    /// (``targetBitrate(width:height:)``): 600 kbit/s smears interface text at 800x480.
    public static let defaultBitrate = 600_000
    /// The default ``keyFrameBudget``: a third of the 300 ms delay a stream should keep.
    public static let defaultKeyFrameBudget = Duration.milliseconds(100)

    /// Width in pixels; even, because I420 chroma is subsampled by two.
    public var width: Int
    /// Height in pixels; even.
    public var height: Int
    /// Expected frames per second, 1 through 60.
    public var frameRate: Int
    /// Target average bitrate in bits per second.
    public var bitrate: Int
    /// A ceiling the rate control must respect, in bits per second (a head unit's `maxBitrate` x 1000), or `nil`.
    public var maxBitrate: Int?
    /// The H.264 profile.
    public var profile: Profile
    /// The content tuning.
    public var usage: Usage
    /// Time between periodic IDRs by presentation time, or `nil` for IDRs only on demand.
    public var keyFrameInterval: Duration?
    /// How long an IDR may take to cross a link running at the target bitrate: the rate control aims each IDR
    /// after an encoder's first at `bitrate x keyFrameBudget` bits, between one and forty average frames.
    ///
    /// A link that drops only shows when a large frame meets it, and on a user interface that is the periodic IDR.
    /// The default, 100 ms, keeps that IDR within 300 ms of a link fallen to 1 Mbit/s from a 3 Mbit/s target: at
    /// 800x480 it is about 33 KB instead of openh264's 48 KB, for about 1 dB of luma PSNR on that picture (2 dB at
    /// 15 fps, where the default is 1.5 average frames; docs/media.md has the figures). openh264 keeps an IDR's QP
    /// within a range set by the bits per pixel, so the budget is an aim, not a cap. An encoder's first IDR keeps
    /// openh264's own budget (four average frames), as the stream's start has no delay to keep.
    ///
    /// openh264 takes the budget in average frames when the encoder is made, so a live frame-rate change keeps
    /// that count until the next rebuild; changing the budget itself rebuilds the encoder.
    public var keyFrameBudget: Duration
    /// Whether the rate control may skip frames to stay under the bitrate; skipped frames are counted.
    public var allowsFrameSkipping: Bool

    /// Creates settings with SDL's defaults for everything but the size; `bitrate` `nil` is the size's
    /// ``targetBitrate(width:height:)``.
    public init(
        width: Int, height: Int, frameRate: Int = Self.defaultFrameRate, bitrate: Int? = nil,
        maxBitrate: Int? = nil, profile: Profile = .constrainedBaseline, usage: Usage = .screenContent,
        keyFrameInterval: Duration? = .seconds(5), keyFrameBudget: Duration = Self.defaultKeyFrameBudget,
        allowsFrameSkipping: Bool = true
    ) {
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.bitrate = bitrate ?? Self.targetBitrate(width: width, height: height)
        self.maxBitrate = maxBitrate
        self.profile = profile
        self.usage = usage
        self.keyFrameInterval = keyFrameInterval
        self.keyFrameBudget = keyFrameBudget
        self.allowsFrameSkipping = allowsFrameSkipping
    }

    /// The bitrate the rate control aims at: the target, lowered to the ceiling if one is set.
    public var effectiveBitrate: Int { min(bitrate, maxBitrate ?? bitrate) }

    /// ``keyFrameBudget`` in hundredths of an average frame, openh264's `iIdrBitrateRatio`.
    var keyFrameBudgetPercentOfFrame: Int32 {
        let frames = keyFrameBudget / .seconds(1) * Double(frameRate)
        return Int32(min(max((frames * 100).rounded(), 100), 4_000))
    }

    /// The lowest H.264 level for this size, rate and bitrate ceiling.
    public var level: H264Level? {
        H264Level.minimum(width: width, height: height, frameRate: frameRate, bitrate: maxBitrate ?? bitrate)
    }

    /// Checks the settings are encodable.
    ///
    /// - Throws: ``MediaError/Kind/invalidSettings`` naming the offending value.
    public func validate() throws(MediaError) {
        guard width > 0, height > 0, width % 2 == 0, height % 2 == 0,
            width <= VideoFrame.maximumDimension, height <= VideoFrame.maximumDimension
        else {
            throw MediaError(.invalidSettings, "size \(width)x\(height) must be even and within 2...8192")
        }
        guard (1...60).contains(frameRate) else {
            throw MediaError(.invalidSettings, "frame rate \(frameRate) is outside 1...60")
        }
        guard bitrate >= 10_000, bitrate <= 240_000_000 else {
            throw MediaError(.invalidSettings, "bitrate \(bitrate) bps is outside 10 kbps...240 Mbps")
        }
        if let maxBitrate, maxBitrate < 10_000 {
            throw MediaError(.invalidSettings, "maximum bitrate \(maxBitrate) bps is below 10 kbps")
        }
        if let keyFrameInterval, keyFrameInterval <= .zero {
            throw MediaError(.invalidSettings, "key-frame interval \(keyFrameInterval) must be positive")
        }
        guard keyFrameBudget > .zero, keyFrameBudget <= .seconds(10) else {
            throw MediaError(.invalidSettings, "key-frame budget \(keyFrameBudget) must be within 0...10 s")
        }
        guard level != nil else {
            throw MediaError(
                .invalidSettings,
                "\(width)x\(height) at \(frameRate) fps exceeds H.264 level 5.2")
        }
    }

    /// What moving a running encoder from `old` to `new` costs.
    public static func change(from old: EncoderSettings, to new: EncoderSettings) -> Change {
        // openh264 reads the IDR budget only when it is made (a live parameter change leaves it as it was).
        if old.width != new.width || old.height != new.height || old.profile != new.profile
            || old.usage != new.usage || old.keyFrameBudget != new.keyFrameBudget
        {
            return .rebuild
        }
        // A new ceiling can raise the level the SPS announces, which only a new SPS can carry.
        if old.level != new.level { return .rebuild }
        return old == new ? .none : .live
    }
}
