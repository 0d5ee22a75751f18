import SDLMedia
import Testing

@Suite("RTPPacketizer: RFC 6184 over RFC 4571")
struct RTPPacketizerTests {
    static let fixed = RTPPacketizer.Configuration(
        maxPacketSize: 16, ssrc: 0x1122_3344,
        initialSequenceNumber: 0xFFFF, initialTimestamp: 0x0102_0304)

    @Test("golden bytes: single NAL packets, an FU-A pair, marker on the last packet only, sequence wrap")
    func golden() {
        var packetizer = RTPPacketizer(configuration: Self.fixed)
        let unit = EncodedAccessUnit(
            bytes: [
                0, 0, 0, 1, 0x67, 0x42, 0xC0, 0x1F,  // SPS
                0, 0, 0, 1, 0x68, 0xCE, 0x3C, 0x80,  // PPS
                0, 0, 1, 0x65, 0x88, 0x84, 0x00, 0x33,  // IDR, 3-byte start code, 5 bytes: too big for 4
            ], presentationTime: .seconds(3), isIDR: true)
        let expected: [UInt8] = [
            0x00, 0x10,  // RFC 4571 length: 16
            0x80, 0x60, 0xFF, 0xFF,  // V=2; M=0, PT=96; sequence 65535
            0x01, 0x02, 0x03, 0x04,  // timestamp: the initial one
            0x11, 0x22, 0x33, 0x44,  // SSRC
            0x67, 0x42, 0xC0, 0x1F,  // SPS as a single NAL unit packet
            0x00, 0x10,
            0x80, 0x60, 0x00, 0x00,  // sequence wraps to 0
            0x01, 0x02, 0x03, 0x04, 0x11, 0x22, 0x33, 0x44,
            0x68, 0xCE, 0x3C, 0x80,  // PPS
            0x00, 0x10,
            0x80, 0x60, 0x00, 0x01,
            0x01, 0x02, 0x03, 0x04, 0x11, 0x22, 0x33, 0x44,
            0x7C,  // FU indicator: NRI of 0x65 | 28
            0x85,  // FU header: S | type 5
            0x88, 0x84,
            0x00, 0x10,
            0x80, 0xE0, 0x00, 0x02,  // M=1 on the last fragment of the last NAL unit
            0x01, 0x02, 0x03, 0x04, 0x11, 0x22, 0x33, 0x44,
            0x7C,
            0x45,  // FU header: E | type 5
            0x00, 0x33,
        ]
        #expect(packetizer.packetize(unit) == expected)
        #expect(packetizer.nextSequenceNumber == 3)
    }

    @Test("90 kHz timestamps from presentation time, relative to the first access unit")
    func timestamps() throws {
        var packetizer = RTPPacketizer(configuration: .init(initialTimestamp: 0xFFFF_FF00))
        for (index, expected) in [(0, 0xFFFF_FF00), (1, 0xFFFF_FF00 &+ 6000), (15, 0xFFFF_FF00 &+ 90_000)]
            as [(Int, UInt32)]
        {
            let unit = EncodedAccessUnit(
                bytes: [0, 0, 0, 1, 0x41, 0x9A],
                presentationTime:
                    .seconds(10) + frameTime(index, fps: 15), isIDR: false)
            let packet = packetizer.packetize(unit)
            let header = try RTPHeader(parsing: packet.dropFirst(2))
            #expect(header.timestamp == expected)
            #expect(header.payloadType == 96)
            #expect(header.marker)
        }
    }

    @Test("zero-length NAL units are dropped, 1-byte NAL units sent whole, and no NAL unit gives no packet")
    func tinyNALUnits() throws {
        var packetizer = RTPPacketizer(configuration: Self.fixed)
        let packets = packetizer.packetize(
            EncodedAccessUnit(
                bytes: [0, 0, 0, 1, 0, 0, 0, 1, 0x09, 0, 0, 1, 0x41], presentationTime: .zero, isIDR: false))
        #expect(packets.count == 2 * (2 + 12 + 1))
        #expect(packets[14] == 0x09 && packets[29] == 0x41)
        #expect(
            packetizer.packetize(
                EncodedAccessUnit(
                    bytes: [0, 0, 0, 1], presentationTime: .seconds(1),
                    isIDR: false)
            ).isEmpty)
    }

    @Test(
        "NAL units larger than the limit become FU-A with S on the first and E on the last fragment only",
        arguments: [100, 1400, 65_535])
    func fragmentation(limit: Int) throws {
        var packetizer = RTPPacketizer(configuration: .init(maxPacketSize: limit))
        let nal = [UInt8(0x65)] + (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7 | 1) }
        let stream = packetizer.packetize(
            EncodedAccessUnit(
                bytes: [0, 0, 0, 1] + nal, presentationTime: .zero,
                isIDR: true))
        let packets = try splitRFC4571(stream)
        #expect(packets.count == (nal.count - 1 + (limit - 14) - 1) / (limit - 14))
        var reassembled: [UInt8] = [0x65]
        for (index, packet) in packets.enumerated() {
            #expect(packet.count <= limit)
            let header = try RTPHeader(parsing: packet)
            #expect(header.marker == (index == packets.count - 1))
            #expect(packet[12] == 0x7C)
            #expect((packet[13] & 0x80 != 0) == (index == 0))
            #expect((packet[13] & 0x40 != 0) == (index == packets.count - 1))
            #expect(packet[13] & 0x1F == 5)
            reassembled += packet[14...]
        }
        #expect(reassembled == nal)
    }

    @Test("a 1 MB access unit survives packetizing and depacketizing")
    func oneMegabyte() throws {
        var packetizer = RTPPacketizer()
        var bytes: [UInt8] = [0, 0, 0, 1, 0x67, 0x42, 0, 0, 0, 1, 0x68, 0xCE, 0, 0, 0, 1, 0x65]
        bytes += (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 % 251 + 1) }
        let unit = EncodedAccessUnit(bytes: bytes, presentationTime: .zero, isIDR: true)
        var depacketizer = RTPDepacketizer()
        depacketizer.append(packetizer.packetize(unit))
        let decoded = try depacketizer.nextAccessUnit()
        #expect(decoded?.bytes == bytes)
        #expect(decoded?.isIDR == true)
    }
}

/// Splits an RFC 4571 stream into its RTP packets.
func splitRFC4571(_ stream: [UInt8]) throws -> [[UInt8]] {
    var packets: [[UInt8]] = []
    var index = 0
    while index < stream.count {
        let length = Int(stream[index]) << 8 | Int(stream[index + 1])
        packets.append(Array(stream[(index + 2)..<(index + 2 + length)]))
        index += 2 + length
    }
    return packets
}
