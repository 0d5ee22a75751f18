import SDLRPC
import Testing

/// The one "is streamable" rule: the video state machine and CarWindow's state ask `HMIStatus.allowsVideo`.
@Suite("HMIStatus: may the app stream video")
struct HMIStatusStreamableTests {
    @Test(
        "FULL and LIMITED stream unless NOT_STREAMABLE; BACKGROUND and NONE never",
        arguments: [
            (HMILevel.full, VideoStreamingState.streamable, true), (.limited, .streamable, true),
            (.full, .notStreamable, false), (.limited, .notStreamable, false), (.background, .streamable, false),
            (.none, .streamable, false), (HMILevel(rawValue: "FUTURE_LEVEL"), .streamable, false),
        ])
    func rule(level: HMILevel, video: VideoStreamingState, allowed: Bool) {
        let status = HMIStatus(hmiLevel: level, audioStreamingState: .notAudible, videoStreamingState: video)
        #expect(status.allowsVideo == allowed)
        #expect(HMIStatus.allowsVideo(hmiLevel: level, videoStreamingState: video) == allowed)
    }

    @Test("an OnHMIStatus without videoStreamingState counts as STREAMABLE")
    func absentState() {
        let notification = OnHMIStatus(hmiLevel: .full, audioStreamingState: .audible, systemContext: .main)
        #expect(HMIStatus(notification).allowsVideo)
    }
}
