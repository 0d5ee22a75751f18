import CarWindow
import CarWindowTesting
import HeadUnit
import Logging
import SDLRPC
import SDLSession
import Testing

/// A tap test written the way docs/testing.md shows it: the app projected into the fixture's emulator, a tap on a
/// view, and the recording decoded to see the view change. Each wait has its own deadline.
@Suite("CarWindowTesting: tap a view, see the recording change", .serialized, .timeLimit(.minutes(2)))
struct TapTestTests {
    static let grey = Color(hex: 0x424242)
    static let blue = PixelColor(red: 0x1E, green: 0x88, blue: 0xE5)

    /// A projection with one button at a known place that turns blue when tapped.
    @CarWindowActor
    static func startApp(transport: EmulatorTransport) async throws -> (Projection, Button) {
        var app = AppConfiguration(appName: "Tap Test", appID: "swiftsdl-nav", appType: .navigation)
        app.logger.logLevel = .critical
        app.timeouts.shutdown = .seconds(30)  // a busy machine may answer the unregister late
        let settings = CarWindowSettings(app: app)
        let window = try WindowSource(settings: settings)
        let button = Button(title: "Play")
        button.backgroundColor = grey
        button.action = { button.backgroundColor = Color(hex: 0x1E88E5) }
        window.rootView = StackView(
            axis: .vertical, spacing: 20, insets: EdgeInsets(all: 40), arrangedSubviews: [button])
        let projection = Projection(settings: settings, transport: transport)
        try await projection.start(source: window)
        return (projection, button)
    }

    /// A corner of the button inside its padding, clear of the title and of the edges H.264 blurs.
    static func corner(_ rect: Rect) -> (x: Double, y: Double, width: Double, height: Double) {
        (rect.minX + 5, rect.minY + 5, 8, 8)
    }

    @Test("tap(view:) presses the button; a decoded frame after the tap shows it blue")
    func tapTurnsButtonBlue() async throws {
        try await EmulatorFixture.run { emulator in
            let (projection, button) = try await Self.startApp(transport: emulator.transport())
            do {
                let app = try await emulator.app(timeout: .seconds(30))
                let rects = try await emulator.hapticRects(of: app, timeout: .seconds(30))
                let expected = await emulator.headUnitRect(of: button)
                #expect(rects.contains { abs($0.x - expected.minX) < 1 && abs($0.width - expected.size.width) < 1 })
                let area = Self.corner(await emulator.videoRect(of: button))
                let before = try await emulator.latestFrame(of: app, timeout: .seconds(30))
                let grey = try await emulator.decode(before)
                    .averageColor(x: area.x, y: area.y, width: area.width, height: area.height)
                #expect(!grey.isClose(to: Self.blue), "\(grey) before the tap")
                let sent = try await emulator.tap(view: button)
                #expect(sent == 4, "BEGIN and END, each delivered twice by Core to a navigation app")
                let (after, picture) = try await emulator.frame(after: before, timeout: .seconds(30)) { picture in
                    picture.averageColor(x: area.x, y: area.y, width: area.width, height: area.height)
                        .isClose(to: Self.blue)
                }
                #expect(after.isAfter(before))
                #expect(picture.width == 800 && picture.height == 480)
            } catch {
                try? await projection.stop()
                throw error
            }
            try await projection.stop()
        }
    }

    @Test("a tap that misses fails within the wait's own deadline, saying what it waited for")
    func missedTapTimesOut() async throws {
        try await EmulatorFixture.run { emulator in
            let (projection, button) = try await Self.startApp(transport: emulator.transport())
            do {
                let app = try await emulator.app(timeout: .seconds(30))
                _ = try await emulator.hapticRects(of: app, timeout: .seconds(30))
                let area = Self.corner(await emulator.videoRect(of: button))
                let before = try await emulator.latestFrame(of: app, timeout: .seconds(30))
                try await emulator.tap(x: 790, y: 470)  // the far corner: no button there
                let start = ContinuousClock.now
                let error = await #expect(throws: CarWindowTestingError.self) {
                    _ = try await emulator.frame(after: before, timeout: .seconds(2)) { picture in
                        picture.averageColor(x: area.x, y: area.y, width: area.width, height: area.height)
                            .isClose(to: Self.blue)
                    }
                }
                #expect(error?.kind == .timeout)
                #expect(ContinuousClock.now - start < .seconds(60), "bounded by the wait, not the test's limit")
            } catch {
                try? await projection.stop()
                throw error
            }
            try await projection.stop()
        }
    }

    @Test("the waits throw a timeout naming what they waited for when no app comes")
    func waitsHaveDeadlines() async throws {
        try await EmulatorFixture.run { emulator in
            let error = await #expect(throws: CarWindowTestingError.self) {
                _ = try await emulator.firstFrame(timeout: .milliseconds(200))
            }
            #expect(error?.kind == .timeout)
            #expect(error?.description.contains("a first video frame") == true)
            #expect(error?.description.contains("no app registered") == true)
            await #expect(throws: CarWindowTestingError.self) {
                _ = try await emulator.app(timeout: .milliseconds(100))
            }
            await #expect(throws: CarWindowTestingError.self) {
                _ = try await emulator.hapticRects(timeout: .milliseconds(100))
            }
        }
    }
}

