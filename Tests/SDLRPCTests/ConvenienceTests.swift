import SDLRPC
import Testing

@Suite("Conveniences")
struct ConvenienceTests {
    @Test("isMainWindow: windowID absent or 0", arguments: [(Int?.none, true), (0, true), (1, false), (100, false)])
    func mainWindow(windowID: Int?, isMain: Bool) {
        let status = OnHMIStatus(
            hmiLevel: .full, audioStreamingState: .audible, systemContext: .main, windowID: windowID)
        #expect(status.isMainWindow == isMain)
    }

    @Test("video format constants encode as the spec's strings")
    func formats() throws {
        let capability = OnAppCapabilityUpdated(
            appCapability: AppCapability(
                appCapabilityType: .videoStreaming,
                videoStreamingCapability: VideoStreamingCapability(supportedFormats: [.h264RAW, .h264RTP])
            )
        )
        let json = String(decoding: try RPCCoder().encode(capability), as: UTF8.self)
        #expect(
            json.contains(#""supportedFormats":[{"codec":"H264","protocol":"RAW"},{"codec":"H264","protocol":"RTP"}]"#))
    }

    @Test("ImageResolution helpers")
    func resolution() {
        let size = ImageResolution(width: 1024, height: 600)
        #expect(size.width == 1024 && size.height == 600)
        #expect(size.description == "1024x600")
        #expect(size.isValid)
        #expect(!ImageResolution(width: 0, height: 0).isValid)
    }

    @Test(
        "scaledDown divides by the head unit's scale and ignores nonsense scales",
        arguments: [
            (2.0, ImageResolution(width: 512, height: 300)),
            (1.5, ImageResolution(width: 682, height: 400)),
            (1.0, ImageResolution(width: 1024, height: 600)),
            (0.5, ImageResolution(width: 1024, height: 600)),
            (Double.nan, ImageResolution(width: 1024, height: 600)),
            (Double.infinity, ImageResolution(width: 1024, height: 600)),
        ])
    func scaledDown(scale: Double, expected: ImageResolution) {
        #expect(ImageResolution(width: 1024, height: 600).scaledDown(by: scale) == expected)
    }
}
