import HeadUnit
import NIOCore
import SDLAudio
import SDLSession
import Testing

/// What the emulator records equals what the app meant to play, over real TCP.
@Suite("Recorded PCM", .timeLimit(.minutes(3)))
struct RecordedPCMTests {
    /// Waits for the audio service to start, plays `push`'s item to its end, ends the service and returns the
    /// emulator's recording of it with the byte count the emulator reported when the stream stopped.
    static func playAndRecord(
        _ rig: AudioRig,
        push: (AudioStreamManager<ContinuousClock>) async throws -> AudioItemID
    ) async throws -> (recording: [UInt8], reported: Int, started: AudioStreamDescription?) {
        var events = rig.audioEvents.makeAsyncIterator()
        var headUnitEvents = rig.headUnitEvents.makeAsyncIterator()
        let started = await events.first { if case .started = $0 { true } else { false } }
        let item = try await push(rig.audio.manager)
        await rig.audio.manager.play()
        let end = await events.first { if case .finished(item, _) = $0 { true } else { false } }
        #expect(end == .finished(item, .completed))
        await rig.audio.manager.stopStreaming()
        #expect(await events.first { if case .stopped = $0 { true } else { false } } == .stopped(.requested))
        let stopped = await headUnitEvents.first { if case .audioStopped = $0 { true } else { false } }
        guard case .audioStopped(_, byHeadUnit: false, let bytes)? = stopped else {
            Issue.record("the emulator did not report the app's EndService(audio): \(String(describing: stopped))")
            return ([], 0, nil)
        }
        guard case .started(let description)? = started else { return (try rig.recording(1), bytes, nil) }
        return (try rig.recording(1), bytes, description)
    }

    @Test("a 44.1 kHz stereo WAV arrives as 16 kHz mono: the decoder's output, exact length, close to the input")
    func wavFile() async throws {
        try await AudioRig.run { rig in
            let (wav, reference) = try await TestInput.sineWAV(in: rig.directory)
            let (recording, reported, started) = try await Self.playAndRecord(rig) { manager in
                try await manager.push(file: wav)
            }
            // The emulator's RegisterAppInterface response carries Core's pcmStreamCapabilities: 16 kHz 16-bit.
            #expect(started?.format == PCMFormat(sampleRate: 16_000, sampleWidth: .signed16))
            #expect(reported == recording.count)

            let decoded = try AudioFileDecoder.decode(path: wav, to: .default)
            #expect(recording == Array(decoded.bytes.readableBytesView))
            let samples = TestInput.samples(recording)
            // round(44 100 input frames × 16 000 / 44 100)
            #expect(samples.count == 16_000)
            #expect(reference.count == 2 * 44_100)

            // Each output sample against the input's left channel at the same instant (linear interpolation of a
            // 440 Hz sine at 44.1 kHz is within 2 steps of the true signal). The sine starts and stops abruptly, and
            // swresample's 32-tap windowed-sinc filter spreads each step over 16 input samples either side (about 6
            // output samples): those edges are left out.
            let edge = 8
            var worst = 0.0
            for (index, sample) in samples.enumerated().dropFirst(edge).dropLast(edge) {
                let position = Double(index) * 44_100 / 16_000
                let left = Int(position)
                guard 2 * (left + 1) < reference.count else { break }
                let a = Double(reference[2 * left])
                let b = Double(reference[2 * (left + 1)])
                let expected = a + (b - a) * (position - Double(left))
                worst = max(worst, abs(Double(sample) - expected))
            }
            #expect(worst <= 16, "largest difference from the input: \(worst) steps")
            // lavfi's sine has amplitude 1/8 of full scale (4096); ffmpeg's `-ac 2` puts it on both channels at
            // -3 dB (2896), and the downmix back to mono keeps that.
            let peak = samples.map { abs(Int($0)) }.max() ?? 0
            #expect((2_850...2_950).contains(peak), "peak \(peak): the recording holds the sine")
        }
    }

    @Test(
        "PCM pushed in the head unit's format is recorded byte for byte",
        arguments: [0.05, 1.05, 2.0])
    func pushedPCM(seconds: Double) async throws {
        try await AudioRig.run { rig in
            let pcm = TestInput.sinePCM(seconds: seconds)
            let (recording, reported, _) = try await Self.playAndRecord(rig) { manager in
                try await manager.push(pcm)
            }
            #expect(reported == pcm.readableBytes)
            #expect(recording == Array(pcm.readableBytesView))
        }
    }
}
