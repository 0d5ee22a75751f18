import Foundation
import HeadUnit
import NIOCore
import SDLAudio
import SDLSession
import SDLWire
import Testing

/// Bad audio input while a heavy video stream runs on the same TCP connection to the emulator.
@Suite("Audio beside video", .timeLimit(.minutes(3)))
struct AudioBesideVideoTests {
    static let badFiles: [(name: String, bytes: [UInt8]?, kind: MediaStreamingError.Kind)] = [
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

                let error = await #expect(throws: MediaStreamingError.self) {
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
