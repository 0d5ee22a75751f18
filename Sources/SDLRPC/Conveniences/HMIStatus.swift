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

    public var description: String { "\(hmiLevel) \(audioStreamingState) \(videoStreamingState)" }
}
