import HeadUnit
import Logging
import SDLRPC
import SDLSession
import SDLWire
import Testing

@testable import HeadUnitViewer

@Suite("HeadUnitBackend: the adapter to the real emulator")
struct HeadUnitBackendTests {
    static func withHeadUnit(_ body: (HeadUnitEmulator, HeadUnitBackend) async throws -> Void) async throws {
        var configuration = HeadUnitConfiguration()
        configuration.port = 0
        let headUnit = HeadUnitEmulator(configuration: configuration)
        _ = try await headUnit.start()
        do {
            try await body(headUnit, HeadUnitBackend(headUnit: headUnit))
        } catch {
            await headUnit.stop()
            throw error
        }
        await headUnit.stop()
    }

    @Test("each app in the snapshot says what it came in on: tcp, ws")
    func appTransports() async throws {
        var configuration = HeadUnitConfiguration(port: 0)
        configuration.webSocketPort = 0
        let headUnit = HeadUnitEmulator(configuration: configuration)
        let port = try await headUnit.start()
        let backend = HeadUnitBackend(headUnit: headUnit)
        let webSocketPort = try #require(await headUnit.webSocketPort)
        var app = AppConfiguration(appName: "Over TCP", appID: "swiftsdl-nav", appType: .navigation)
        app.logger.logLevel = .critical
        let overTCP = SDLSession(configuration: app, transport: TCPTransport(host: "127.0.0.1", port: port))
        app.appName = "Over WebSocket"
        let overWebSocket = SDLSession(
            configuration: app, transport: WebSocketTransport(url: WebSocketURL(host: "127.0.0.1", port: webSocketPort))
        )
        do {
            try await overTCP.start()
            try await overWebSocket.start()
            let apps = await backend.snapshot().apps
            #expect(Set(apps.map { "\($0.name) \($0.transport ?? "?")" }) == ["Over TCP tcp", "Over WebSocket ws"])
        } catch {
            Issue.record(error)
        }
        try? await overTCP.stop()
        try? await overWebSocket.stop()
        await headUnit.stop()
    }

    @Test("the snapshot shows the emulator's screen and formats; resize changes them")
    func resize() async throws {
        try await Self.withHeadUnit { headUnit, backend in
            let before = await backend.snapshot()
            let video = await headUnit.configuration.video
            #expect(before.screen.width == video.preferredResolution.width)
            #expect(before.apps.isEmpty)
            #expect(before.supportedFormats.contains(.h264RAW))
            try await backend.perform(.resize(.pictureInPicture))
            let after = await backend.snapshot()
            #expect(after.screen == ViewerScreen.pictureInPicture)
            #expect(await headUnit.configuration.video.preferredResolution == VideoSize(width: 320, height: 240))
        }
    }

    @Test(
        "app-bound commands without an app fail with a typed error",
        arguments: [
            ViewerCommand.setHMILevel(.limited), .dropConnection,
            .touch(pageTouch(.begin, [(0, 1, 1)])),
            .typeOnKeyboard("Main"), .backspaceOnKeyboard, .closeKeyboard(submit: true),
            .pressButton(.ok, long: false), .turnKnob(.right), .turnKnob(.press),
        ])
    func noApp(command: ViewerCommand) async throws {
        try await Self.withHeadUnit { _, backend in
            await #expect(throws: ViewerError.self) { try await backend.perform(command) }
        }
    }

    @Test("the app state goes to the subscriber, and refused formats to the emulator")
    func appStateAndFormats() async throws {
        try await Self.withHeadUnit { headUnit, backend in
            try await backend.perform(.setAppState(.background))
            var states = backend.appStateRequests.makeAsyncIterator()
            #expect(await states.next() == .background)
            try await backend.perform(.rejectFormat(.h264RTP))
            let state = await backend.snapshot()
            #expect(state.appState == .background)
            #expect(state.rejectedFormats == [.h264RTP])
            #expect(await headUnit.refusedVideoFormats == [VideoFormat(codec: "H264", protocol: "RTP")])
            try await backend.perform(.allowFormat(.h264RTP))
            #expect(await backend.snapshot().rejectedFormats.isEmpty, "a refused format can be allowed again")
            #expect(await headUnit.refusedVideoFormats.isEmpty)
        }
    }

    @Test("the snapshot tells the page the car's buttons and touch screen; a button it lacks is refused")
    func buttonsAndTouchScreen() async throws {
        var configuration = HeadUnitConfiguration()
        configuration.port = 0
        configuration.buttons = [.ok, .navZoomIn]
        configuration.touchScreen = false
        let headUnit = HeadUnitEmulator(configuration: configuration)
        let backend = HeadUnitBackend(headUnit: headUnit)
        let state = await backend.snapshot()
        #expect(state.buttons == [.ok, .navZoomIn])
        #expect(!state.touchScreen)
        #expect(state.knobHighlight == nil)
        await #expect(throws: ViewerError.self) { try await backend.perform(.pressButton(.search, long: false)) }
    }

    @Test("driving and day/night go to the emulator: distraction needs no app, the night allows headLampStatus")
    func carControls() async throws {
        try await Self.withHeadUnit { headUnit, backend in
            try await backend.perform(.setDriverDistraction(true))
            try await backend.perform(.setAmbientLight("NIGHT"))
            let lights = await headUnit.configuration.lights
            #expect(lights.allowsHeadLampStatus && lights.ambientLight == "NIGHT" && lights.lowBeamsOn)
        }
    }
}
