import CarWindowTestingTools
import Foundation
import NIOCore
import SDLAudio
import Testing

@Suite("Decoding and resampling files")
struct AudioFileDecoderTests {
    /// Largest difference from the ideal sine, in 16-bit steps, away from the first and last few milliseconds where
    /// the resampler's filter sees the edges of the signal: 0.1 % of full scale (swresample's sinc filter
    /// measured about 4 steps here).
    static let tolerance = 33.0
    static let edge = 64

    @Test(
        "a 1 s WAV at 44.1 kHz stereo becomes exactly one second at the head unit's rate, close to the sine",
        arguments: [8_000, 16_000, 22_050, 44_100])
    func wavToHeadUnitRate(rate: Int) throws {
        let path = try TestAudio.write(TestAudio.sineWAV(sampleRate: 44_100, channels: 2), name: "sine.wav")
        let format = PCMFormat(sampleRate: rate, sampleWidth: .signed16)
        let audio = try AudioFileDecoder.decode(path: path, to: format)
        #expect(audio.format == format)
        #expect(audio.frameCount == rate)
        let samples = audio.samples
        var worst = 0.0
        for n in Self.edge..<(samples.count - Self.edge) {
            worst = max(worst, abs(Double(samples[n]) - TestAudio.sine(n, sampleRate: rate)))
        }
        #expect(worst < Self.tolerance, "worst error \(worst) at \(rate) Hz")
    }

    @Test("8-bit output is unsigned, centred on 128")
    func eightBit() throws {
        let path = try TestAudio.write(TestAudio.sineWAV(sampleRate: 44_100, channels: 2), name: "sine.wav")
        let format = PCMFormat(sampleRate: 16_000, sampleWidth: .unsigned8)
        let audio = try AudioFileDecoder.decode(path: path, to: format)
        #expect(audio.frameCount == 16_000)
        #expect(audio.bytes.readableBytes == 16_000)
        let samples = audio.samples
        var worst = 0.0
        for n in Self.edge..<(samples.count - Self.edge) {
            worst = max(worst, abs(Double(samples[n]) - TestAudio.sine(n, sampleRate: 16_000)))
        }
        // One 8-bit step is 256 in 16-bit terms, and the conversion to 8 bits may be off by a whole step.
        #expect(worst < Self.tolerance + 256, "worst error \(worst)")
    }

    @Test("a missing file is .fileNotReadable")
    func missing() {
        #expect(throws: MediaStreamingError.self) {
            try AudioFileDecoder.decode(path: "/nonexistent/prompt.wav", to: .default)
        }
        do {
            _ = try AudioFileDecoder.decode(path: "/nonexistent/prompt.wav", to: .default)
        } catch {
            #expect(error.kind == .fileNotReadable)
            #expect(error.description.contains("/nonexistent/prompt.wav"))
        }
    }

    @Test("bytes that are not audio are .undecodableFile")
    func corrupt() throws {
        let path = try TestAudio.write(Array(repeating: 0x5A, count: 4_096), name: "noise.wav")
        let error = #expect(throws: MediaStreamingError.self) {
            try AudioFileDecoder.decode(path: path, to: .default)
        }
        #expect(error?.kind == .undecodableFile)
    }

    @Test("a WAV whose header promises data that is not there is refused or cut, never a crash")
    func truncatedHeader() throws {
        let wav = Array(TestAudio.sineWAV(seconds: 0.1).prefix(44))
        let path = try TestAudio.write(wav, name: "empty.wav")
        let error = #expect(throws: MediaStreamingError.self) {
            try AudioFileDecoder.decode(path: path, to: .default)
        }
        #expect(error?.kind == .undecodableFile)
    }

    @Test("a file with no audio stream (subtitles) is .unsupportedFormat")
    func noAudio() throws {
        let srt = "1\n00:00:00,000 --> 00:00:01,000\nTurn left\n\n"
        let path = try TestAudio.write(Array(srt.utf8), name: "prompt.srt")
        let error = #expect(throws: MediaStreamingError.self) {
            try AudioFileDecoder.decode(path: path, to: .default)
        }
        #expect(error?.kind == .unsupportedFormat)
        #expect(error?.detail.contains("no audio stream") == true)
    }

    @Test("a file longer than the limit is .tooLong")
    func tooLong() throws {
        let path = try TestAudio.write(TestAudio.sineWAV(seconds: 1), name: "long.wav")
        let error = #expect(throws: MediaStreamingError.self) {
            try AudioFileDecoder.decode(path: path, to: .default, maximumDuration: .milliseconds(500))
        }
        #expect(error?.kind == .tooLong)
    }

    @Test(
        "compressed formats decode through FFmpeg (files made with the ffmpeg tool)", arguments: ["mp3", "ogg", "m4a"])
    func compressed(ext: String) async throws {
        let wav = try TestAudio.write(TestAudio.sineWAV(sampleRate: 44_100, channels: 2), name: "sine.wav")
        let output = (wav as NSString).deletingLastPathComponent + "/sine.\(ext)"
        // Off the cooperative pool: encoding takes a while and other tests need its threads meanwhile.
        let ffmpeg = try await ExternalTool(executable: URL(fileURLWithPath: "/usr/bin/ffmpeg"))
            .run(["-hide_banner", "-loglevel", "error", "-y", "-i", wav, output])
        try #require(ffmpeg.status == 0, "\(ffmpeg.errorText)")
        let audio = try AudioFileDecoder.decode(path: output, to: .default)
        // Encoders pad the start and the end (MP3 and AAC by about a frame), so the length is near one second.
        #expect(abs(audio.frameCount - 16_000) < 16_000 / 10, "\(audio.frameCount) frames")
        let samples = audio.samples.map(Double.init)
        let rms = (samples.reduce(0) { $0 + $1 * $1 } / Double(samples.count)).squareRoot()
        let expected = 0.5 * 32_767 / 2.0.squareRoot()
        #expect(abs(rms - expected) / expected < 0.1, "rms \(rms), expected \(expected)")
    }
}
