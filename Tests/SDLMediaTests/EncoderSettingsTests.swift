import SDLMedia
import Testing

@Suite("EncoderSettings: SDL defaults, the head unit rule, change costs and levels")
struct EncoderSettingsTests {
    @Test("defaults: SDL's 15 fps, Constrained Baseline, screen content; the size's target bitrate")
    func defaults() {
        let settings = EncoderSettings(width: 800, height: 480)
        #expect(settings.frameRate == 15)
        #expect(settings.bitrate == 1_500_000)
        #expect(settings.profile == .constrainedBaseline)
        #expect(settings.usage == .screenContent)
        #expect(settings.maxBitrate == nil)
        #expect(settings.keyFrameInterval == .seconds(5))
        #expect(settings.keyFrameBudget == .milliseconds(100))
    }

    /// (head unit fps, head unit kbps, custom fps, custom bps) -> (fps, bps, max bps) at 800x480. Frame rate:
    /// EVO-0323. Bitrate: the head unit's maxBitrate is a ceiling; the target is the app's or 1.5 Mbit/s.
    static let rule: [(Int?, Int?, Int?, Int?, Int, Int, Int?)] = [
        (nil, nil, nil, nil, 15, 1_500_000, nil),  // nothing sent: the size's target
        (60, 10_000, nil, nil, 60, 1_500_000, 10_000_000),  // a higher ceiling is not the target
        (30, 400_000, nil, nil, 30, 1_500_000, 400_000_000),  // the emulator's default ceiling neither
        (10, 300, nil, nil, 10, 300_000, 300_000),  // a lower ceiling caps the target
        (30, 4_000, 60, 8_000_000, 30, 4_000_000, 4_000_000),  // custom above the ceiling: capped
        (30, 4_000, 20, 1_000_000, 20, 1_000_000, 4_000_000),  // custom lower: applies
        (30, 4_000, nil, 3_000_000, 30, 3_000_000, 4_000_000),  // custom above the target, under the ceiling
        (nil, nil, 60, 8_000_000, 60, 8_000_000, nil),  // no head unit values: custom replaces
        (30, nil, 60, 8_000_000, 30, 8_000_000, nil),  // mixed: fps capped, bitrate free
        (0, -5, nil, nil, 15, 1_500_000, nil),  // zero or negative head unit values: not sent
        (30, Int.max, nil, nil, 30, 1_500_000, nil),  // kbps that overflow x 1000: not sent
    ]

    @Test(
        "the default target grows with the pixel count: 1.5 Mbit/s at 800x480, 3 Mbit/s at 720p",
        arguments: [
            (800, 480, 1_500_000), (1280, 720, 3_000_000), (320, 240, 300_000), (1920, 1080, 6_750_000),
            (16, 16, 250_000), (0, 0, 250_000), (-5, 480, 250_000), (8192, 8192, 40_000_000),
        ])
    func targetBitrate(width: Int, height: Int, bitrate: Int) {
        #expect(EncoderSettings.targetBitrate(width: width, height: height) == bitrate)
    }

    @Test("between 800x480 and 720p the target lies between theirs and rises with the area")
    func targetBetween() {
        let sizes = [(800, 480), (960, 540), (1024, 600), (1280, 720)]
        let targets = sizes.map { EncoderSettings.targetBitrate(width: $0.0, height: $0.1) }
        #expect(targets == targets.sorted() && Set(targets).count == targets.count)
        #expect(targets[2] == 1_500_000 + Int(1_500_000.0 * (1024.0 * 600 - 384_000) / (921_600 - 384_000)))
    }

    @Test("resolved(headUnitPreferredFPS:headUnitMaxBitrateKbps:custom:size:) follows the rule", arguments: rule)
    func resolvedRule(row: (Int?, Int?, Int?, Int?, Int, Int, Int?)) {
        let (huFPS, huKbps, customFPS, customBitrate, fps, bitrate, maxBitrate) = row
        let settings = EncoderSettings.resolved(
            headUnitPreferredFPS: huFPS, headUnitMaxBitrateKbps: huKbps,
            custom: .init(frameRate: customFPS, bitrate: customBitrate),
            size: (800, 480))
        #expect(settings.frameRate == fps)
        #expect(settings.bitrate == bitrate)
        #expect(settings.maxBitrate == maxBitrate)
        #expect(settings.width == 800 && settings.height == 480)
    }

