import CarWindowTesting
import HeadUnit
import Logging
import SDLMedia
import SDLProjection
import SDLRPC
import SDLSession
import SDLStreaming
import Testing

/// `Projection.start(source:)` and `stop()`: the run in a task the projection owns, the way an app runs it. Over the
/// emulator's in-memory link: no socket.
@Suite("Projection.start(source:) and stop()", .serialized, .timeLimit(.minutes(3)))
struct ProjectionStartStopTests {
    static func quietApp(_ name: String) -> AppConfiguration {
        var app = AppConfiguration(appName: name, appID: "swiftsdl-nav", appType: .navigation)
        app.logger.logLevel = .critical
        app.timeouts.shutdown = .seconds(30)  // a busy machine may answer the unregister late
        return app
    }

    static func grey() -> PacedFrameSource { PacedFrameSource(name: "grey") { TouchFloodTests.Grey() } }

    @Test("start(source:) returns registered and the source streams; stop() unregisters and ends the events")
    func startsStreamsAndStops() async throws {
        try await EmulatorFixture.run { emulator in
            let options = ProjectionOptions(app: Self.quietApp("Start"))
            let projection = Projection(options: options, transport: emulator.transport())
            let events = await projection.events()
            try await projection.start(source: Self.grey())
            // Registered when start returns: the emulator lists the app.
            let appID = try await emulator.app(timeout: .seconds(20))
            _ = try await emulator.firstFrame(of: appID)
            let streaming = await projection.state
            #expect(streaming == .streaming)

            try await projection.stop()
            let stopped = await projection.state
            #expect(stopped == .disconnected)
            var kinds: [String] = []
            for await event in events {
                switch event {
                case .registered: kinds.append("registered")
                case .video(.started): kinds.append("videoStarted")
                case .error(let failure, _): kinds.append("error \(failure)")
                default: break
                }
            }
            #expect(kinds.first == "registered")
            #expect(kinds.contains("videoStarted"))
            #expect(!kinds.contains { $0.hasPrefix("error") }, "\(kinds)")
        }
    }

    @Test("a projection runs once: a second start(source:), or run(source:) after it, throws invalidState")
    func runsOnce() async throws {
        try await EmulatorFixture.run { emulator in
            let options = ProjectionOptions(app: Self.quietApp("Once"))
            let projection = Projection(options: options, transport: emulator.transport())
            try await projection.start(source: Self.grey())
            let again = await #expect(throws: ProjectionFailure.self) {
                try await projection.start(source: Self.grey())
            }
            #expect(again?.kind == .invalidState)
            let run = await #expect(throws: ProjectionFailure.self) { try await projection.run(source: Self.grey()) }
            #expect(run?.kind == .invalidState)
            try await projection.stop()
        }
    }

    @Test("after start(source:), stop() throws nothingStreamed with the reason when the run had to stream and didn't")
    func stopThrowsNothingStreamed() async throws {
        var configuration = EmulatorFixture.defaultConfiguration
        configuration.activationDelay = nil  // never activated: the app stays in NONE
        try await EmulatorFixture.run(configuration: configuration) { emulator in
            var options = ProjectionOptions(app: Self.quietApp("Never Activated"))
            options.requiresVideo = true
            let projection = Projection(options: options, transport: emulator.transport())
            let events = await projection.events()
            try await projection.start(source: Self.grey())
            _ = try await firstElement(of: events, "the first HMI status", within: .seconds(20)) {
                if case .hmiStatus = $0 { true } else { false }
            }
            let failure = await #expect(throws: ProjectionFailure.self) { try await projection.stop() }
            #expect(failure?.kind == .nothingStreamed)
            #expect(
                failure?.message == "no video was streamed: the head unit never activated the app (HMI level NONE)")
            // A second stop has nothing more to say.
            try await projection.stop()
        }
    }
}
