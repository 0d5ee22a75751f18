import Logging
import SDLAudio
import SDLRPC
import Testing

@Suite("PCM format from pcmStreamCapabilities")
struct PCMFormatTests {
    @Test(
        "every sampling rate and width the spec names",
        arguments: [
            (SamplingRate.samplingRate8khz, BitsPerSample.bitsPerSample8Bit, 8_000, PCMFormat.SampleWidth.unsigned8),
            (.samplingRate16khz, .bitsPerSample16Bit, 16_000, .signed16),
            (.samplingRate22khz, .bitsPerSample16Bit, 22_050, .signed16),
            (.samplingRate44khz, .bitsPerSample8Bit, 44_100, .unsigned8),
        ])
    func known(rate: SamplingRate, bits: BitsPerSample, hertz: Int, width: PCMFormat.SampleWidth) {
        let capability = AudioPassThruCapabilities(samplingRate: rate, bitsPerSample: bits, audioType: .pcm)
        let (format, fallbacks) = PCMFormat.resolve(capability)
        #expect(format == PCMFormat(sampleRate: hertz, sampleWidth: width))
        #expect(fallbacks.isEmpty)
    }

    @Test("absent capability means 16 kHz 16-bit mono, with no warning")
    func absent() {
        let (format, fallbacks) = PCMFormat.resolve(nil)
        #expect(format == .default)
        #expect(format.sampleRate == 16_000 && format.sampleWidth == .signed16 && format.channels == 1)
        #expect(fallbacks.isEmpty)
    }

    @Test("unknown values fall back to the default, each named")
    func unknown() {
        let capability = AudioPassThruCapabilities(
            samplingRate: SamplingRate(rawValue: "96KHZ"), bitsPerSample: BitsPerSample(rawValue: "24_BIT"),
            audioType: .pcm)
        let (format, fallbacks) = PCMFormat.resolve(capability)
        #expect(format == .default)
        #expect(fallbacks == ["samplingRate 96KHZ unknown", "bitsPerSample 24_BIT unknown"])
        let logged = PCMFormat(capabilities: capability, logger: Logger(label: "test"))
        #expect(logged == .default)
    }

    @Test("a known rate survives an unknown width")
    func partlyUnknown() {
        let capability = AudioPassThruCapabilities(
            samplingRate: .samplingRate8khz, bitsPerSample: BitsPerSample(rawValue: "12_BIT"), audioType: .pcm)
        #expect(PCMFormat.resolve(capability).format == PCMFormat(sampleRate: 8_000, sampleWidth: .signed16))
    }

    @Test("a non-PCM audio type cannot be streamed: default")
    func notPCM() {
        let capability = AudioPassThruCapabilities(
            samplingRate: .samplingRate44khz, bitsPerSample: .bitsPerSample8Bit, audioType: AudioType(rawValue: "MP3"))
        let (format, fallbacks) = PCMFormat.resolve(capability)
        #expect(format == .default)
        #expect(fallbacks == ["audioType MP3 is not PCM"])
    }

    @Test("sizes: 100 ms at 16 kHz 16-bit is the trace's 3 200-byte frame")
    func sizes() {
        let format = PCMFormat.default
        #expect(format.bytesPerSecond == 32_000)
        #expect(format.byteCount(for: .milliseconds(100)) == 3_200)
        #expect(format.duration(ofBytes: 3_200) == .milliseconds(100))
        let cd = PCMFormat(sampleRate: 44_100, sampleWidth: .unsigned8)
        #expect(cd.byteCount(for: .milliseconds(100)) == 4_410)
        #expect(cd.duration(ofFrames: 44_100) == .seconds(1))
    }
}