    @Test("a change says what it costs")
    func changeCosts() {
        let base = EncoderSettings(width: 800, height: 480)
        var faster = base
        faster.frameRate = 20  // still level 3.0
        var muchFaster = base
        muchFaster.frameRate = 30  // needs level 3.1: a new SPS
        var richer = base
        richer.bitrate = 1_000_000
        var bigger = base
        bigger.width = 1280
        bigger.height = 720
        var main = base
        main.profile = .main
        var camera = base
        camera.usage = .camera
        var capped = base
        capped.maxBitrate = 50_000_000  // needs level 4.2 instead of 3.0: a new SPS
        var smallerKeyFrames = base
        smallerKeyFrames.keyFrameBudget = .milliseconds(50)  // openh264 reads it only when made
        #expect(EncoderSettings.change(from: base, to: base) == .none)
        #expect(EncoderSettings.change(from: base, to: faster) == .live)
        #expect(EncoderSettings.change(from: base, to: richer) == .live)
        #expect(EncoderSettings.change(from: base, to: muchFaster) == .rebuild)
        #expect(EncoderSettings.change(from: base, to: bigger) == .rebuild)
        #expect(EncoderSettings.change(from: base, to: main) == .rebuild)
        #expect(EncoderSettings.change(from: base, to: camera) == .rebuild)
        #expect(EncoderSettings.change(from: base, to: capped) == .rebuild)
        #expect(EncoderSettings.change(from: base, to: smallerKeyFrames) == .rebuild)
    }

    @Test(
        "the level is the lowest that fits size, rate and bitrate (H.264 Table A-1)",
        arguments: [
            (800, 480, 15, 600_000, 30), (800, 480, 30, 600_000, 31), (1280, 720, 15, 1_500_000, 31),
            (1280, 720, 60, 1_500_000, 32), (1920, 1080, 15, 3_000_000, 40), (1920, 1080, 30, 30_000_000, 41),
            (1920, 1080, 60, 3_000_000, 42), (320, 240, 15, 300_000, 12), (352, 288, 30, 1_000_000, 20),
            (3840, 2160, 30, 3_000_000, 51),
        ])
    func level(width: Int, height: Int, fps: Int, bitrate: Int, idc: Int) {
        #expect(H264Level.minimum(width: width, height: height, frameRate: fps, bitrate: bitrate)?.idc == idc)
    }

    @Test(
        "invalid settings are rejected with a typed error",
        arguments: [
            EncoderSettings(width: 801, height: 480), EncoderSettings(width: 0, height: 480),
            EncoderSettings(width: 800, height: 480, frameRate: 0),
            EncoderSettings(width: 800, height: 480, frameRate: 61),
            EncoderSettings(width: 800, height: 480, bitrate: 0),
            EncoderSettings(width: 800, height: 480, maxBitrate: 1),
            EncoderSettings(width: 800, height: 480, keyFrameInterval: .zero),
            EncoderSettings(width: 800, height: 480, keyFrameBudget: .zero),
            EncoderSettings(width: 800, height: 480, keyFrameBudget: .seconds(11)),
            EncoderSettings(width: 8192, height: 8192, frameRate: 60),
        ])
    func invalid(settings: EncoderSettings) {
        #expect(throws: MediaError.self) { try settings.validate() }
        #expect(throws: MediaError.self) { _ = try OpenH264Encoder(settings: settings) }
    }

    @Test("the bitrate ceiling guard measures overshoot beyond a one-second burst")
    func ceilingGuard() {
        var ceiling = BitrateCeiling(maxBitrate: 600_000, frameRate: 10)
        var allowed = ceiling.allowsFrame(at: .zero)
        #expect(allowed)
        ceiling.record(bits: 600_000, at: .zero)  // one second's worth in the first frame: within the burst
        #expect(ceiling.peakOvershootBits == 0)
        allowed = ceiling.allowsFrame(at: .milliseconds(100))  // budget at 1.1 s is 660 000
        #expect(allowed)
        ceiling.record(bits: 200_000, at: .milliseconds(100))
        // 800 000 bits against 600 000 x 1.2 s = 720 000: 80 000 over.
        #expect(ceiling.peakOvershootBits == 80_000)
        allowed = ceiling.allowsFrame(at: .milliseconds(200))  // owes bits: 800 000 > 720 000
        #expect(!allowed)
        allowed = ceiling.allowsFrame(at: .milliseconds(400))  // 800 000 <= 840 000
        #expect(allowed)
    }
}
