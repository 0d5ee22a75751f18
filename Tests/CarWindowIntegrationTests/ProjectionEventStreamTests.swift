import CarWindow
import CarWindowTesting
import HeadUnit
import Logging
import SDLProjection
import SDLRPC
import SDLSession
import Testing

/// A projection says what happens in one stream of `ProjectionEvent`, errors typed, and its state is derived from
/// the session and the video manager; over the emulator's in-memory link.
@Suite("One event stream and a derived state per projection", .serialized, .timeLimit(.minutes(2)))
struct ProjectionEventStreamTests {
    @Test("a touch the run cannot read is an error event with its kind, part and cause; the state follows the video")
    @CarWindowActor
    func unreadableTouch() async throws {
        var app = AppConfiguration(appName: "Event Test", appID: "swiftsdl-nav", appType: .navigation)
        app.logger.logLevel = .critical
        app.timeouts.shutdown = .seconds(30)  // a busy machine may answer the unregister late
        let reported = try await EmulatorFixture.withProjection(app: app, root: { Label(text: "events") }) {
            emulator, projection, _, appID in
            let events = await projection.events()
            _ = try await emulator.latestFrame(of: appID, timeout: .seconds(30))
            #expect(await projection.state == .streaming)
            // A BEGIN without a finger: it decodes, but it is no touch.
            #expect(try await emulator.headUnit.injectTouches([OnTouchEvent(type: .begin, event: [])], to: appID) > 0)
            let error = try await firstElement(of: events, "the touch's error event", within: .seconds(20)) {
                if case .error(_, source: .touch?) = $0 { true } else { false }
            }
            try await projection.stop()
            #expect(await projection.state == .disconnected)
            return error
        }
        guard case .error(let failure, _) = reported else {
            Issue.record("not an error event: \(reported)")
            return
        }
        #expect(failure.kind == .malformedNotification)
        #expect(failure.underlying is ProjectionTouch.InvalidTouch)
        #expect(failure.message.contains("without fingers"))
    }
}
