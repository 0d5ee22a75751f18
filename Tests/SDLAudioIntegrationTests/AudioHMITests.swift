import HeadUnit
import NIOCore
import SDLAudio
import SDLRPC
import SDLSession
import SDLWire
import Testing

/// The emulator's HMI moves the app between levels at runtime; the audio stream follows.
@Suite("Audio and the HMI level", .timeLimit(.minutes(3)))
struct AudioHMITests {
    static let levels: [HMILevel] = [.background, .none]

    @Test("BACKGROUND or NONE stops the audio service, FULL starts it again and the queue plays on", arguments: levels)
    func leaveAndReturn(level: HMILevel) async throws {
        try await AudioRig.run { rig in
            var events = rig.audioEvents.makeAsyncIterator()
            var headUnitEvents = rig.headUnitEvents.makeAsyncIterator()
            _ = await events.first { if case .started = $0 { true } else { false } }

            let long = try await rig.audio.manager.push(TestInput.sinePCM(seconds: 5))
            let next = TestInput.sinePCM(seconds: 0.4, frequency: 550)
            let waiting = try await rig.audio.manager.push(next)
            await rig.audio.manager.play()
            _ = await headUnitEvents.first { if case .audioData = $0 { true } else { false } }

            try await rig.headUnit.setHMILevel(level, for: rig.app)
            // Core ends the audio service itself on NONE; on BACKGROUND the app ends it. Either way it stops, the
            // item playing is cut, and the one waiting stays queued.
            var cut: [AudioStreamEvent] = []
            let stopped = await events.first { event in
                if case .finished = event { cut.append(event) }
                if case .stopped = event { return true } else { return false }
            }
            #expect(cut == [.finished(long, .serviceStopped)])
            let reasons: [AudioStreamStopReason] =
                level == .none ? [.hmiLevel(.none), .headUnitEndedService] : [.hmiLevel(.background)]
            guard case .stopped(let reason)? = stopped else {
                Issue.record("no stopped event")
                return
            }
            #expect(reasons.contains(reason))
            _ = await headUnitEvents.first { if case .audioStopped = $0 { true } else { false } }
            let state = await rig.audio.manager.state
            #expect(state == .stopped || state == .shuttingDown)
            #expect(await rig.audio.manager.unfinishedItems == [waiting])
            #expect(await rig.session.runningServices.contains(.audio) == false)

            try await rig.headUnit.setHMILevel(.full, for: rig.app)
            var ends: [AudioStreamEvent] = []
            var restarted = false
            while let event = await events.next() {
                switch event {
                case .started: restarted = true
                case .finished: ends.append(event)
                default: break
                }
                if case .finished(waiting, _) = event { break }
            }
            #expect(restarted)
            #expect(ends == [.finished(waiting, .completed)])
            #expect(await rig.audio.manager.state == .ready)

            // The second recording is the waiting item, whole.
            await rig.audio.manager.stopStreaming()
            _ = await headUnitEvents.first { if case .audioStarted = $0 { true } else { false } }
            _ = await headUnitEvents.first { if case .audioStopped = $0 { true } else { false } }
            #expect(try rig.recording(2) == Array(next.readableBytesView))
        }
    }

    @Test("LIMITED keeps the audio playing")
    func limited() async throws {
        try await AudioRig.run { rig in
            var events = rig.audioEvents.makeAsyncIterator()
            _ = await events.first { if case .started = $0 { true } else { false } }
            try await rig.headUnit.setHMILevel(.limited, for: rig.app)
            let pcm = TestInput.sinePCM(seconds: 0.5)
            let item = try await rig.audio.manager.push(pcm)
            await rig.audio.manager.play()
            var seen: [AudioStreamEvent] = []
            while let event = await events.next() {
                seen.append(event)
                if case .finished(item, _) = event { break }
            }
            #expect(seen == [.finished(item, .completed)])
        }
    }
}
