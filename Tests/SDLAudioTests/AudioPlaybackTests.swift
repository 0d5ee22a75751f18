import CarWindowTestingTools
import Foundation
import NIOCore
import SDLAudio
import SDLRPC
import Testing

@Suite("Paced playback queue", .timeLimit(.minutes(3)))
struct AudioPlaybackTests {
    static let stream = AudioStreamDescription(format: .default, mtu: 131_072)

    @Test(
        "bytes sent track real time: never more than the lead plus one chunk ahead, never behind the lead",
        arguments: [Duration.milliseconds(100), .milliseconds(37), .milliseconds(250)])
    func pacing(step: Duration) async throws {
        var h = await ManagerHarness()
        let format = PCMFormat.default
        let total = format.byteCount(for: .seconds(3))
        let id = try await h.manager.push(TestAudio.constantPCM(1, seconds: 3))
        await h.manager.play()
        await h.hmi(.full)
        #expect(await h.next() == .started(Self.stream))
        await h.clock.waitForSleeper()
        let lead = format.byteCount(for: .milliseconds(200))
        let chunk = 3_200
        while h.clock.elapsed + step < .seconds(3) {
            let sent = h.connection.sentBytes.count
            let played = format.byteCount(for: h.clock.elapsed)
            #expect(sent <= played + lead + chunk, "at \(h.clock.elapsed): \(sent) bytes sent")
            #expect(sent >= min(total, played + lead), "at \(h.clock.elapsed): head unit starved, \(sent) sent")
            await h.advance(1, by: step)
        }
        #expect(await h.manager.unfinishedItems == [id], "not finished before it has played")
        h.clock.advance(by: .seconds(3) - h.clock.elapsed)
        #expect(await h.next() == .finished(id, .completed))
        #expect(h.connection.sentBytes.count == total)
        #expect(h.connection.sent.allSatisfy { $0.bytes.count == chunk })
        #expect(await h.manager.unfinishedItems == [])
        await h.finish()
    }

    @Test("the first chunks go out at once, then one per 100 ms, as in the SDL Core 8.2 trace")
    func cadence() async throws {
        var h = await ManagerHarness()
        _ = try await h.manager.push(TestAudio.constantPCM(1, seconds: 1))
        await h.manager.play()
        await h.hmi(.full)
        _ = await h.next()
        await h.clock.waitForSleeper()
        await h.advance(4)
        #expect(h.connection.sent.map(\.at) == [0, 0, 0, 100, 200, 300, 400].map { Duration.milliseconds($0) })
        await h.finish()
    }

    @Test("PCM pushed in the head unit's format passes through unchanged")
    func passThrough() async throws {
        var h = await ManagerHarness()
        var pcm = ByteBuffer()
        for n in 0..<8_000 { pcm.writeInteger(Int16(truncatingIfNeeded: n * 7), endianness: .little) }
        let id = try await h.manager.push(pcm)
        await h.manager.play()
        await h.hmi(.limited)
        _ = await h.next()
        await h.clock.waitForSleeper()
        await h.advance(2)
        h.clock.advance(by: .milliseconds(300))
        #expect(await h.next() == .finished(id, .completed))
        #expect(h.connection.sentBytes == Array(pcm.readableBytesView))
        await h.finish()
    }

    @Test("PCM in a declared format is converted: 1 s of 48 kHz stereo float becomes 1 s at 16 kHz mono")
    func declaredFormat() async throws {
        var floats = ByteBuffer()
        for n in 0..<48_000 {
            let value = Float(0.5 * sin(2 * Double.pi * 440 * Double(n) / 48_000))
            floats.writeInteger(value.bitPattern, endianness: .little)
            floats.writeInteger(value.bitPattern, endianness: .little)
        }
        let input = PCMInputFormat(sampleRate: 48_000, channels: 2, sampleType: .float32)
        let audio = try await Self.converted(floats, input)
        #expect(audio.frameCount == 16_000)
        let samples = audio.samples
        for n in stride(from: 64, to: 15_936, by: 97) {
            let expected = TestAudio.sine(n, sampleRate: 16_000)
            #expect(abs(Double(samples[n]) - expected) < 33, "sample \(n)")
        }
    }

    /// What the manager queued for a declared-format push, read back off the wire.
    static func converted(_ pcm: ByteBuffer, _ input: PCMInputFormat) async throws -> PCMAudio {
        var h = await ManagerHarness()
        let id = try await h.manager.push(pcm, format: input)
        await h.manager.play()
        await h.hmi(.full)
        _ = await h.next()
        await h.clock.waitForSleeper()
        await h.advance(7)
        h.clock.advance(by: .milliseconds(300))
        #expect(await h.next() == .finished(id, .completed))
        await h.finish()
        return PCMAudio(format: .default, bytes: ByteBuffer(bytes: h.connection.sentBytes))
    }

    @Test(
        "partial samples and impossible layouts are .invalidPCM",
        arguments: [
            (3, nil as PCMInputFormat?),
            (4, PCMInputFormat(sampleRate: 44_100, channels: 2, sampleType: .float32)),
            (8, PCMInputFormat(sampleRate: 0, channels: 1, sampleType: .signed16)),
            (8, PCMInputFormat(sampleRate: 16_000, channels: 64, sampleType: .signed16)),
        ])
    func invalidPCM(byteCount: Int, format: PCMInputFormat?) async {
        let h = await ManagerHarness()
        let error = await #expect(throws: MediaStreamingError.self) {
            try await h.manager.push(ByteBuffer(repeating: 0, count: byteCount), format: format)
        }
        #expect(error?.kind == .invalidPCM)
        #expect(await h.manager.unfinishedItems == [])
        await h.finish()
    }

    @Test("a corrupt file is refused with a typed error and the queue carries on")
    func corruptFile() async throws {
        var h = await ManagerHarness()
        let path = try TestAudio.write(Array(repeating: 0x5A, count: 4_096), name: "bad.mp3")
        let first = try await h.manager.push(TestAudio.constantPCM(1, seconds: 0.2))
        let error = await #expect(throws: MediaStreamingError.self) { try await h.manager.push(file: path) }
        #expect(error?.kind == .undecodableFile)
        await h.manager.play()
        await h.hmi(.full)
        #expect(await h.next() == .started(Self.stream))
        await h.clock.waitForSleeper()
        h.clock.advance(by: .milliseconds(200))
        #expect(await h.next() == .finished(first, .completed))
        await h.finish()
    }

    @Test("a WAV file is decoded to the head unit's format and queued")
    func file() async throws {
        var h = await ManagerHarness()
        let path = try TestAudio.write(TestAudio.sineWAV(seconds: 0.5), name: "prompt.wav")
        let id = try await h.manager.push(file: path)
        await h.manager.play()
        await h.hmi(.full)
        _ = await h.next()
        await h.clock.waitForSleeper()
        await h.advance(2)
        h.clock.advance(by: .milliseconds(300))
        #expect(await h.next() == .finished(id, .completed))
        #expect(h.connection.sentBytes.count == 16_000)
        await h.finish()
    }
}
