import CarWindow
import CarWindowTesting
import Foundation
import HeadUnit
import SDLAudio
import SDLProjection
import Testing

/// `--audio FILE` with `--reconnect`: after a reconnection the audio goes on from where it was, not from the start
/// of the file. The emulator records each audio stream as raw PCM; the two recordings must be a prefix and a
/// suffix of the file's samples that never overlap.
@Suite("Audio resumes after a reconnection", .serialized, .timeLimit(.minutes(3)))
@CarWindowActor
struct AudioResumeTests {
    /// A WAV already in the head unit's format (16 kHz, 16-bit, mono), so decoding keeps every sample as it is.
    /// Each sample is its own index (modulo 65536): a recording that is a prefix or a suffix of the file shows it.
    static func rampWAV(seconds: Int) throws -> (path: URL, samples: [UInt8]) {
        let rate = 16_000
        var data: [UInt8] = []
        for index in 0..<(rate * seconds) {
            let value = UInt16(truncatingIfNeeded: index)
            data += [UInt8(value & 0xFF), UInt8(value >> 8)]
        }
        func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        func le16(_ value: Int) -> [UInt8] { (0..<2).map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        var wav = Array("RIFF".utf8) + le32(36 + data.count) + Array("WAVE".utf8)
        wav += Array("fmt ".utf8) + le32(16) + le16(1) + le16(1) + le32(rate) + le32(rate * 2) + le16(2) + le16(16)
        wav += Array("data".utf8) + le32(data.count) + data
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cw-ramp-\(UUID().uuidString).wav")
        try Data(wav).write(to: path)
        return (path, data)
    }

    @Test("a dropped connection mid-file: the second stream carries on from where the first stopped")
    func resumesWhereItWas() async throws {
        // The audio runs on a manual clock: the first stream goes exactly as far as the test lets it (a second of the
        // file), so the drop lands mid-file however busy the machine is, and the rest plays without its 19 seconds.
        let (wav, samples) = try Self.rampWAV(seconds: 20)
        defer { try? FileManager.default.removeItem(at: wav) }
        let clock = ManualClock()
        let harness = try await ProjectionHarness(
            disconnectPolicy: ReconnectTests.quick, audioFile: wav.path, audioClock: clock)
        defer { harness.removeRecordings() }
        let runEvents = Recorder<ProjectionEvent>()
        let relay = runEvents.consume(await harness.projection.events())
        defer { relay.cancel() }
        do {
            let app = try await harness.startStreaming()
            // A second of the file: five lead-sized steps past the first chunks; then the clock stands still, so
            // nothing more is sent before the drop.
            for _ in 0..<5 {
                await clock.waitForSleeper()
                clock.advance(by: .milliseconds(200))
            }
            await clock.waitForSleeper()
            await harness.headUnitEvents.wait { events in
                events.reduce(0) { total, event in
                    if case .audioData(app, let bytes) = event { total + bytes } else { total }
                } >= samples.count / 20
            }
            try await harness.headUnit.dropConnection(app)
            // From here the audio plays on, a lead's worth of clock time per step: the second stream carries the
            // rest of the file in well under a second. How fast the steps come changes nothing but the wall time.
            let playing = Task {
                while !Task.isCancelled {
                    clock.advance(by: .milliseconds(200))
                    try? await Task.sleep(for: .milliseconds(2))
                }
            }
            defer { playing.cancel() }
            await runEvents.wait { events in
                events.contains { if case .audio(.finished(_, .completed)) = $0 { true } else { false } }
            }
            await harness.shutDown()
        } catch {
            await harness.shutDown()
            throw error
        }
        let recordings = try FileManager.default.contentsOfDirectory(atPath: harness.recordings.path)
            .filter { $0.hasSuffix(".pcm") }.sorted()
            .map { try [UInt8](Data(contentsOf: harness.recordings.appendingPathComponent($0))) }
        try #require(recordings.count == 2)
        let (first, second) = (recordings[0], recordings[1])
        #expect(first.count >= samples.count / 20)
        #expect(Array(samples.prefix(first.count)) == first)
        // Resumed, not replayed: the second stream is the file's end, shorter than the file, and the two together
        // hold each sample at most once (what was in flight when the link dropped is lost, not repeated).
        #expect(second.count < samples.count)
        #expect(Array(samples.suffix(second.count)) == second)
        #expect(first.count + second.count <= samples.count)
    }
}
