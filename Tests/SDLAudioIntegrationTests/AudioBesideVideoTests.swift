import Foundation
import HeadUnit
import NIOCore
import SDLAudio
import SDLSession
import SDLWire
import Testing

/// Audio and a heavy video stream on one TCP connection to the emulator.
@Suite("Audio beside video", .timeLimit(.minutes(1)))
struct AudioBesideVideoTests {
    @Test("audio keeps its pace while 200 KB access units go out every 33 ms on the same connection")
    func paceBesideVideo() async throws {
        try await AudioRig.run { rig in
            var events = rig.audioEvents.makeAsyncIterator()
            let started = await events.first { if case .started = $0 { true } else { false } }
            guard case .started(let stream)? = started else {
                Issue.record("the audio service did not start")
                return
            }
            try await VideoLoad.startService(rig.session)
            let seconds = 3.0
            let sent = try await withThrowingTaskGroup(of: Int.self) { group in
                group.addTask { try await VideoLoad.run(rig.session) }
                let item = try await rig.audio.manager.push(TestInput.sinePCM(seconds: seconds))
                await rig.audio.manager.play()
                let end = await events.first { if case .finished(item, _) = $0 { true } else { false } }
                #expect(end == .finished(item, .completed))
                group.cancelAll()
                return try await group.next() ?? 0
            }
            #expect(sent >= Int(seconds * 20), "only \(sent) access units were sent in \(seconds) s")

            let frames = try LoggedFrame.load(rig.eventLog)
            let audio = frames.filter(\.isAudioData)
            let video = frames.filter(\.isVideoData)
            let chunk = rig.audio.manager.settings.chunkDuration
            let chunkSeconds = Double(chunk.components.seconds) + Double(chunk.components.attoseconds) * 1e-18
            #expect(audio.count == Int((seconds / chunkSeconds).rounded(.up)))
            #expect(audio.reduce(0) { $0 + $1.payloadBytes } == Int(seconds * 16_000) * 2)
            // The video really ran while the audio played: access units of 13 frames each arrived in between.
            let during = video.filter { $0.t > (audio.first?.t ?? 0) && $0.t < (audio.last?.t ?? 0) }
            #expect(during.count >= 13 * Int(seconds * 15), "only \(during.count) video frames during the audio")

            // The lead (200 ms) plus one chunk leave at once, then one chunk per chunk duration.
            let lead = rig.audio.manager.settings.lead
            let burst = Int(lead / chunk) + 1
            let timing = AudioTiming(audio, bytesPerSecond: Double(stream.format.bytesPerSecond), burst: burst)
            #expect(timing.longestInterval <= 2 * chunkSeconds, "\(timing)")
            #expect(timing.longestSilence <= chunkSeconds, "\(timing)")
        }
    }

    static let badFiles: [(name: String, bytes: [UInt8]?, kind: AudioStreamingError.Kind)] = [
        ("noise.wav", Array(repeating: 0x5A, count: 4_096), .undecodableFile),
        ("prompt.srt", Array("1\n00:00:00,000 --> 00:00:01,000\nTurn left\n\n".utf8), .unsupportedFormat),
        ("missing.mp3", nil, .fileNotReadable),
    ]

    @Test(
        "a corrupt, unsupported or missing file is refused with a clear error; video and audio carry on",
        arguments: badFiles.indices)
    func badFile(index: Int) async throws {
        let (name, bytes, kind) = Self.badFiles[index]
        try await AudioRig.run { rig in
            var events = rig.audioEvents.makeAsyncIterator()
            _ = await events.first { if case .started = $0 { true } else { false } }
            try await VideoLoad.startService(rig.session)
            var headUnitEvents = rig.headUnitEvents.makeAsyncIterator()
            try await withThrowingTaskGroup(of: Int.self) { group in
                group.addTask { try await VideoLoad.run(rig.session) }
                let path = rig.directory.appendingPathComponent(name).path
                if let bytes { try Data(bytes).write(to: URL(fileURLWithPath: path)) }

                let error = await #expect(throws: AudioStreamingError.self) {
                    try await rig.audio.manager.push(file: path)
                }
                #expect(error?.kind == kind)
                #expect(
                    error?.description.contains(name) == true, "the error names the file: \(String(describing: error))")
                #expect(await rig.audio.manager.unfinishedItems.isEmpty)

                // The video goes on: more access units arrive, and both services are still running.
                var later = 0
                while later < 10, let event = await headUnitEvents.next() {
                    if case .videoFrame = event { later += 1 }
                }
                #expect(later == 10)
                #expect(await rig.session.runningServices == [.audio, .video])

                // And the audio stream still plays what comes next.
                let item = try await rig.audio.manager.push(TestInput.sinePCM(seconds: 0.3))
                await rig.audio.manager.play()
                let end = await events.first { if case .finished(item, _) = $0 { true } else { false } }
                #expect(end == .finished(item, .completed))
                group.cancelAll()
                _ = try await group.next()
            }
        }
    }
}
