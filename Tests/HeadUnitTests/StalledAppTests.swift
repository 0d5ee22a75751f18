import Foundation
import HeadUnit
import SDLRPC
import Testing

/// An app that stops reading must not make the emulator buffer for ever.
@Suite("Stalled apps", .timeLimit(.minutes(3)))
struct StalledAppTests {
    @Test("an app that stops reading is reported and closed once its queue is full; a reading app is not")
    func stopsReading() async throws {
        var configuration = HeadUnitConfiguration(port: 0)
        configuration.activationDelay = .milliseconds(10)
        let headUnit = HeadUnitEmulator(configuration: configuration)
        let port = try await headUnit.start()
        let events = await headUnit.events()
        let reader = try await TestApp(port: port)
        _ = try await reader.startRPC()
        _ = try await reader.registerUntilFull()
        let stalled = try await TestApp(port: port)
        _ = try await stalled.startRPC()
        _ = try await stalled.registerUntilFull(json: TestApp.registration(types: ["NAVIGATION"], appID: "stalled"))
        let apps = await headUnit.apps()
        let readerID = try #require(apps.first { $0.appName != nil && $0.sessionID == 1 }?.app)
        let stalledID = try #require(apps.first { $0.app != readerID }?.app)
        try await stalled.stopReading()

        // Touches in small batches, as a driver's finger makes them (each is sent twice: Core's quirk), until the
        // emulator gives up on the stalled app. The kernel's socket buffers take some first, then the queue fills.
        // 50 taps a batch: 200 OnTouchEvent frames. Loopback's socket buffers hold some megabytes before the queue
        // starts to fill; 2000 batches (60 MB) is far more than both.
        let touches = Array((0..<50).map { OnTouchEvent.tap(x: Double(10 + $0), y: 10, at: $0 * 100) }.joined())
        var batches = 0
        var sent = 0
        while await headUnit.apps().contains(where: { $0.app == stalledID }), batches < 2_000 {
            sent += (try? await headUnit.injectTouches(touches, to: stalledID)) ?? 0
            batches += 1
        }
        #expect(batches < 2_000, "the stalled app was never closed (\(sent) touch frames sent)")

        var reports = 0
        for await event in events {
            if case .error(let error) = event, error.description.contains("stopped reading") {
                reports += 1
            }
            if case .disconnected(let app) = event, app == stalledID { break }
        }
        // Once: the frames dropped while the close is under way are not each another report.
        #expect(reports == 1, "the emulator says why it closed the app, once (\(reports) reports)")
        // The app that kept reading is still served.
        try await headUnit.setHMILevel(.full, for: readerID)
        #expect(try await headUnit.injectTouches(OnTouchEvent.tap(x: 1, y: 1), to: readerID) > 0)
        #expect(await headUnit.apps().map(\.app) == [readerID])
        await reader.close()
        await stalled.close()
        await headUnit.stop()
    }
}
