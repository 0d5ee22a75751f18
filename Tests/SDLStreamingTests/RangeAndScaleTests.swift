import SDLRPC
import Testing

@testable import SDLStreaming

@Suite("Streaming ranges")
struct StreamingRangeTests {
    static func candidate(_ width: Int, _ height: Int, scale: Double = 1, diagonal: Double? = nil)
        -> VideoStreamCandidate
    {
        VideoStreamCandidate(
            displayResolution: ImageResolution(width: width, height: height), scale: VideoScale(scale),
            diagonalScreenSize: diagonal)
    }

    @Test(
        "orientation with a tolerance around square",
        arguments: [
            (ImageResolution(width: 800, height: 480), VideoOrientation.landscape),
            (ImageResolution(width: 480, height: 800), .portrait),
            (ImageResolution(width: 600, height: 600), .square),
            (ImageResolution(width: 1000, height: 1000 - 0), .square),
            (ImageResolution(width: 10_000, height: 9_999), .square),
        ])
    func orientation(_ size: ImageResolution, _ expected: VideoOrientation) {
        #expect(VideoOrientation(size) == expected)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var range: StreamingRange
        var candidate: VideoStreamCandidate
        var accepted: Bool
        var testDescription: String { name }
    }

    static let cases: [Case] = {
        let minimum = try! StreamingRange(minimumResolution: ImageResolution(width: 400, height: 300))
        let maximum = try! StreamingRange(maximumResolution: ImageResolution(width: 1000, height: 700))
        let ratio = try! StreamingRange(minimumAspectRatio: 1.5, maximumAspectRatio: 2)
        let diagonal = try! StreamingRange(minimumDiagonal: 6)
        let all = try! StreamingRange(
            minimumResolution: ImageResolution(width: 400, height: 300), maximumAspectRatio: 1.6, minimumDiagonal: 6)
        return [
            Case(name: "unrestricted", range: .unrestricted, candidate: candidate(1024, 600), accepted: true),
            Case(name: "disabled", range: .disabled, candidate: candidate(1024, 600), accepted: false),
            Case(name: "above the minimum", range: minimum, candidate: candidate(800, 480), accepted: true),
            Case(
                name: "below the minimum in one side", range: minimum, candidate: candidate(800, 200), accepted: false),
            Case(
                name: "scaled below the minimum", range: minimum, candidate: candidate(800, 480, scale: 2),
                accepted: false),
            Case(name: "below the maximum", range: maximum, candidate: candidate(1000, 700), accepted: true),
            Case(name: "above the maximum", range: maximum, candidate: candidate(1024, 600), accepted: false),
            Case(
                name: "scaled under the maximum", range: maximum, candidate: candidate(1920, 1080, scale: 2),
                accepted: true),
            Case(name: "ratio inside", range: ratio, candidate: candidate(800, 480), accepted: true),
            Case(name: "ratio too square", range: ratio, candidate: candidate(800, 600), accepted: false),
            Case(name: "ratio too wide", range: ratio, candidate: candidate(1200, 400), accepted: false),
            Case(
                name: "ratio of the unscaled size", range: ratio, candidate: candidate(1600, 960, scale: 3),
                accepted: true),
            Case(
                name: "diagonal large enough", range: diagonal, candidate: candidate(800, 480, diagonal: 8),
                accepted: true),
            Case(
                name: "diagonal too small", range: diagonal, candidate: candidate(800, 480, diagonal: 4),
                accepted: false),
            Case(name: "diagonal unknown passes", range: diagonal, candidate: candidate(800, 480), accepted: true),
            // AND, as the libraries do (EVO-0296's text reads OR): a good ratio does not excuse a small diagonal.
            Case(name: "AND: all pass", range: all, candidate: candidate(800, 600, diagonal: 7), accepted: true),
            Case(name: "AND: ratio fails", range: all, candidate: candidate(1024, 600, diagonal: 7), accepted: false),
            Case(name: "AND: diagonal fails", range: all, candidate: candidate(800, 600, diagonal: 5), accepted: false),
        ]
    }()

    @Test("what a range accepts", arguments: cases)
    func accepts(_ testCase: Case) {
        #expect(testCase.range.accepts(testCase.candidate) == testCase.accepted)
    }

