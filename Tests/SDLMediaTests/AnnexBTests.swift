import SDLMedia
import Testing

@Suite("Annex-B NAL splitter")
struct AnnexBTests {
    /// (input, expected NAL units)
    static let cases: [([UInt8], [[UInt8]])] = [
        ([0, 0, 0, 1, 0x67, 0x42, 0, 0, 0, 1, 0x68, 0xCE], [[0x67, 0x42], [0x68, 0xCE]]),  // 4-byte start codes
        ([0, 0, 1, 0x67, 0x42, 0, 0, 1, 0x68, 0xCE], [[0x67, 0x42], [0x68, 0xCE]]),  // 3-byte start codes
        ([0, 0, 1, 0x67, 0x42, 0, 0, 0, 1, 0x68], [[0x67, 0x42], [0x68]]),  // mixed; 1-byte NAL
        ([0, 0, 0, 1, 0, 0, 0, 1, 0x65, 0x88], [[0x65, 0x88]]),  // zero-length NAL skipped
        ([0, 0, 1, 0, 0, 1, 0x41], [[0x41]]),  // empty between 3-byte codes
        ([0x12, 0x34, 0, 0, 1, 0x41, 0x9A], [[0x41, 0x9A]]),  // leading garbage ignored
        ([0, 0, 1, 0x41, 0x9A, 0, 0], [[0x41, 0x9A]]),  // trailing zeros dropped
        ([0x41, 0x9A], []),  // no start code
        ([], []),
        ([0, 0, 1], []),
        ([0, 0, 0, 1, 0x65, 0, 0, 3, 0, 1], [[0x65, 0, 0, 3, 0, 1]]),  // emulation prevention kept
    ]

    @Test("splits NAL units", arguments: cases)
    func split(input: [UInt8], expected: [[UInt8]]) {
        let units = AnnexB.nalUnitRanges(in: input).map { Array(input[$0]) }
        #expect(units == expected)
    }

    @Test("works on a non-contiguous collection the same way")
    func nonContiguous() {
        let input: [UInt8] = [0, 0, 1, 0x67, 0x42, 0, 0, 0, 1, 0x68]
        let sliced = input[...]
        #expect(AnnexB.nalUnitRanges(in: sliced) == AnnexB.nalUnitRanges(in: input))
    }
}
