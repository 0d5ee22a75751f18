import SDLRPC
import Testing

/// Partial capability updates: what the update has wins, what it omits is kept.
@Suite("Capability merging")
struct MergingTests {
    static let current = VideoStreamingCapability(
        preferredResolution: ImageResolution(width: 800, height: 480),
        maxBitrate: 400_000,
        supportedFormats: [.h264RAW, .h264RTP],
        hapticSpatialDataSupported: true,
        diagonalScreenSize: 8,
        pixelPerInch: 117,
        scale: 1,
        preferredFPS: 30
    )

    @Test("fields present in the update win, omitted fields are kept")
    func partialUpdate() {
        let update = VideoStreamingCapability(preferredResolution: ImageResolution(width: 1024, height: 600), scale: 2)
        var expected = Self.current
        expected.preferredResolution = ImageResolution(width: 1024, height: 600)
        expected.scale = 2
        #expect(Self.current.merging(update) == expected)
    }

    @Test("an empty update changes nothing, and merging into an empty value takes the update")
    func emptySides() {
        #expect(Self.current.merging(VideoStreamingCapability()) == Self.current)
        #expect(VideoStreamingCapability().merging(Self.current) == Self.current)
    }

    @Test("arrays are replaced, not appended")
    func arraysAreReplaced() {
        let update = VideoStreamingCapability(supportedFormats: [.h264RTP])
        #expect(Self.current.merging(update).supportedFormats == [.h264RTP])
    }

    @Test("a Core update decoded from the resize trace merges into the capability from GetSystemCapability")
    func traceUpdate() throws {
        let coder = RPCCoder()
        let response = try coder.decode(
            GetSystemCapabilityResponse.self, from: Fixture.bytes("GetSystemCapabilityResponse"))
        let update = try coder.decode(
            OnSystemCapabilityUpdated.self, from: Fixture.bytes("OnSystemCapabilityUpdated-resize"))
        let old = try #require(response.systemCapability?.videoStreamingCapability)
        let new = try #require(update.systemCapability.videoStreamingCapability)
        let merged = old.merging(new)
        #expect(merged.preferredResolution == ImageResolution(width: 1024, height: 600))
        #expect(merged.maxBitrate == 400_000)
    }

    @Test("other all-optional structs merge the same way")
    func otherStructs() {
        let old = HMICapabilities(navigation: true, phoneCall: false, videoStreaming: true)
        let update = HMICapabilities(videoStreaming: false, remoteControl: true)
        #expect(
            old.merging(update)
                == HMICapabilities(navigation: true, phoneCall: false, videoStreaming: false, remoteControl: true)
        )
    }
}
