public import SDLRPC

/// What one OnHMIStatus says, in SDLRPC's own `HMILevel`, `AudioStreamingState` and `VideoStreamingState`.
///
/// ```swift
/// let status = HMIStatus.core(level: .full, navigation: true, media: false)
/// status.videoStreamingState   // .streamable
/// ```
public struct HMIStatus: Hashable, Sendable, CustomStringConvertible {
    public var level: HMILevel
    public var audioStreamingState: AudioStreamingState
    public var videoStreamingState: VideoStreamingState
    public var systemContext: String

    public init(
        level: HMILevel,
        audioStreamingState: AudioStreamingState,
        videoStreamingState: VideoStreamingState,
        systemContext: String = "MAIN"
    ) {
        self.level = level
        self.audioStreamingState = audioStreamingState
        self.videoStreamingState = videoStreamingState
        self.systemContext = systemContext
    }

    /// The status Core gives an app at `level` (`hmi-levels`, `nak-non-navigation`): FULL and LIMITED are audible
    /// for navigation and media apps and streamable for navigation/projection apps; BACKGROUND and NONE are neither.
    public static func core(level: HMILevel, navigation: Bool, media: Bool) -> HMIStatus {
        let active = level == .full || level == .limited
        return HMIStatus(
            level: level,
            audioStreamingState: active && (navigation || media) ? .audible : .notAudible,
            videoStreamingState: active && navigation ? .streamable : .notStreamable
        )
    }

    var json: JSONValue {
        [
            "hmiLevel": .string(level.rawValue),
            "audioStreamingState": .string(audioStreamingState.rawValue),
            "videoStreamingState": .string(videoStreamingState.rawValue),
            "systemContext": .string(systemContext),
            "windowID": 0,
        ]
    }

    public var description: String { "\(level) \(audioStreamingState) \(videoStreamingState)" }
}
