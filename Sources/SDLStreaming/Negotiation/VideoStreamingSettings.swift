public import SDLRPC

/// What the app wants from video streaming: the sizes it can draw, the formats and sizes it prefers, the frame rate
/// and bit rate it would like, and what to show while it is in the background.
///
/// ```swift
/// var settings = VideoStreamingSettings()
/// settings.portraitRange = .disabled
/// settings.customFrameRate = 30
/// settings.backgroundFrames.message = "Open Maps on your phone when it is safe to do so"
/// ```
public struct VideoStreamingSettings: Sendable {
    /// The landscape sizes the app can draw.
    public var landscapeRange: StreamingRange
    /// The portrait sizes the app can draw.
    public var portraitRange: StreamingRange
    /// Lets the app reorder or replace the formats and sizes the manager would request, as sdl_ios's data source
    /// does. `nil` keeps the head unit's order.
    public var dataSource: (any VideoStreamingDataSource)?
    /// A frame rate the app would like; it can only lower the head unit's `preferredFPS` (EVO-0323).
    public var customFrameRate: Int?
    /// A target bit rate in bits per second the app would like, lower or higher than the default for the size; the
    /// head unit's `maxBitrate` stays the ceiling.
    public var customBitrate: Int?
    /// The frame rate when neither the head unit nor the app gives one: SDL's 15, as SDLMedia's `EncoderSettings`.
    public var defaultFrameRate: Int
    /// The target bit rate (bits per second) when the app sets no ``customBitrate``; `nil` picks it from the stream
    /// size (SDLMedia's `EncoderSettings.targetBitrate(width:height:)`: 1.5 Mbit/s at 800x480, 3 Mbit/s at 720p).
    public var defaultBitrate: Int?
    /// The "open the app" frames sent when the app goes to the background while streaming.
    public var backgroundFrames: BackgroundFrames
    /// Whether to ask for a protected video service (the StartService E bit). The head unit's ACK decides: see
    /// ``VideoStreamDescription/isEncrypted``.
    public var requestsEncryption: Bool
    /// How the bitrate follows the link's back-pressure (on by default; ``BitrateAdaptation/disabled`` keeps it fixed).
    public var bitrateAdaptation = BitrateAdaptation()

    public init(
        landscapeRange: StreamingRange = .unrestricted,
        portraitRange: StreamingRange = .unrestricted,
        dataSource: (any VideoStreamingDataSource)? = nil,
        customFrameRate: Int? = nil,
        customBitrate: Int? = nil,
        defaultFrameRate: Int = 15,
        defaultBitrate: Int? = nil,
        backgroundFrames: BackgroundFrames = BackgroundFrames(),
        requestsEncryption: Bool = false
    ) {
        self.landscapeRange = landscapeRange
        self.portraitRange = portraitRange
        self.dataSource = dataSource
        self.customFrameRate = customFrameRate
        self.customBitrate = customBitrate
        self.defaultFrameRate = defaultFrameRate
        self.defaultBitrate = defaultBitrate
        self.backgroundFrames = backgroundFrames
        self.requestsEncryption = requestsEncryption
    }

    /// The formats this library can produce: H.264 in Annex-B (RAW) and in RTP (RFC 6184 over RFC 4571 framing).
    public static let producibleFormats: [VideoStreamingFormat] = [.h264RAW, .h264RTP]

    /// Whether a candidate lies inside the range of its orientation (square sizes pass if either range takes them).
    public func accepts(_ candidate: VideoStreamCandidate) -> Bool {
        switch candidate.orientation {
        case .landscape: landscapeRange.accepts(candidate)
        case .portrait: portraitRange.accepts(candidate)
        case .square: landscapeRange.accepts(candidate) || portraitRange.accepts(candidate)
        }
    }

    /// Whether both orientations are disabled, which means no video at all.
    public var isVideoDisabled: Bool { landscapeRange.isDisabled && portraitRange.isDisabled }
}

/// The frames sent while the app is in the background, telling the driver to bring it back (as sdl_ios sends 30
/// frames of "When it is safe to do so, open <app> on your phone"). On by default.
///
/// ```swift
/// let quiet = BackgroundFrames(isEnabled: false)
/// ```
public struct BackgroundFrames: Hashable, Sendable {
    /// Whether to send them at all.
    public var isEnabled: Bool
    /// The text to show.
    public var message: String
    /// How many frames to send, spaced at 1/fps in presentation time.
    public var count: Int

    public init(
        isEnabled: Bool = true,
        message: String = "When it is safe to do so, open the app on your phone",
        count: Int = 30
    ) {
        self.isEnabled = isEnabled
        self.message = message
        self.count = max(0, count)
    }
}

/// Lets the app choose the formats and sizes to request, data-source style: the manager asks, the app answers from
/// what the head unit offered. Sizes outside the app's ranges and formats this library cannot produce are still
/// refused.
///
/// ```swift
/// struct PreferRTP: VideoStreamingDataSource {
///     func preferredFormats(headUnitFormats: [VideoStreamingFormat]) -> [VideoStreamingFormat] {
///         [.h264RTP, .h264RAW]
///     }
/// }
/// ```
public protocol VideoStreamingDataSource: Sendable {
    /// The formats to try, best first, given those the head unit offered in its order (already limited to H.264
    /// RAW and RTP).
    func preferredFormats(headUnitFormats: [VideoStreamingFormat]) -> [VideoStreamingFormat]
    /// The sizes to try, best first, given the head unit's candidates that passed the ranges.
    func preferredCandidates(headUnitCandidates: [VideoStreamCandidate]) -> [VideoStreamCandidate]
}

extension VideoStreamingDataSource {
    public func preferredFormats(headUnitFormats: [VideoStreamingFormat]) -> [VideoStreamingFormat] {
        headUnitFormats
    }

    public func preferredCandidates(headUnitCandidates: [VideoStreamCandidate]) -> [VideoStreamCandidate] {
        headUnitCandidates
    }
}
