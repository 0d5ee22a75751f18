import CarWindowTestingTools
import SDLMedia
import Testing

/// The encoder's live target (bitrate adaptation): lowered and raised without an IDR or a new SPS.
@Suite("Encoder live target bitrate")
struct LiveBitrateTests {
    static let settings = EncoderSettings(width: 800, height: 480, bitrate: 1_500_000)

    @Test("a lowered target lowers the output, with no extra IDR and no rebuild")
    func lowers() async throws {
        struct Outcome: Sendable {
            var fullBits, lowBits: Double
            /// What `setTargetBitrate` returned, and `targetBitrate` afterwards.
            var returned, target: Int
            var full, lowered: EncoderStatistics
        }
        // Off the cooperative pool: 16 s of 800x480 encoding (see encodeSceneOffPool).
        let outcome = try await BlockingWork.run {
            let fps = Self.settings.frameRate
            let full = try OpenH264Encoder(settings: Self.settings)
            let lowered = try OpenH264Encoder(settings: Self.settings)
            _ = try encodeScene(settings: Self.settings, count: 2 * fps, encoder: full)
            _ = try encodeScene(settings: Self.settings, count: 2 * fps, encoder: lowered)
            let returned = try lowered.setTargetBitrate(300_000)
            let target = lowered.targetBitrate
            let fullUnits = try encodeScene(settings: Self.settings, count: 6 * fps, startIndex: 2 * fps, encoder: full)
            let lowUnits = try encodeScene(
                settings: Self.settings, count: 6 * fps, startIndex: 2 * fps, encoder: lowered)
            return Outcome(
                fullBits: BitrateTests.bitrate(fullUnits, frames: 6 * fps, fps: fps),
                lowBits: BitrateTests.bitrate(lowUnits, frames: 6 * fps, fps: fps),
                returned: returned, target: target, full: full.statistics, lowered: lowered.statistics)
        }
        let (fullBits, lowBits) = (outcome.fullBits, outcome.lowBits)
        print("800x480 pan: \(Int(fullBits)) bps at 1.5 Mbit/s, \(Int(lowBits)) bps after lowering to 300 kbit/s")
        #expect(outcome.returned == 300_000)
        #expect(outcome.target == 300_000)
        #expect(lowBits < 0.5 * fullBits, "\(Int(lowBits)) bps lowered against \(Int(fullBits)) bps")
        #expect(outcome.lowered.idrFrames <= outcome.full.idrFrames)
        #expect(outcome.lowered.rebuilds == 0)
    }

    @Test("the target never goes above the configured bitrate (or the ceiling) nor below 10 kbit/s")
    func clamped() throws {
        let encoder = try OpenH264Encoder(settings: Self.settings)
        #expect(encoder.targetBitrate == 1_500_000)
        #expect(try encoder.setTargetBitrate(5_000_000) == 1_500_000)
        #expect(try encoder.setTargetBitrate(0) == 10_000)
        var capped = Self.settings
        capped.maxBitrate = 1_000_000
        let ceilinged = try OpenH264Encoder(settings: capped)
        #expect(try ceilinged.setTargetBitrate(1_200_000) == 1_000_000)
    }

    @Test("new settings reset the live target to their bitrate")
    func updateResets() throws {
        let encoder = try OpenH264Encoder(settings: Self.settings)
        try encoder.setTargetBitrate(400_000)
        var same = Self.settings
        same.frameRate = 15
        _ = try encoder.update(same)
        #expect(encoder.targetBitrate == 1_500_000)
    }
}
