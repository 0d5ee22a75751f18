import CarWindow
import CarWindowDemo
import CarWindowTesting
import Foundation
import HeadUnit
import Logging
import SDLProjection
import SDLRPC
import SDLSession
import Testing

/// A car without a touch screen (`--no-touch`) drives the whole demo app by its buttons and knob: SEARCH opens the
/// search, the knob selects its close button, and reaches Settings and the sheet's Done.
@Suite("The demo on a car without a touch screen", .serialized, .timeLimit(.minutes(3)))
@CarWindowActor
struct NoTouchDemoTests {
    @Test("SEARCH opens the search; the knob closes it, opens Settings and closes them with Done")
    func knobAndButtonsAlone() async throws {
        var configuration = HeadUnitConfiguration(port: 0, activationDelay: .milliseconds(50))
        configuration.buttons = HeadUnitConfiguration.tracedButtons + ButtonName.navigation
        configuration.touchScreen = false
        let headUnit = HeadUnitEmulator(configuration: configuration)
        let events = Recorder<HeadUnitEvent>()
        let consuming = events.consume(await headUnit.events())
        _ = try await headUnit.start()
        var app = NavigationDemo.appConfiguration(name: "No Touch")
        app.logger.logLevel = .critical
        let settings = CarWindowSettings(app: app)
        let window = try WindowSource(settings: settings)
        let projection = Projection(settings: settings, transport: EmulatorTransport(headUnit: headUnit))
        let demo = DemoAppScreen()
        try demo.install(in: window.window)
        do {
            try await projection.start(source: window)
            _ = await events.wait { $0.contains { $0.buttonSubscribed?.0 == .search } }
            _ = await events.wait { $0.contains { $0.hapticRects?.isEmpty == false } }
            // The touches the app gets are the knob's only: the console's are refused.
            let appID = try #require(await headUnit.apps().first?.app)
            await #expect(throws: HeadUnitError.self) {
                try await headUnit.injectTouches(OnTouchEvent.tap(x: 10, y: 10), to: appID)
            }

            #expect(try await headUnit.pressButton(.search) != nil)
            try await select(demo.search.closeButton, headUnit: headUnit, events: events)
            await until(events) { demo.search.isHidden }

            try await select(demo.settingsButton, headUnit: headUnit, events: events)
            await until(events) { !demo.sheet.isHidden }
            try await select(demo.sheet.doneButton, headUnit: headUnit, events: events)
            await until(events) { demo.sheet.isHidden }
        } catch {
            try? await projection.stop()
            await headUnit.stop()
            consuming.cancel()
            throw error
        }
        try? await projection.stop()
        await headUnit.stop()
        consuming.cancel()
    }

    /// Waits until the app sent a haptic rect at `view`'s place, turns the knob until it highlights that rect (one
    /// turn around at most) and presses it.
    func select(_ view: View, headUnit: HeadUnitEmulator, events: Recorder<HeadUnitEvent>) async throws {
        func matches(_ rect: HapticRect?) -> Bool {
            guard let rect, view.window != nil else { return false }
            let frame = view.convertToWindow(view.bounds)
            return abs(rect.x - frame.minX) <= 1 && abs(rect.y - frame.minY) <= 1
                && abs(rect.width - frame.width) <= 1 && abs(rect.height - frame.height) <= 1
        }
        // The rects a view sends once its transition settled; the frame is read on this actor each time.
        var sets = 0
        var found = false
        for _ in 0..<50 where !found {
            let seenSoFar = sets
            let seen = await events.wait { $0.compactMap(\.hapticRects).count > seenSoFar }
            let all = seen.compactMap(\.hapticRects)
            sets = all.count
            found = all.last?.contains(where: matches) ?? false
        }
        try #require(found, "no haptic rect for \(view)")
        let count = await headUnit.apps().first?.hapticRects.count ?? 0
        for _ in 0..<max(1, count) {
            let (_, rect, _) = try await headUnit.knob(.right)
            if matches(rect) { break }
        }
        let (_, pressed, sent) = try await headUnit.knob(.press)
        #expect(matches(pressed) && sent > 0, "the knob pressed \(String(describing: pressed)), not \(view)")
    }

    /// Waits for the next haptic rects until `condition` holds: each screen change sends new ones.
    func until(_ events: Recorder<HeadUnitEvent>, _ condition: @escaping @CarWindowActor () -> Bool) async {
        var sets = await events.events.compactMap(\.hapticRects).count
        for _ in 0..<50 where !condition() {
            let seenSoFar = sets
            let seen = await events.wait { $0.compactMap(\.hapticRects).count > seenSoFar }
            sets = seen.compactMap(\.hapticRects).count
        }
    }
}
