/// The main window's HMI status, as one OnHMIStatus (with no `windowID`, or `windowID` 0) states it: the one value
/// the app side (SDLSession) and the head unit's side (the HeadUnit emulator) both speak of.
///
/// ```swift
/// let status = HMIStatus(notification)          // from an OnHMIStatus
/// status.hmiLevel == .full                        // true while the app is on screen
/// ```
public struct HMIStatus: Hashable, Sendable, CustomStringConvertible {
    public var hmiLevel: HMILevel
    public var audioStreamingState: AudioStreamingState
    /// STREAMABLE when the head unit leaves it out (the spec's default).
    public var videoStreamingState: VideoStreamingState
    public var systemContext: SystemContext

    public init(
        hmiLevel: HMILevel,
        audioStreamingState: AudioStreamingState,
        videoStreamingState: VideoStreamingState,
        systemContext: SystemContext = .main
    ) {
        self.hmiLevel = hmiLevel
        self.audioStreamingState = audioStreamingState
        self.videoStreamingState = videoStreamingState
        self.systemContext = systemContext
    }

    /// The status an OnHMIStatus states; a missing `videoStreamingState` is STREAMABLE.
    public init(_ notification: OnHMIStatus) {
        self.init(
            hmiLevel: notification.hmiLevel,
            audioStreamingState: notification.audioStreamingState,
            videoStreamingState: notification.videoStreamingState ?? .streamable,
            systemContext: notification.systemContext
        )
    }

    /// Whether the head unit lets the app stream video: the one "is streamable" rule of the package (the video
    /// state machine and CarWindow's state both ask it). Main window FULL or LIMITED, and not NOT_STREAMABLE.
    ///
    /// ```swift
    /// HMIStatus(hmiLevel: .limited, audioStreamingState: .notAudible, videoStreamingState: .streamable).allowsVideo  // true
    /// ```
    public var allowsVideo: Bool { Self.allowsVideo(hmiLevel: hmiLevel, videoStreamingState: videoStreamingState) }

    /// ``allowsVideo`` for a level and a video streaming state held apart.
    public static func allowsVideo(hmiLevel: HMILevel, videoStreamingState: VideoStreamingState) -> Bool {
        (hmiLevel == .full || hmiLevel == .limited) && videoStreamingState != .notStreamable
    }

    public var description: String { "\(hmiLevel) \(audioStreamingState) \(videoStreamingState)" }
}
