import SDLMedia
import Testing

@testable import HeadUnitViewer

@Suite("AnnexB")
struct AnnexBTests {
    // SPS, PPS and an IDR slice, then a P slice: two pictures.
    static let stream: [UInt8] = [
        0x00, 0x00, 0x00, 0x01, 0x67, 0x42, 0xC0, 0x1E,  // SPS: Baseline (66), constraint 0xC0, level 3.0
        0x00, 0x00, 0x00, 0x01, 0x68, 0xCE, 0x3C, 0x80,  // PPS
        0x00, 0x00, 0x01, 0x65, 0x88, 0x84, 0x00,  // IDR slice, first_mb_in_slice = 0 (first bit 1)
        0x00, 0x00, 0x00, 0x01, 0x41, 0x9A, 0x02,  // non-IDR slice, first_mb_in_slice = 0
    ]

    @Test("reads NAL unit types behind 3- and 4-byte start codes")
    func types() {
        #expect(AnnexB.nalUnitTypes(in: Self.stream) == [.sps, .pps, .idrSlice, .slice])
    }

    @Test("splits a stream into access units at the first slice of each picture")
    func accessUnits() {
        let units = AnnexB.accessUnits(in: Self.stream)
        #expect(units.count == 2)
        #expect(AnnexB.nalUnitTypes(in: units[0]) == [.sps, .pps, .idrSlice])
        #expect(units[1] == [0x00, 0x00, 0x00, 0x01, 0x41, 0x9A, 0x02])
    }

    @Test("the access unit knows it is a keyframe")
    func keyframe() {
        let units = AnnexB.accessUnits(in: Self.stream)
        let key = ViewerAccessUnit(
            bytes: units[0], presentationTime: .zero, arrivalTime: .now, width: 800, height: 480)
        let delta = ViewerAccessUnit(
            bytes: units[1], presentationTime: .zero, arrivalTime: .now, width: 800, height: 480)
        #expect(key.isKeyframe)
        #expect(!delta.isKeyframe)
    }

    @Test(
        "garbage has no NAL units and no access units",
        arguments: [[], [0, 0], [0, 0, 1], [1, 2, 3, 4, 5]] as [[UInt8]])
    func garbage(bytes: [UInt8]) {
        #expect(AnnexB.accessUnits(in: bytes).isEmpty)
    }

    @Test("a keyframe without parameter sets gets the last ones seen")
    func parameterSetsPrepended() {
        var cache = GOPCache()
        let units = AnnexB.accessUnits(in: Self.stream)
        func picture(_ bytes: [UInt8], key: Bool) -> QueuedPicture {
            QueuedPicture(
                kind: .h264, isKeyframe: key, width: 1, height: 1, sequence: 0, presentationTime: 0,
                arrivalTime: 0, payload: bytes)
        }
        _ = cache.record(picture(units[0], key: true))
        let bareIDR: [UInt8] = [0x00, 0x00, 0x00, 0x01, 0x65, 0x88, 0x84, 0x00]
        let completed = cache.record(picture(bareIDR, key: true))
        #expect(AnnexB.nalUnitTypes(in: completed.payload) == [.sps, .pps, .idrSlice])
        #expect(cache.pictures.count == 1)
    }
}
