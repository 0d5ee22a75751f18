public import SDLRPC

extension HMIStatus {
    /// The status Core gives an app at `level` (`hmi-levels`, `nak-non-navigation`): FULL and LIMITED are audible
    /// for navigation and media apps and streamable for navigation/projection apps; BACKGROUND and NONE are neither.
    ///
    /// ```swift
    /// let status = HMIStatus.core(level: .full, navigation: true, media: false)
    /// status.videoStreamingState   // .streamable
    /// ```
    public static func core(level: HMILevel, navigation: Bool, media: Bool) -> HMIStatus {
        let active = level == .full || level == .limited
        return HMIStatus(
            hmiLevel: level,
            audioStreamingState: active && (navigation || media) ? .audible : .notAudible,
            videoStreamingState: active && navigation ? .streamable : .notStreamable
        )
    }

    /// The OnHMIStatus body Core sends (main window).
    var json: JSONValue {
        [
            "hmiLevel": .string(hmiLevel.rawValue),
            "audioStreamingState": .string(audioStreamingState.rawValue),
            "videoStreamingState": .string(videoStreamingState.rawValue),
            "systemContext": .string(systemContext.rawValue),
            "windowID": 0,
        ]
    }
}
