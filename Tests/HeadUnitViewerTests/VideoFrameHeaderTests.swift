import Testing

@testable import HeadUnitViewer

@Suite("VideoFrameHeader")
struct VideoFrameHeaderTests {
    @Test("encodes the documented 40-byte big-endian layout")
    func goldenBytes() {
        let header = VideoFrameHeader(
            kind: .h264, isKeyframe: true, isReplay: true, width: 800, height: 480, sequence: 0x0102_0304,
            droppedFrames: 7,
            presentationTime: 1.5, arrivalTime: 2, sendTime: -0.25)
        let expected: [UInt8] = [
            0x01,  // kind: H.264 Annex-B
            0x03,  // flags: keyframe, replay
            0x00, 0x28,  // header length 40
            0x03, 0x20,  // width 800
            0x01, 0xE0,  // height 480
            0x01, 0x02, 0x03, 0x04,  // sequence
            0x00, 0x00, 0x00, 0x07,  // frames dropped for this browser
            0x3F, 0xF8, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,  // presentation time 1.5 ms (IEEE 754 double)
            0x40, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,  // arrival time 2.0 ms
            0xBF, 0xD0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,  // send time -0.25 ms
        ]
        #expect(header.encoded() == expected)
        #expect(VideoFrameHeader(decoding: expected) == header)
    }

    @Test(
        "refuses short input and unknown kinds",
        arguments: [
            [UInt8](repeating: 1, count: 39), [0x03] + [UInt8](repeating: 0, count: 39), [],
        ])
    func refusesBadInput(bytes: [UInt8]) {
        #expect(VideoFrameHeader(decoding: bytes) == nil)
    }
}
