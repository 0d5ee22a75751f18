import SDLRPC
import SDLWire

@testable import SDLStreaming

/// Building blocks for the lifecycle tests: statuses, capabilities, and a machine brought to a given state.
enum Fixture {
    static func status(
        _ level: HMILevel,
        _ video: VideoStreamingState? = .streamable,
        windowID: Int? = nil
    ) -> OnHMIStatus {
        OnHMIStatus(
            hmiLevel: level,
            audioStreamingState: level == .full || level == .limited ? .audible : .notAudible,
            systemContext: .main,
            videoStreamingState: video,
            windowID: windowID)
    }

    static let navigationApp = HeadUnitVideoInfo(
        isProjectionApp: true, displayResolution: ImageResolution(width: 800, height: 480))

    /// The capability SDL Core's test HMI sends (core-8.2-resize.jsonl in Tests/HeadUnitTests/Fixtures/traces):
    /// 1024x600, RAW then RTP.
    static let capability = VideoStreamingCapability(
        preferredResolution: ImageResolution(width: 1024, height: 600),
        maxBitrate: 2_000,
        supportedFormats: [.h264RAW, .h264RTP],
        hapticSpatialDataSupported: true,
        diagonalScreenSize: 8,
        pixelPerInch: 150,
        scale: 1,
        preferredFPS: 30)

    static let ack = MediaStartServiceACK(
        mtu: 131_072, videoProtocol: "RAW", width: 1024, videoCodec: "H264", height: 600)

    /// A machine that has seen the registration and the capability, in HMI NONE.
    static func registeredMachine(
        settings: VideoStreamingSettings = VideoStreamingSettings(),
        appState: AppState = .active,
        capability: VideoStreamingCapability? = Fixture.capability
    ) -> VideoStreamStateMachine {
        var machine = VideoStreamStateMachine(settings: settings, appState: appState)
        _ = machine.handle(.registered(navigationApp))
        _ = machine.handle(.capability(capability))
        return machine
    }

    /// A machine streaming 1024x600 RAW (ready), after FULL and an ACK for attempt 1.
    static func streamingMachine(settings: VideoStreamingSettings = VideoStreamingSettings()) -> VideoStreamStateMachine
    {
        var machine = registeredMachine(settings: settings)
        _ = machine.handle(.hmiStatus(status(.full)))
        _ = machine.handle(.service(.startServiceACK(attempt: 1, ack, encrypted: false)))
        return machine
    }
}

extension [VideoStreamAction] {
    /// The StartService requests among the actions.
    var startRequests: [VideoStartService] {
        compactMap { if case .startService(_, let request) = $0 { request } else { nil } }
    }

    var startAttempts: [Int] {
        compactMap { if case .startService(let attempt, _) = $0 { attempt } else { nil } }
    }

    var endAttempts: [Int] {
        compactMap { if case .endService(let attempt) = $0 { attempt } else { nil } }
    }

    var events: [VideoStreamEvent] {
        compactMap { if case .emit(let event) = $0 { event } else { nil } }
    }

    var errorKinds: [MediaStreamingError.Kind] {
        events.compactMap { if case .error(let error) = $0 { error.kind } else { nil } }
    }
}
