import NIOCore
import Testing

@testable import HeadUnit

/// The emulator's RTP path (SDLMedia's depacketizer behind `RTPAnnexBConverter`) with hand-made packets.
@Suite("RTP to Annex-B")
struct AnnexBConverterTests {
    /// An RTP packet (RFC 3550 §5.1) with RFC 4571's 2-byte length in front.
    static func packet(_ payload: [UInt8], marker: Bool, timestamp: UInt32 = 3000, sequence: UInt16 = 1) -> [UInt8] {
        let header: [UInt8] = [
            0x80,  // V=2, no padding, no extension, no CSRC
            (marker ? 0x80 : 0) | 96,  // M, PT 96
            UInt8(sequence >> 8), UInt8(sequence & 0xFF),
            UInt8(timestamp >> 24), UInt8(timestamp >> 16 & 0xFF), UInt8(timestamp >> 8 & 0xFF),
            UInt8(timestamp & 0xFF),
            0xDE, 0xAD, 0xBE, 0xEF,  // SSRC
        ]
        let packet = header + payload
        return [UInt8(packet.count >> 8), UInt8(packet.count & 0xFF)] + packet
    }

    static let sps: [UInt8] = [0x67, 0x42, 0xC0, 0x1E]
    static let pps: [UInt8] = [0x68, 0xCE, 0x3C, 0x80]
    static let idr: [UInt8] = [0x65] + Array(repeating: 0xAB, count: 10)
    static let startCode: [UInt8] = [0, 0, 0, 1]
    static let keyFrame = startCode + sps + startCode + pps + startCode + idr

    @Test("STAP-A and FU-A packets split across SDL messages make one access unit")
    func aggregationAndFragmentation() {
        var converter = RTPAnnexBConverter()
        let stapA: [UInt8] = [0x78] + [0x00, 0x04] + Self.sps + [0x00, 0x04] + Self.pps  // NRI 3, type 24
        let fuStart: [UInt8] = [0x7C, 0x85] + Self.idr[1..<6]  // FU indicator type 28; S=1, type 5
        let fuEnd: [UInt8] = [0x7C, 0x45] + Self.idr[6...]  // E=1
        let bytes =
            Self.packet(stapA, marker: false, sequence: 1) + Self.packet(fuStart, marker: false, sequence: 2)
            + Self.packet(fuEnd, marker: true, sequence: 3)
        let split = bytes.count / 2
        let first = converter.append(ByteBuffer(bytes: bytes[..<split]))
        #expect(first.units.isEmpty && first.errors.isEmpty)
        let second = converter.append(ByteBuffer(bytes: bytes[split...]))
        #expect(second.units == [Self.keyFrame])
        #expect(second.errors.isEmpty)
    }

    @Test("a malformed packet is reported and the stream goes on at the next key frame")
    func malformedThenRecovered() {
        var converter = RTPAnnexBConverter()
        let broken = Self.packet([0x7F], marker: true, sequence: 1)  // NAL type 31: not a payload structure
        let good =
            Self.packet(
                [0x78, 0x00, 0x04] + Self.sps + [0x00, 0x04] + Self.pps, marker: false, timestamp: 6000, sequence: 2)
            + Self.packet(Self.idr, marker: true, timestamp: 6000, sequence: 3)
        let result = converter.append(ByteBuffer(bytes: broken + good))
        #expect(result.errors.count == 1)
        #expect(result.units == [Self.keyFrame])
    }

    @Test("RAW payloads pass unchanged, 3-byte start codes included")
    func raw() {
        var converter = RawAnnexBConverter()
        let payload: [UInt8] = [0, 0, 1] + Self.sps + [0, 0, 0, 1] + Self.idr
        #expect(converter.append(ByteBuffer(bytes: payload)).units == [payload])
    }
}