    @Test("a range that can never match is refused when built")
    func impossibleRange() {
        #expect(throws: MediaStreamingError.self) {
            try StreamingRange(
                minimumResolution: ImageResolution(width: 800, height: 100),
                maximumResolution: ImageResolution(width: 700, height: 900))
        }
        #expect(throws: MediaStreamingError.self) { try StreamingRange(minimumAspectRatio: 3, maximumAspectRatio: 2) }
    }

    @Test("aspect ratios below 1 and negative diagonals are clamped")
    func clamping() throws {
        let range = try StreamingRange(minimumAspectRatio: 0.2, minimumDiagonal: -4)
        #expect(range.minimumAspectRatio == 1)
        #expect(range.minimumDiagonal == 0)
    }

    @Test("square sizes pass if either orientation takes them")
    func squareSizes() {
        let settings = VideoStreamingSettings(landscapeRange: .disabled, portraitRange: .unrestricted)
        #expect(settings.accepts(Self.candidate(600, 600)))
        #expect(!settings.accepts(Self.candidate(800, 600)))
    }

    @Test("candidates: root then additional, fields filled from the root, own fps kept, bad sizes skipped")
    func candidates() {
        let capability = VideoStreamingCapability(
            preferredResolution: ImageResolution(width: 1024, height: 600),
            maxBitrate: 4_000,
            supportedFormats: [.h264RTP],
            preferredFPS: 30,
            additionalVideoStreamingCapabilities: [
                VideoStreamingCapability(
                    preferredResolution: ImageResolution(width: 400, height: 300), preferredFPS: 10),
                VideoStreamingCapability(preferredResolution: ImageResolution(width: 0, height: 300)),
                VideoStreamingCapability(
                    preferredResolution: ImageResolution(width: 1024, height: 600), maxBitrate: 4_000,
                    supportedFormats: [.h264RTP], preferredFPS: 30),
                VideoStreamingCapability(preferredResolution: ImageResolution(width: 200, height: 200), scale: 2),
            ])
        let candidates = VideoStreamCandidate.candidates(from: capability)
        #expect(
            candidates.map(\.streamSize) == [
                ImageResolution(width: 1024, height: 600), ImageResolution(width: 400, height: 300),
                ImageResolution(width: 100, height: 100),
            ])
        #expect(candidates.map(\.preferredFPS) == [30, 10, 30])
        #expect(candidates.map(\.maxBitrateKbps) == [4_000, 4_000, 4_000])
        #expect(candidates[1].supportedFormats == [.h264RTP])
    }

    @Test("no more than 101 candidates are read, however many the head unit sends")
    func boundedCandidates() {
        let many = (1...5_000).map {
            VideoStreamingCapability(preferredResolution: ImageResolution(width: $0, height: 10))
        }
        let capability = VideoStreamingCapability(
            preferredResolution: ImageResolution(width: 800, height: 480), additionalVideoStreamingCapabilities: many)
        #expect(VideoStreamCandidate.candidates(from: capability).count == 101)
    }
}

@Suite("Video scale")
struct VideoScaleTests {
    @Test(
        "clamped to 1...10; absent, zero, negative and non-finite are 1",
        arguments: [
            (nil, 1.0), (0, 1), (-2, 1), (.nan, 1), (.infinity, 1), (0.5, 1), (1, 1), (1.5, 1.5), (10, 10), (11, 10),
        ] as [(Double?, Double)])
    func clamp(_ value: Double?, _ expected: Double) {
        #expect(VideoScale(value).factor == expected)
    }

    @Test(
        "stream size is display ÷ scale, rounded to nearest, then down to even, at least 2",
        arguments: [
            (ImageResolution(width: 1280, height: 720), 2.0, ImageResolution(width: 640, height: 360)),
            (ImageResolution(width: 1024, height: 600), 1.5, ImageResolution(width: 682, height: 400)),
            (ImageResolution(width: 1281, height: 721), 2.0, ImageResolution(width: 640, height: 360)),
            (ImageResolution(width: 5, height: 3), 10.0, ImageResolution(width: 2, height: 2)),
            (ImageResolution(width: 800, height: 480), 1.0, ImageResolution(width: 800, height: 480)),
        ])
    func streamSize(_ display: ImageResolution, _ scale: Double, _ expected: ImageResolution) {
        #expect(VideoScale(scale).streamSize(forDisplay: display) == expected)
    }

    @Test(
        "realistic screens at fractional scales give sizes the encoder takes: even, within 2...8192",
        arguments: [
            (ImageResolution(width: 1280, height: 720), 1.5, ImageResolution(width: 852, height: 480)),
            (ImageResolution(width: 1366, height: 768), 2.0, ImageResolution(width: 682, height: 384)),
            (ImageResolution(width: 1024, height: 600), 1.5, ImageResolution(width: 682, height: 400)),
            (ImageResolution(width: 5, height: 3), 10.0, ImageResolution(width: 2, height: 2)),
            (ImageResolution(width: 10_000, height: 9_999), 1.0, ImageResolution(width: 8_192, height: 8_192)),
        ])
    func encodableStreamSize(_ display: ImageResolution, _ scale: Double, _ expected: ImageResolution) {
        let size = VideoScale(scale).streamSize(forDisplay: display)
        #expect(size == expected)
        #expect(size.resolutionWidth % 2 == 0 && size.resolutionHeight % 2 == 0)
    }

