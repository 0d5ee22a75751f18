import NIOCore
import Testing

@testable import HeadUnit

/// RFC 4571 + RFC 6184 to Annex-B, with hand-made packets.
@Suite("RTP depacketizer")
struct RTPDepacketizerTests {
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

    @Test("single NAL units and the marker bit make one access unit")
    func singleNAL() throws {
        var depacketizer = RTPDepacketizer()
        let bytes =
            Self.packet(Self.sps, marker: false) + Self.packet(Self.pps, marker: false)
            + Self.packet(Self.idr, marker: true)
        let units = try depacketizer.append(ByteBuffer(bytes: bytes))
        #expect(units == [[0, 0, 0, 1] + Self.sps + [0, 0, 0, 1] + Self.pps + [0, 0, 0, 1] + Self.idr])
    }

    @Test("STAP-A aggregates, FU-A fragments, and packets may span SDL messages")
    func aggregationAndFragmentation() throws {
        var depacketizer = RTPDepacketizer()
        let stapA: [UInt8] =
            [0x78]  // F=0, NRI=3, type 24
            + [0x00, 0x04] + Self.sps + [0x00, 0x04] + Self.pps
        let fuStart: [UInt8] = [0x7C, 0x85] + Self.idr[1..<6]  // FU indicator (type 28), FU header S=1 type 5
        let fuEnd: [UInt8] = [0x7C, 0x45] + Self.idr[6...]  // E=1
        let bytes =
            Self.packet(stapA, marker: false) + Self.packet(fuStart, marker: false) + Self.packet(fuEnd, marker: true)
        let split = bytes.count / 2
        var units = try depacketizer.append(ByteBuffer(bytes: bytes[..<split]))
        #expect(units.isEmpty)
        units = try depacketizer.append(ByteBuffer(bytes: bytes[split...]))
        #expect(
            units == [[0, 0, 0, 1] + Self.sps + [0, 0, 0, 1] + Self.pps + [0, 0, 0, 1] + [0x65] + Self.idr[1...]])
    }

    @Test("a timestamp change ends an access unit whose marker was lost")
    func timestampChange() throws {
        var depacketizer = RTPDepacketizer()
        let bytes =
            Self.packet(Self.idr, marker: false, timestamp: 0)
            + Self.packet([0x41, 1, 2], marker: true, timestamp: 3000)
        let units = try depacketizer.append(ByteBuffer(bytes: bytes))
        #expect(units == [[0, 0, 0, 1] + Self.idr, [0, 0, 0, 1, 0x41, 1, 2]])
    }

    @Test(
        "malformed packets are typed errors",
        arguments: [
            [0x00, 0x04, 0x40, 0x60, 0x00, 0x01],  // RTP version 1, too short
            packet([0x7C, 0x05, 1, 2], marker: true),  // FU-A continuation without a start
            packet([0x78, 0x00, 0x09, 0x67], marker: true),  // STAP-A unit overruns the packet
            packet([0x7F], marker: true),  // NAL type 31
        ])
    func malformed(bytes: [UInt8]) {
        var depacketizer = RTPDepacketizer()
        #expect(throws: HeadUnitError.self) { try depacketizer.append(ByteBuffer(bytes: bytes)) }
    }
}
