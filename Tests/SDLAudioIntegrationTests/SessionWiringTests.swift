import HeadUnit
import NIOCore
import SDLAudio
import SDLSession
import Testing

/// How `SessionAudioStream` follows the session's own life.
@Suite("Session wiring", .timeLimit(.minutes(3)))
struct SessionWiringTests {
    @Test("a session that is not registered is refused with a clear error")
    func notRegistered() async throws {
        let (app, _) = InMemoryTransport.makePair()
        let session = SDLSession(configuration: AppConfiguration(appName: "Probe", appID: "probe"), transport: app)
        let error = await #expect(throws: MediaStreamingError.self) {
            _ = try await SessionAudioStream(session: session)
        }
        #expect(error?.kind == .connectionFailed)
        #expect(error?.description.contains("not registered") == true)
    }

    @Test(
        "the head unit dropping the connection stops audio: the item playing ends, the stream reports transportClosed")
    func connectionDropped() async throws {
        try await AudioRig.run { rig in
            var events = rig.audioEvents.makeAsyncIterator()
            _ = await events.first { if case .started = $0 { true } else { false } }
            let item = try await rig.audio.manager.push(TestInput.sinePCM(seconds: 5))
            await rig.audio.manager.play()
            var headUnitEvents = rig.headUnitEvents.makeAsyncIterator()
            _ = await headUnitEvents.first { if case .audioData = $0 { true } else { false } }

            try await rig.headUnit.dropConnection(rig.app)
            var seen: [AudioStreamEvent] = []
            while let event = await events.next() {
                if case .error = event { continue }  // a chunk may fail on the closing socket first
                seen.append(event)
                if case .stopped = event { break }
            }
            #expect(seen == [.finished(item, .serviceStopped), .stopped(.transportClosed)])
            #expect(await rig.audio.manager.state == .stopped)
        }
    }

    @Test("run() in the caller's task group drives the stream as start() does")
    func runInCallersGroup() async throws {
        try await AudioRig.run(driver: .run) { rig in
            var events = rig.audioEvents.makeAsyncIterator()
            _ = await events.first { if case .started = $0 { true } else { false } }
            let pcm = TestInput.sinePCM(seconds: 0.3)
            let item = try await rig.audio.manager.push(pcm)
            await rig.audio.manager.play()
            let end = await events.first { if case .finished(item, _) = $0 { true } else { false } }
            #expect(end == .finished(item, .completed))
            await rig.audio.start()  // ignored: the stream already runs in the caller's task
            await rig.audio.manager.stopStreaming()
            var headUnitEvents = rig.headUnitEvents.makeAsyncIterator()
            _ = await headUnitEvents.first { if case .audioStopped = $0 { true } else { false } }
            #expect(try rig.recording(1) == Array(pcm.readableBytesView))
        }
    }
}