    @Test("absurd sizes never trap: clamped to the encoder's 2...8192")
    func absurdSizes() {
        let huge = VideoScale(1).streamSize(forDisplay: ImageResolution(width: Int.max, height: -3))
        #expect(huge == ImageResolution(width: 8_192, height: 2))
        let candidate = VideoStreamCandidate(
            displayResolution: ImageResolution(width: Int.min, height: Int.max), scale: VideoScale(10))
        #expect(candidate.streamSize.width == 2)
        #expect(candidate.streamSize.height == 8_192)
    }

    @Test("touches are divided, haptic rects multiplied, by the same factor")
    func conversions() {
        let scale = VideoScale(1.5)
        let point = scale.viewPoint(x: 300, y: 150)
        #expect(point.x == 200)
        #expect(point.y == 100)
        #expect(
            scale.displayRect(Rectangle(x: 10, y: 20, width: 30, height: 40))
                == Rectangle(x: 15, y: 30, width: 45, height: 60))
        // A round trip lands where it started.
        let rect = scale.displayRect(Rectangle(x: point.x, y: point.y, width: 0, height: 0))
        #expect(rect.x == 300)
        #expect(rect.y == 150)
        #expect(
            VideoScale(2).displaySize(forStream: ImageResolution(width: 640, height: 360))
                == ImageResolution(width: 1280, height: 720))
    }
}

@Suite("Encoder configuration")
struct EncoderConfigurationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var headUnitFPS: Int?
        var headUnitKbps: Int?
        var customFPS: Int?
        var customBitrate: Int?
        var fps: Int
        var bitrate: Int
        var testDescription: String {
            "HU \(headUnitFPS.map(String.init) ?? "-") fps \(headUnitKbps.map(String.init) ?? "-") kbps, "
                + "app \(customFPS.map(String.init) ?? "-") fps \(customBitrate.map(String.init) ?? "-") bps"
        }
    }

    @Test(
        "frame rate: the head unit's, lowered by the app's; bit rate: the app's or the size's, under maxBitrate",
        arguments: [
            Case(headUnitFPS: nil, headUnitKbps: nil, customFPS: nil, customBitrate: nil, fps: 15, bitrate: 1_500_000),
            Case(headUnitFPS: 60, headUnitKbps: 5_000, customFPS: nil, customBitrate: nil, fps: 60, bitrate: 1_500_000),
            // The emulator's default ceiling (400 Mbit/s) is never the target.
            Case(
                headUnitFPS: 30, headUnitKbps: 400_000, customFPS: nil, customBitrate: nil, fps: 30,
                bitrate: 1_500_000),
            // The app may ask for more than the size's target, up to the ceiling.
            Case(
                headUnitFPS: 30, headUnitKbps: 5_000, customFPS: nil, customBitrate: 4_000_000, fps: 30,
                bitrate: 4_000_000),
            Case(
                headUnitFPS: 30, headUnitKbps: 5_000, customFPS: nil, customBitrate: 9_000_000, fps: 30,
                bitrate: 5_000_000),
            Case(
                headUnitFPS: 60, headUnitKbps: 5_000, customFPS: 24, customBitrate: 800_000, fps: 24, bitrate: 800_000),
            Case(
                headUnitFPS: 15, headUnitKbps: 500, customFPS: 30, customBitrate: 2_000_000, fps: 15, bitrate: 500_000),
            Case(
                headUnitFPS: nil, headUnitKbps: nil, customFPS: 50, customBitrate: 3_000_000, fps: 50,
                bitrate: 3_000_000),
            Case(headUnitFPS: 0, headUnitKbps: 0, customFPS: nil, customBitrate: nil, fps: 15, bitrate: 1_500_000),
            Case(
                headUnitFPS: Int(Int32.max), headUnitKbps: Int(Int32.max), customFPS: nil, customBitrate: nil, fps: 60,
                bitrate: 1_500_000),
            Case(headUnitFPS: 30, headUnitKbps: 1, customFPS: nil, customBitrate: nil, fps: 30, bitrate: 64_000),
        ])
    func rule(_ testCase: Case) {
        let candidate = VideoStreamCandidate(
            displayResolution: ImageResolution(width: 800, height: 480), preferredFPS: testCase.headUnitFPS,
            maxBitrateKbps: testCase.headUnitKbps)
        let settings = VideoStreamingSettings(
            customFrameRate: testCase.customFPS, customBitrate: testCase.customBitrate)
        let configuration = VideoEncoderConfiguration(candidate: candidate, format: .h264RAW, settings: settings)
        #expect(configuration.frameRate == testCase.fps)
        #expect(configuration.bitrate == testCase.bitrate)
        #expect(configuration.size == ImageResolution(width: 800, height: 480))
    }
}
