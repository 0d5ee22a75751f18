import CarWindowTesting
import Foundation
import HeadUnit
import Logging
import SDLMedia
import SDLProjection
import SDLRPC
import SDLSession
import Testing

/// Runs that were asked to stream and streamed nothing end as failures with an `error` event that says why, never
/// as a clean run (issue #30: items 5 and the exit-code rule; connect failures write their `error` event).
@Suite("Runs that streamed nothing", .serialized, .timeLimit(.minutes(3)))
struct NothingStreamedTests {
    /// Never asked for a frame in these runs: the video never starts.
    final class NoFrames: FrameProducer {
        func nextFrame(index: Int, size: ImageResolution) throws(ProjectionFailure) -> VideoFrame? { nil }
    }

    static func source() -> PacedFrameSource { PacedFrameSource(name: "none") { NoFrames() } }

    static func quietApp() -> AppConfiguration {
        var app = AppConfiguration(appName: "Nothing Streamed", appID: "swiftsdl-nav")
        app.logger.logLevel = .critical
        return app
    }

    /// Runs `streaming` until it ends by itself; a backstop `stop()` only catches a run that would idle forever.
    static func runUntilItEnds(_ streaming: Projection) async -> ProjectionFailure? {
        let backstop = Task {
            try await Task.sleep(for: .seconds(60))
            Issue.record("the run was still going after 60 s")
            try? await streaming.stop()
        }
        defer { backstop.cancel() }
        do {
            try await streaming.run(source: source())
            return nil
        } catch {
            return error
        }
    }

    @Test("a head unit that never answers the video StartService: the run fails with the reason, not idles")
    func videoStartNeverAnswered() async throws {
        var configuration = HeadUnitConfiguration(port: 0, activationDelay: .milliseconds(50))
        configuration.quirks.videoStartDelay = .seconds(3_600)
        let headUnit = HeadUnitEmulator(configuration: configuration)
        _ = try await headUnit.start()
        var app = Self.quietApp()
        app.timeouts.service = .seconds(2)
        let streaming = Projection(
            options: ProjectionOptions(app: app), transport: EmulatorTransport(headUnit: headUnit))
        let events = Recorder<ProjectionEvent>()
        let relay = events.consume(await streaming.events())
        defer { relay.cancel() }
        let failure = await Self.runUntilItEnds(streaming)
        await headUnit.stop()
        #expect(failure?.kind == .videoFailed, "\(String(describing: failure))")
        #expect(failure?.message.contains("StartService") == true, "\(String(describing: failure))")
        let seen = await events.wait { _ in false }
        #expect(seen.last?.errorMessage == failure?.message)
    }

    @Test("a refused first connect writes its error event before the events end")
    func connectFailureHasAnErrorEvent() async throws {
        let probe = HeadUnitEmulator(configuration: HeadUnitConfiguration(port: 0))
        let port = try await probe.start()
        await probe.stop()
        let streaming = Projection(
            options: ProjectionOptions(app: Self.quietApp()), host: "127.0.0.1", port: port)
        let events = Recorder<ProjectionEvent>()
        let relay = events.consume(await streaming.events())
        defer { relay.cancel() }
        let failure = await Self.runUntilItEnds(streaming)
        #expect(failure?.kind == .connectFailed)
        let seen = await events.wait { _ in false }
        #expect(seen.last?.errorMessage == failure?.message, "\(seen.count) events")
    }

    @Test("a run that must stream and was never activated: nothingStreamed with the HMI level, as its last event")
    func neverActivated() async throws {
        // Never activated: the app stays in NONE, so no video can start.
        let headUnit = HeadUnitEmulator(configuration: HeadUnitConfiguration(port: 0, activationDelay: nil))
        _ = try await headUnit.start()
        var options = ProjectionOptions(app: Self.quietApp())
        options.requiresVideo = true
        let streaming = Projection(options: options, transport: EmulatorTransport(headUnit: headUnit))
        let events = Recorder<ProjectionEvent>()
        let relay = events.consume(await streaming.events())
        defer { relay.cancel() }
        let run = Task { await Self.runUntilItEnds(streaming) }
        // Registered and told NONE: the point where a script's --duration would end the run.
        await events.wait { seen in
            seen.contains { if case .hmiStatus = $0 { true } else { false } }
        }
        try await streaming.stop()
        let failure = await run.value
        await headUnit.stop()
        #expect(failure?.kind == .nothingStreamed, "\(String(describing: failure))")
        #expect(failure?.message == "no video was streamed: the head unit never activated the app (HMI level NONE)")
        let seen = await events.wait { _ in false }
        #expect(seen.last?.errorMessage == failure?.message)
    }

    @Test("without requiresVideo, a stop before the first frame is a clean end (an app may stop early)")
    func stopBeforeVideoIsClean() async throws {
        let headUnit = HeadUnitEmulator(configuration: HeadUnitConfiguration(port: 0, activationDelay: nil))
        _ = try await headUnit.start()
        let streaming = Projection(
            options: ProjectionOptions(app: Self.quietApp()), transport: EmulatorTransport(headUnit: headUnit))
        let events = Recorder<ProjectionEvent>()
        let relay = events.consume(await streaming.events())
        defer { relay.cancel() }
        let run = Task { await Self.runUntilItEnds(streaming) }
        await events.wait { seen in
            seen.contains { if case .hmiStatus = $0 { true } else { false } }
        }
        try await streaming.stop()
        let failure = await run.value
        await headUnit.stop()
        #expect(failure == nil)
    }
}
