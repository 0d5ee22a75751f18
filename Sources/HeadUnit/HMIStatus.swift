/// An app's HMI level, as the emulator's own state (the four levels of the RPC spec's `HMILevel`).
public enum HMILevel: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case full = "FULL"
    case limited = "LIMITED"
    case background = "BACKGROUND"
    case none = "NONE"

    public var description: String { rawValue }
}

/// Whether the app may stream video (`VideoStreamingState`).
public enum VideoStreamingState: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case streamable = "STREAMABLE"
    case notStreamable = "NOT_STREAMABLE"

    public var description: String { rawValue }
}

/// Whether the app may play audio (`AudioStreamingState`).
public enum AudioStreamingState: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case audible = "AUDIBLE"
    case attenuated = "ATTENUATED"
    case notAudible = "NOT_AUDIBLE"

    public var description: String { rawValue }
}

/// What one OnHMIStatus says.
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
