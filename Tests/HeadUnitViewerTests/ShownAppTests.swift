import CarWindowTesting
import HeadUnit
import Logging
import SDLRPC
import SDLSession
import Testing

@testable import HeadUnitViewer

/// Two real apps (SDL sessions) on one emulator: the viewer shows the one in FULL, and the page's pick wins.
@Suite("HeadUnitBackend with several apps", .timeLimit(.minutes(3)))
struct ShownAppTests {
    static func app(_ name: String) -> AppConfiguration {
        var app = AppConfiguration(appName: name, appID: "swiftsdl-nav", appType: .navigation)
        app.logger.logLevel = .critical
        // Two sessions and the emulator share one busy test process: give each step room, it only bounds a failure.
        app.timeouts.response = .seconds(30)
        app.timeouts.shutdown = .seconds(30)
        return app
    }

    /// The backend's state, polled as events arrive, until `condition` holds (each event is a chance to change it).
    static func state(
        of backend: HeadUnitBackend, events: AsyncStream<HeadUnitEvent>, until condition: (ViewerState) -> Bool
    ) async -> ViewerState {
        var state = await backend.snapshot()
        var iterator = events.makeAsyncIterator()
        while !condition(state), await iterator.next() != nil { state = await backend.snapshot() }
        return state
    }

    @Test("the app in FULL is shown; selectApp shows another; an unknown app is refused")
    func shownApp() async throws {
        try await EmulatorFixture.run { emulator in
            let backend = HeadUnitBackend(headUnit: emulator.headUnit)
            // The backend's tracker follows the events from here; the test waits on its own subscription.
            _ = await backend.eventStream()
            let events = await emulator.headUnit.events()
            let first = SDLSession(configuration: Self.app("First"), transport: emulator.transport())
            let second = SDLSession(configuration: Self.app("Second"), transport: emulator.transport())
            try await first.start()
            try await second.start()
            do {
                let one = try await emulator.app(index: 0)
                let two = try await emulator.app(index: 1)
                // The emulator activates each app (FULL) shortly after it registers; let that happen first.
                for session in [first, second] {
                    for await status in await session.hmiStatusUpdates() where status.hmiLevel == .full { break }
                }
                try await emulator.headUnit.setHMILevel(.full, for: two)
                try await emulator.headUnit.setHMILevel(.background, for: one)
                var state = await Self.state(of: backend, events: events) {
                    $0.apps.count == 2 && $0.projectingApp == String(two.rawValue)
                }
                #expect(state.projectingApp == String(two.rawValue), "the app in FULL")
                #expect(state.hmiLevel == .full)

                try await backend.perform(.selectApp(String(one.rawValue)))
                state = await backend.snapshot()
                #expect(state.projectingApp == String(one.rawValue), "picked on the page")
                #expect(state.hmiLevel == .background, "the controls now act on the picked app")
                try await backend.perform(.setHMILevel(.limited))
                let levels = await emulator.headUnit.apps().map { ($0.app, $0.hmiStatus.hmiLevel) }
                #expect(levels.first { $0.0 == one }?.1 == .limited)
                #expect(levels.first { $0.0 == two }?.1 == .full)

                await #expect(throws: ViewerError.self) { try await backend.perform(.selectApp("99")) }
            } catch {
                try? await first.stop()
                try? await second.stop()
                throw error
            }
            try await first.stop()
            try await second.stop()
        }
    }
}
