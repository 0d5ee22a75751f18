import CarWindow
import Foundation
import HeadUnit
import Logging
import SDLProjection
import SDLRPC
import SDLSession
import SDLWire
import Testing

/// The links #18 left open: a first connection that fails is retried under `.reconnect`, and a head unit that
/// stops answering (its socket still open) is caught by the session's Heartbeat and reconnected to.
@Suite("Liveness and the first connect", .serialized, .timeLimit(.minutes(3)))
@CarWindowActor
struct LivenessReconnectTests {
    /// A TCP port nothing listens on: an emulator's, once it stopped.
    static func closedPort() async throws -> Int {
        let probe = HeadUnitEmulator(configuration: HeadUnitConfiguration(port: 0))
        let port = try await probe.start()
        await probe.stop()
        return port
    }

    static func quietApp() -> AppConfiguration {
        var app = AppConfiguration(appName: "First Connect", appID: "swiftsdl-nav")
        app.logger.logLevel = .critical
        return app
    }

    @Test("a refused first connect under .reconnect: every allowed attempt as reconnecting, then gaveUp")
    func firstConnectGivesUp() async throws {
        let port = try await Self.closedPort()
        var options = ProjectionOptions(app: Self.quietApp())
        options.disconnectPolicy = .reconnect(
            ReconnectPolicy(initialDelay: .milliseconds(20), maximumDelay: .milliseconds(40), maximumAttempts: 3))
        let streaming = Projection(options: options, host: "127.0.0.1", port: port)
        let events = Recorder<ProjectionEvent>()
        let relay = events.consume(await streaming.events())
        defer { relay.cancel() }
        let failure = await #expect(throws: ProjectionFailure.self) { try await streaming.connect() }
        #expect(failure?.kind == .gaveUp)
        let message = failure?.message ?? ""
        #expect(message.hasPrefix("gave up reconnecting after 3 attempts: cannot connect to 127.0.0.1:"))
        let seen = await events.wait { $0.contains(where: \.isError) }
        #expect(seen.compactMap(\.reconnecting).map(\.attempt) == [1, 2, 3])
        #expect(seen.last?.errorMessage == failure?.message)
    }

    @Test("a refused first connect without .reconnect fails at once with connectFailed and no reconnecting")
    func firstConnectFailsWithoutPolicy() async throws {
        let port = try await Self.closedPort()
        let streaming = Projection(
            options: ProjectionOptions(app: Self.quietApp()), host: "127.0.0.1", port: port)
        let events = Recorder<ProjectionEvent>()
        let relay = events.consume(await streaming.events())
        defer { relay.cancel() }
        let failure = await #expect(throws: ProjectionFailure.self) { try await streaming.connect() }
        #expect(failure?.kind == .connectFailed)
        // The stream ends with the failed connect; nothing in it was a retry.
        let seen = await events.wait { _ in false }
        let retried = seen.contains { $0.isReconnecting }
        #expect(!retried)
    }

    @Test("a head unit that comes up after the first refused connect: the retry connects and registers")
    func firstConnectSucceedsOnRetry() async throws {
        let port = try await Self.closedPort()
        var options = ProjectionOptions(app: Self.quietApp())
        options.disconnectPolicy = .reconnect(
            ReconnectPolicy(initialDelay: .milliseconds(50), maximumDelay: .milliseconds(200), maximumAttempts: 100))
        let streaming = Projection(options: options, host: "127.0.0.1", port: port)
        let events = Recorder<ProjectionEvent>()
        let relay = events.consume(await streaming.events())
        defer { relay.cancel() }
        let connecting = Task { () async throws -> Void in try await streaming.connect() }
        await events.wait { $0.contains(where: \.isReconnecting) }
        let headUnit = HeadUnitEmulator(configuration: HeadUnitConfiguration(port: port))
        _ = try await headUnit.start()
        do {
            try await connecting.value
            let seen = await events.wait { $0.contains { $0.registrationResult != nil } }
            #expect(seen.compactMap(\.registrationResult) == ["SUCCESS"])
            #expect(await headUnit.apps().contains { $0.appName == "First Connect" })
            try await streaming.stop()
            await headUnit.stop()
        } catch {
            try? await streaming.stop()
            await headUnit.stop()
            throw error
        }
    }

    @Test("a quiet head unit that answers Heartbeats is alive: the heartbeats go out and no reconnect happens")
    func answeredHeartbeatsKeepTheLink() async throws {
        let harness = try await ProjectionHarness(disconnectPolicy: ReconnectTests.quick, overTCP: true) { app in
            app.heartbeat = AppConfiguration.Heartbeat(idle: .milliseconds(100), answerTimeout: .seconds(2))
        }
        defer { harness.removeRecordings() }
        let runEvents = Recorder<ProjectionEvent>()
        let relay = runEvents.consume(await harness.projection.events())
        let frames = Recorder<ReceivedFrame>()
        let frameRelay = frames.consume(await harness.headUnit.receivedFrames())
        defer {
            relay.cancel()
            frameRelay.cancel()
        }
        do {
            _ = try await harness.startStreaming()
            // Video flows to the emulator, nothing flows back: the app asks, and every answer keeps it going.
            await frames.wait { $0.filter(\.isHeartbeat).count >= 3 }
            let retried = await runEvents.events.contains { $0.isReconnecting }
            #expect(!retried)
            #expect(await harness.projection.state == .streaming)
            await harness.shutDown()
        } catch {
            await harness.shutDown()
            throw error
        }
    }

    @Test("a head unit that goes silent: the Heartbeat goes unanswered, the app reconnects, and streams again")
    func silentHeadUnitIsReconnected() async throws {
        let harness = try await ProjectionHarness(disconnectPolicy: ReconnectTests.quick, overTCP: true) { app in
            app.heartbeat = AppConfiguration.Heartbeat(idle: .milliseconds(100), answerTimeout: .seconds(2))
            app.timeouts.protocolStart = .seconds(1)
        }
        defer { harness.removeRecordings() }
        let runEvents = Recorder<ProjectionEvent>()
        let relay = runEvents.consume(await harness.projection.events())
        defer { relay.cancel() }
        do {
            _ = try await harness.startStreaming()
            await harness.headUnit.setAnsweringAll(false)
            // The socket stays open: only the unanswered Heartbeat can tell the head unit is gone.
            var events = await runEvents.wait { $0.contains(where: \.isReconnecting) }
            let reason = try #require(events.compactMap(\.reconnectingReason).first)
            #expect(reason.contains("not even an answer to a Heartbeat"))
            // Silent still: the new connection is accepted and its StartService never answered.
            events = await runEvents.wait { events in
                events.compactMap(\.reconnectingReason).contains { $0.contains("did not answer the RPC StartService") }
            }
            await harness.headUnit.setAnsweringAll(true)
            events = await runEvents.wait { $0.filter(\.isVideoStarted).count >= 2 }
            #expect(events.compactMap(\.registrationResult).count == 2)
            await harness.shutDown()
        } catch {
            await harness.shutDown()
            throw error
        }
    }
}

extension ProjectionEvent {
    var reconnectingReason: String? {
        if case .reconnecting(_, _, let reason) = self { return reason }
        return nil
    }
}

extension ReceivedFrame {
    var isHeartbeat: Bool {
        frame.header.frameType == .control && frame.header.frameInfo == ControlFrameInfo.heartbeat.rawValue
    }
}
