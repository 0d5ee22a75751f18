import CarWindowTestingTools
import Foundation
import SDLMedia
import Testing

@Suite("OpenH264Encoder behaviour: IDRs, settings changes, timestamps")
struct EncoderBehaviourTests {
    // User-interface-like motion: with every pixel moving (`.pan`), openh264's screen-content mode codes large
    // changes as IDRs of its own accord, which would hide whether the IDRs asked for here are the ones produced.
    static let small = EncoderSettings(width: 320, height: 240, bitrate: 1_000_000, allowsFrameSkipping: false)

    @Test("an IDR on demand is SPS + PPS + IDR at the very next frame, and only then")
    func keyFrameOnDemand() throws {
        let units = try encodeScene(settings: Self.small, count: 12, keyFramesAt: [5, 9], motion: .interface)
        let idrIndices = units.indices.filter { units[$0].isIDR }
        #expect(idrIndices == [0, 5, 9])
        for index in idrIndices { #expect(units[index].nalUnitTypes == [.sps, .pps, .idrSlice]) }
        #expect(units[6].nalUnitTypes == [.slice])
    }

    @Test("periodic IDRs follow the key-frame interval in presentation time")
    func periodicKeyFrames() throws {
        var settings = Self.small
        settings.keyFrameInterval = .seconds(1)
        let units = try encodeScene(settings: settings, count: 40, motion: .interface)
        #expect(units.indices.filter { units[$0].isIDR } == [0, 15, 30])
    }

    @Test("a frame whose timestamp does not increase is rejected with a typed error, not encoded")
    func nonMonotonic() throws {
        let encoder = try OpenH264Encoder(settings: Self.small)
        let pool = PixelBufferPool(format: .i420, width: 320, height: 240)
        _ = try encoder.encode(pool.makeFrame(presentationTime: .milliseconds(100)))
        for stale in [Duration.milliseconds(100), .milliseconds(50)] {
            #expect {
                _ = try encoder.encode(pool.makeFrame(presentationTime: stale))
            } throws: { error in
                (error as? MediaError)?.kind == .nonMonotonicTimestamp
            }
        }
        #expect(encoder.statistics.framesSubmitted == 1)
        #expect(try encoder.encode(pool.makeFrame(presentationTime: .milliseconds(101))) != nil)
    }

    @Test("frames of the wrong format or size are rejected")
    func wrongFrames() throws {
        let encoder = try OpenH264Encoder(settings: Self.small)
        let bgra = PixelBufferPool(format: .bgra, width: 320, height: 240).makeFrame(presentationTime: .zero)
        let big = PixelBufferPool(format: .i420, width: 640, height: 480).makeFrame(presentationTime: .zero)
        #expect(throws: MediaError.self) { _ = try encoder.encode(bgra) }
        #expect(throws: MediaError.self) { _ = try encoder.encode(big) }
    }

    @Test("live and rebuilding settings changes keep the stream decodable, and say what they cost")
    func settingsChangesStayDecodable() async throws {
        let encoder = try OpenH264Encoder(settings: Self.small)
        var units = try encodeScene(settings: Self.small, count: 10, encoder: encoder, motion: .interface)
        var richer = Self.small
        richer.bitrate = 2_000_000
        richer.frameRate = 10
        #expect(try encoder.update(richer) == .live)
        units += try encodeScene(settings: richer, count: 10, startIndex: 10, encoder: encoder, motion: .interface)
        #expect(units[10].isIDR == false)
        var main = richer
        main.profile = .main
        #expect(try encoder.update(main) == .rebuild)
        let afterRebuild = try encodeScene(
            settings: main, count: 10, startIndex: 20, encoder: encoder, motion: .interface)
        #expect(afterRebuild.first?.nalUnitTypes == [.sps, .pps, .idrSlice])
        units += afterRebuild
        #expect(try encoder.update(main) == .none)
        #expect(encoder.statistics.rebuilds == 1)

        let scratch = try ScratchDirectory(prefix: "sdlmedia")
        let file = scratch.file("changes.h264")
        try write(units, to: file)
        #expect(try await StreamProbe.frameHashes(file).count == 30)
    }

    @Test("a resize rebuilds, forces an IDR, and the new size decodes")
    func resize() async throws {
        let encoder = try OpenH264Encoder(settings: Self.small)
        _ = try encodeScene(settings: Self.small, count: 5, encoder: encoder, motion: .interface)
        var bigger = Self.small
        bigger.width = 640
        bigger.height = 480
        #expect(try encoder.update(bigger) == .rebuild)
        let units = try encodeScene(settings: bigger, count: 5, startIndex: 5, encoder: encoder, motion: .interface)
        #expect(units.first?.isIDR == true)
        let scratch = try ScratchDirectory(prefix: "sdlmedia")
        let file = scratch.file("resized.h264")
        try write(units, to: file)
        let probe = try await StreamProbe.probe(file)
        #expect(probe.frames == 5 && probe.width == 640 && probe.height == 480)
    }

    @Test("invalid new settings are refused and the old ones stay in force")
    func invalidUpdate() throws {
        let encoder = try OpenH264Encoder(settings: Self.small)
        var broken = Self.small
        broken.frameRate = 0
        #expect(throws: MediaError.self) { _ = try encoder.update(broken) }
        #expect(encoder.settings == Self.small)
    }
}