@Suite("CarWindowTesting: withProjection", .timeLimit(.minutes(2)))
struct WithProjectionTests {
    @Test("withProjection starts the app with its screen, gives its id, and a tap on its view runs the action")
    @CarWindowActor
    func projectionWithAppID() async throws {
        let button = Button(title: "Play")
        var tapped = 0
        button.action = {
            tapped += 1
            button.title = "Pause"  // a change, so a frame follows the action
        }
        var app = AppConfiguration(appName: "Tap Test", appID: "swiftsdl-nav", appType: .navigation)
        app.logger.logLevel = .critical
        app.timeouts.shutdown = .seconds(30)  // a busy machine may answer the unregister late
        try await EmulatorFixture.withProjection(app: app, root: { button }) { emulator, _, _, appID in
            #expect(await emulator.headUnit.apps().map(\.app) == [appID])
            let rects = try await emulator.hapticRects(of: appID, timeout: .seconds(30))
            #expect(rects.count == 1, "the one button")
            // Every event (a frame, a touch sent) rechecks the condition; the deadline ends a missed tap.
            let changes = await emulator.headUnit.events()
            try await emulator.tap(view: button, app: appID)
            let ran = await eventually(within: .seconds(30), recheckingOn: changes) { tapped > 0 }
            #expect(ran, "the tap did not reach the button")
        }
        #expect(tapped == 1, "the tap reached the button once (Core's duplicate is dropped)")
    }

    @Test("docs/testing.md's wait ends on a missed tap: false at its deadline, while refresh frames keep coming")
    @CarWindowActor
    func missedTapEnds() async throws {
        let button = Button(title: "Play")
        var tapped = 0
        button.action = { tapped += 1 }
        let root = StackView(axis: .vertical, insets: EdgeInsets(all: 40), arrangedSubviews: [button, View()])
        try await EmulatorFixture.withProjection(app: Self.app(), root: { root }) { emulator, _, _, appID in
            _ = try await emulator.hapticRects(of: appID, timeout: .seconds(30))
            let changes = await emulator.headUnit.events()
            try await emulator.tap(x: 790, y: 470, app: appID)  // the far corner: no button there
            let ran = await eventually(within: .seconds(3), recheckingOn: changes) { tapped > 0 }
            #expect(!ran)
        }
        #expect(tapped == 0)
    }

    @Test("a loop of nextFrame over a still screen's refresh frames ends as soon as its task is cancelled")
    @CarWindowActor
    func cancelledFrameLoopEnds() async throws {
        let label = Label(text: "A still screen")
        try await EmulatorFixture.withProjection(app: Self.app(), root: { label }) { emulator, _, _, appID in
            let first = try await emulator.latestFrame(of: appID, timeout: .seconds(30))
            let (outcomes, outcome) = AsyncStream.makeStream(of: String.self)
            let (frames, frameSeen) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
            let looping = Task {
                var mark = first
                do throws(CarWindowTestingError) {
                    while true {
                        mark = try await emulator.nextFrame(after: mark, timeout: .seconds(30))
                        frameSeen.yield()
                    }
                } catch {
                    outcome.yield("\(error.kind)")
                }
            }
            // A refresh frame of the unchanged screen came: the loop runs and would run on.
            try await firstElement(of: frames, "a refresh frame", within: .seconds(30)) { _ in true }
            looping.cancel()
            // The deadline only catches a loop that ignores cancellation; it ends when the emulator stops.
            let ended = try await firstElement(of: outcomes, "the cancelled loop ending", within: .seconds(60)) { _ in
                true
            }
            #expect(ended == "cancelled")
        }
    }

    static func app() -> AppConfiguration {
        var app = AppConfiguration(appName: "Tap Test", appID: "swiftsdl-nav", appType: .navigation)
        app.logger.logLevel = .critical
        app.timeouts.shutdown = .seconds(30)  // a busy machine may answer the unregister late
        return app
    }
}
