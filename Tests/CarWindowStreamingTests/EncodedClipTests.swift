import CarWindow
import CarWindowDemo
import CarWindowTestingTools
import Foundation
import SDLMedia
import Testing

@Suite("Encoded output of the pump")
@CarWindowActor
struct EncodedClipTests {
    @Test(
        "a clip of the pump's frames decodes with ffprobe to the frames sent, at the streaming size",
        arguments: [
            (800.0, 480.0, 1.0), (1280.0, 720.0, 1.5),
        ])
    func clipDecodes(width: Double, height: Double, scale: Double) async throws {
        let window = try Window(
            metrics: DisplayMetrics(resolution: Size(width: width, height: height), scale: scale),
            clock: ManualClock())
        let screen = NavigationScreen()
        try screen.install(in: window)
        let configuration = StreamingConfiguration(frameRate: 30)
        let pump = FramePump(window: window, configuration: configuration)
        let size = PooledFrameRenderer.streamingSize(forViewport: window.frameSize)
        var settings = configuration.applied(to: EncoderSettings(width: size.width, height: size.height))
        settings.allowsFrameSkipping = false
        let encoder = try OpenH264Encoder(settings: settings)
        var converter = ColorConverter()
        var stream: [UInt8] = []
        var encoded = 0
        // 20 moving frames, then 1 s of a static screen: the five settle refreshes (100 to 800 ms after the
        // last change), and no periodic refresh yet (it comes 1 s after the last frame).
        for index in 1...50 {
            if index <= 20 { screen.advance(by: 0.002) }
            let tick = try pump.tick(at: configuration.framePeriod * index)
            guard let frame = tick.frame else { continue }
            if let unit = try encoder.encode(converter.convertToI420(frame)) {
                stream += unit.bytes
                encoded += 1
            }
            pump.submissionFinished(.accepted)
        }
        #expect(pump.statistics.framesRendered == 20)
        #expect(pump.statistics.refreshFrames == 5)
        #expect(encoded == 25)

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("carwindow-\(UUID()).h264")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(stream).write(to: file)
        let summary = try await VideoProbe().summary(of: file)
        #expect(summary == VideoSummary(width: size.width, height: size.height, frames: encoded))
    }
}
