import CarWindow
import SDLRPC
import SDLSession
import SDLStreaming
import Testing

@Suite("Capabilities from VideoStreamingCapability, and CarWindow's state")
struct CapabilitiesAndStateTests {
    @Test("viewport, scale, density, haptics and display come from the capability")
    func fromCapability() throws {
        let capability = VideoStreamingCapability(
            preferredResolution: ImageResolution(width: 1280, height: 720), hapticSpatialDataSupported: true,
            diagonalScreenSize: 8, scale: 1.5)
        let caps = try DisplayMetrics(capability)
        #expect(caps.viewportSize == Size(width: 853, height: 480))
        #expect(caps.scale == 1.5)
        #expect(caps.isHapticSpatialDataSupported)
        #expect(caps.display == .centerConsole)
        // No pixelPerInch: density from the diagonal, sqrt(1280² + 720²) / 8.
        let density = try #require(caps.density)
        #expect(abs(density - 183.5756) < 0.0001)

        var withPPI = capability
        withPPI.pixelPerInch = 160
        withPPI.hapticSpatialDataSupported = nil
        let second = try DisplayMetrics(withPPI, display: .rearSeat)
        #expect(second.density == 160)
        #expect(!second.isHapticSpatialDataSupported)
        #expect(second.display == .rearSeat)
    }

    @Test(
        "a missing or 0x0 resolution uses the fallback, and without one is a typed error",
        arguments: [
            nil, ImageResolution(width: 0, height: 0),
        ])
    func fallback(resolution: ImageResolution?) throws {
        let capability = VideoStreamingCapability(preferredResolution: resolution, scale: 0)
        let caps = try DisplayMetrics(capability, fallbackResolution: Size(width: 800, height: 480))
        #expect(caps.viewportSize == Size(width: 800, height: 480))
        #expect(caps.scale == 1)
        #expect(throws: CarWindowError.self) { try DisplayMetrics(capability) }
    }

    static let full = HMIStatus(hmiLevel: .full, audioStreamingState: .notAudible, videoStreamingState: .streamable)
    static let background = HMIStatus(
        hmiLevel: .background, audioStreamingState: .notAudible, videoStreamingState: .notStreamable)
    static let limitedNotStreamable = HMIStatus(
        hmiLevel: .limited, audioStreamingState: .notAudible, videoStreamingState: .notStreamable)

    @Test(
        "the state is derived from the connection, the HMI status and the video state",
        arguments: [
            (ConnectionState.idle, nil, VideoStreamState.stopped, ProjectionState.disconnected),
            (.registering, full, .stopped, .disconnected),
            (.ready, nil, .stopped, .disconnected),
            (.ready, background, .stopped, .disconnected),
            (.ready, limitedNotStreamable, .stopped, .disconnected),
            (.ready, full, .stopped, .readyForStreaming),
            (.ready, full, .starting, .readyForStreaming),
            (.ready, full, .ready, .streaming),
            (.ready, background, .suspended, .streaming),
            (.ready, full, .shuttingDown, .stopping),
            (.stopping, full, .ready, .disconnected),
            (.closed(error: nil), full, .ready, .disconnected),
        ] as [(ConnectionState, HMIStatus?, VideoStreamState, ProjectionState)])
    func derived(connection: ConnectionState, hmi: HMIStatus?, video: VideoStreamState, expected: ProjectionState) {
        #expect(ProjectionState(connection: connection, hmi: hmi, video: video) == expected)
    }
}
