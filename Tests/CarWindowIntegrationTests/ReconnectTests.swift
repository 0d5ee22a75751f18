import CarWindow
import CarWindowDemo
import Foundation
import HeadUnit
import SDLProjection
import SDLRPC
import SDLSession
import SDLStreaming
import Testing

/// `DisconnectPolicy.reconnect`: a projection whose connection the emulator drops connects and registers again by
/// itself, resumes with the head unit's hashID, streams again and re-sends its haptic rects, and its view tree is
/// the very same objects with the same state.
@Suite("Reconnect and resume", .serialized, .timeLimit(.minutes(3)))
@CarWindowActor
struct ReconnectTests {
    static let quick = ProjectionOptions.DisconnectPolicy.reconnect(
        ReconnectPolicy(initialDelay: .milliseconds(50), maximumDelay: .milliseconds(400), maximumAttempts: 5))

    @Test("a dropped connection: reconnecting, registered again with the hashID (SUCCESS), video and haptics again")
    func dropAndResume() async throws {
        let harness = try await ProjectionHarness(disconnectPolicy: Self.quick)
        defer { harness.removeRecordings() }
        let runEvents = Recorder<ProjectionEvent>()
        let relay = runEvents.consume(await harness.projection.events())
        defer { relay.cancel() }
        do {
            let app = try await harness.startStreaming()
            _ = await harness.hapticRects()
            let firstSession = harness.projection.session
            let tree = harness.screen.rootView
            #expect(harness.windowSource.window.rootView === tree)
            harness.screen.statusLabel.text = "kept across the drop"

            // The app must have the hash before the drop, so wait for the notification to reach it.
            let notifications = await firstSession.notifications()
            let hash = try await harness.headUnit.sendHashChange(to: app)
            for await note in notifications where note.functionID == .onHashChange { break }
            #expect(await firstSession.resumptionHashID == hash)

            try await harness.headUnit.dropConnection(app)
            let events = await runEvents.wait { events in
                events.filter(\.isVideoStarted).count >= 2 && events.contains(where: \.isReconnecting)
            }
            let reconnecting = events.compactMap(\.reconnecting)
            #expect(reconnecting.first?.attempt == 1)
            #expect(reconnecting.allSatisfy { $0.delay <= .milliseconds(480) })
            // Registered twice: the second time resumed with the hash the head unit gave.
            #expect(events.compactMap(\.registrationResult) == ["SUCCESS", "SUCCESS"])
            let second = events.lastIndex { $0.isVideoStarted } ?? -1
            let reconnected = events.firstIndex { $0.isReconnecting } ?? Int.max
            #expect(reconnected < second)

            // A new session on the new connection; the emulator saw a second registration and new haptic rects.
            #expect(harness.projection.session !== firstSession)
            // The new registration carried the hash (a hash the emulator did not give would be RESUME_FAILED).
            #expect(harness.projection.session.configuration.resumptionHashID == hash)
            let emulator = await harness.headUnitEvents.wait { events in
                events.compactMap(\.registeredApp).count >= 2 && events.compactMap(\.hapticRects).count >= 2
            }
            let apps = emulator.compactMap(\.registeredApp)
            #expect(apps.count == 2)
            #expect(emulator.compactMap(\.hapticRects).count >= 2)
            let newApp = try #require(apps.last)
            await harness.headUnitEvents.wait { events in
                events.contains { if case .videoFrame(newApp, _, _) = $0 { true } else { false } }
            }

            // The view tree is untouched: the same objects, the same state.
            #expect(harness.windowSource.window.rootView === tree)
            #expect(harness.screen.statusLabel.text == "kept across the drop")
            #expect(await harness.projection.state == .streaming)
            await harness.shutDown()
        } catch {
            await harness.shutDown()
            throw error
        }
    }

    @Test("a hashID the head unit does not know still registers, with RESUME_FAILED, and streams")
    func resumeFailedStillRegisters() async throws {
        let harness = try await ProjectionHarness(disconnectPolicy: Self.quick, resumptionHashID: "stale-hash")
        defer { harness.removeRecordings() }
        let runEvents = Recorder<ProjectionEvent>()
        let relay = runEvents.consume(await harness.projection.events())
        defer { relay.cancel() }
        do {
            _ = try await harness.startStreaming()
            let events = await runEvents.wait { $0.contains(where: \.isVideoStarted) }
            #expect(events.compactMap(\.registrationResult) == ["RESUME_FAILED"])
            await harness.shutDown()
        } catch {
            await harness.shutDown()
            throw error
        }
    }

    @Test("a head unit that never comes back: every allowed attempt, then gaveUp as the run's last event")
    func givesUp() async throws {
        let policy = ReconnectPolicy(
            initialDelay: .milliseconds(20), maximumDelay: .milliseconds(40), jitter: 0, maximumAttempts: 3)
        // Over TCP: the emulator's closed port refuses every attempt, and the message names it.
        let harness = try await ProjectionHarness(disconnectPolicy: .reconnect(policy), overTCP: true)
        defer { harness.removeRecordings() }
        let runEvents = Recorder<ProjectionEvent>()
        let relay = runEvents.consume(await harness.projection.events())
        defer { relay.cancel() }
        do {
            _ = try await harness.startStreaming()
            await harness.headUnit.stop()  // the port closes: every attempt is refused
            let events = await runEvents.wait { $0.contains(where: \.isError) }
            #expect(events.compactMap(\.reconnecting).map(\.attempt) == [1, 2, 3])
            let last = try #require(events.last?.errorMessage)
            #expect(last.hasPrefix("gave up reconnecting after 3 attempts: cannot connect to 127.0.0.1:"))
            // The projection's own events say the same, with the failure's kind, and it is disconnected.
            let projectionEvents = await harness.runEvents.wait { $0.contains(where: \.isError) }
            let failures = projectionEvents.compactMap {
                if case .error(let failure, nil) = $0 { failure } else { nil }
            }
            #expect(failures.map(\.kind) == [.gaveUp])
            #expect(await harness.projection.state == .disconnected)
            await harness.shutDown()
        } catch {
            await harness.shutDown()
            throw error
        }
    }
}

extension ProjectionEvent {
    var isVideoStarted: Bool {
        if case .video(let event) = self, case .started(_) = event { return true }
        return false
    }

    var isReconnecting: Bool { reconnecting != nil }

    var reconnecting: (attempt: Int, delay: Duration)? {
        if case .reconnecting(let attempt, let delay, _) = self { return (attempt, delay) }
        return nil
    }

    var registrationResult: String? {
        if case .registered(_, _, let code, _, _) = self { return code }
        return nil
    }

    var isError: Bool { errorMessage != nil }

    var errorMessage: String? {
        if case .error(let failure, nil) = self { return failure.message }
        return nil
    }
}
