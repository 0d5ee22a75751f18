import CarWindow
import SDLRPC
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

    @Test(
        "the states move as the lifecycle allows",
        arguments: [
            (CarWindowState.disconnected, CarWindowState.readyForStreaming, true),
            (.readyForStreaming, .streaming, true),
            (.streaming, .stopping, true),
            (.stopping, .readyForStreaming, true),
            (.streaming, .disconnected, true),
            (.disconnected, .streaming, false),
            (.readyForStreaming, .stopping, false),
            (.disconnected, .disconnected, false),
            (.streaming, .readyForStreaming, false),
        ])
    func transitions(from: CarWindowState, to: CarWindowState, allowed: Bool) {
        #expect(from.canMove(to: to) == allowed)
    }

    @Test("events travel through an AsyncStream in order")
    func eventStream() async throws {
        let caps = try DisplayMetrics(resolution: Size(width: 800, height: 480))
        let (events, input) = AsyncStream.makeStream(of: CarWindowEvent.self)
        input.yield(.capabilitiesChanged(caps))
        input.yield(.stateChanged(.readyForStreaming))
        input.finish()
        var received: [CarWindowEvent] = []
        for await event in events { received.append(event) }
        #expect(received == [.capabilitiesChanged(caps), .stateChanged(.readyForStreaming)])
    }
}
