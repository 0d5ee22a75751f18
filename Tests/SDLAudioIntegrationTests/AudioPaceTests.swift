import Foundation
import HeadUnit
import NIOCore
import SDLAudio
import SDLSession
import SDLWire
import Testing

/// Audio's pace while a heavy video stream shares its TCP connection to the emulator, measured on the emulator's
/// frame log.
///
/// This is a timing measurement, the one the issue asks for: it needs the machine to itself. `scripts/test.sh` runs
/// it alone after the rest of the suite (`swift test --filter SDLAudioIntegrationTests.AudioPaceTests`); run in
/// parallel with CPU-heavy suites (the rendering goldens) it measures the CPU contention, not the transport.
@Suite("Audio pace beside video", .timeLimit(.minutes(3)))
struct AudioPaceTests {
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
            // No gap in the recording longer than one chunk: a head unit playing each chunk as it arrives is never
            // silent for longer (the lead normally keeps it at zero). Between two chunks, never more time than the
            // head unit holds (lead + chunk) after the burst.
            let leadSeconds = Double(lead.components.seconds) + Double(lead.components.attoseconds) * 1e-18
            #expect(timing.longestSilence <= chunkSeconds, "\(timing)")
            #expect(timing.longestInterval <= leadSeconds + chunkSeconds, "\(timing)")
        }
    }
}
