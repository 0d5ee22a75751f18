import CarWindowTestingTools
import Foundation
import SDLMedia
import Testing

@Suite("OpenH264Encoder output, checked by ffprobe")
struct EncoderProbeTests {
    @Test(
        "a short clip decodes to exactly the frames sent, at the right size, profile and level",
        arguments: [(800, 480, 30), (1280, 720, 31), (1920, 1080, 40)])
    func decodesAtSize(width: Int, height: Int, levelIDC: Int) async throws {
        let settings = EncoderSettings(width: width, height: height, bitrate: 4_000_000, allowsFrameSkipping: false)
        let units = try encodeScene(settings: settings, count: 20)
        #expect(units.count == 20)
        #expect(units.first?.nalUnitTypes == [.sps, .pps, .idrSlice])
        let scratch = try ScratchDirectory(prefix: "sdlmedia")
        let file = scratch.file("clip.h264")
        try write(units, to: file)
        let probe = try await StreamProbe.probe(file)
        #expect(probe.frames == 20)
        #expect(probe.width == width)
        #expect(probe.height == height)
        #expect(probe.profile == "Constrained Baseline")
        #expect(probe.level == levelIDC)
    }
}
