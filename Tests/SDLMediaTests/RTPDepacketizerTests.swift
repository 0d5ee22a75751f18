import SDLMedia
import Testing

@Suite("RTPDepacketizer: incremental, loss-tolerant, hostile-input-safe")
struct RTPDepacketizerTests {
    /// A tiny stream: IDR unit, P unit, P unit, IDR unit, P unit; NAL units large enough to fragment at 40 bytes.
    static func units() -> [EncodedAccessUnit] {
        func nal(_ header: UInt8, _ size: Int, _ seed: Int) -> [UInt8] {
            [0, 0, 0, 1, header] + (0..<size).map { UInt8(truncatingIfNeeded: ($0 + seed) % 200 + 20) }
        }
        let idr = { (seed: Int) in nal(0x67, 6, seed) + nal(0x68, 3, seed) + nal(0x65, 90, seed) }
        let p = { (seed: Int) in nal(0x41, 70, seed) }
        return [idr(0), p(1), p(2), idr(3), p(4)].enumerated().map { index, bytes in
            EncodedAccessUnit(bytes: bytes, presentationTime: frameTime(index, fps: 15), isIDR: bytes[4] == 0x67)
        }
    }

    static func packets(limit: Int = 40) throws -> [[UInt8]] {
        var packetizer = RTPPacketizer(
            configuration: .init(
                maxPacketSize: limit, ssrc: 1, initialSequenceNumber: 65_530,
                initialTimestamp: 100))
        var packets: [[UInt8]] = []
        for unit in units() { packets += try splitRFC4571(packetizer.packetize(unit)) }
        return packets
    }

    static func framed(_ packets: [[UInt8]]) -> [UInt8] {
        packets.flatMap { [UInt8($0.count >> 8), UInt8($0.count & 0xFF)] + $0 }
    }

    static func drain(_ depacketizer: inout RTPDepacketizer) throws -> [EncodedAccessUnit] {
        var out: [EncodedAccessUnit] = []
        while let unit = try depacketizer.nextAccessUnit() { out.append(unit) }
        return out
    }

    @Test("round trip: every access unit back, with times and IDR flags", arguments: [40, 65_535])
    func roundTrip(limit: Int) throws {
        var depacketizer = RTPDepacketizer()
        depacketizer.append(Self.framed(try Self.packets(limit: limit)))
        let out = try Self.drain(&depacketizer)
        #expect(out == Self.units())
        #expect(depacketizer.bufferedByteCount == 0)
    }

    @Test("fed one byte at a time, or in uneven chunks, it gives the same access units", arguments: [1, 3, 7, 1000])
    func dripFed(chunk: Int) throws {
        let stream = Self.framed(try Self.packets())
        var depacketizer = RTPDepacketizer()
        var out: [EncodedAccessUnit] = []
        var index = 0
        while index < stream.count {
            depacketizer.append(stream[index..<min(index + chunk, stream.count)])
            out += try Self.drain(&depacketizer)
            index += chunk
        }
        #expect(out == Self.units())
    }

    @Test("a lost packet drops the damaged access unit and everything up to the next IDR")
    func lossDropsToNextIDR() throws {
        var packets = try Self.packets()
        // Find a packet of the second access unit (a P frame) and lose it.
        let timestamps = try packets.map { try RTPHeader(parsing: $0).timestamp }
        let secondUnit = try #require(timestamps.firstIndex { $0 != timestamps[0] })
        packets.remove(at: secondUnit + 1)
        var depacketizer = RTPDepacketizer()
        depacketizer.append(Self.framed(packets))
        let out = try Self.drain(&depacketizer)
        let units = Self.units()
        #expect(out == [units[0], units[3], units[4]])
        #expect(depacketizer.statistics.lostPackets == 1)
        #expect(depacketizer.statistics.droppedAccessUnits == 2)
    }

    @Test("a stream joined mid-way waits for the first IDR")
    func joinMidStream() throws {
        let packets = try Self.packets()
        let timestamps = try packets.map { try RTPHeader(parsing: $0).timestamp }
        let start = try #require(timestamps.firstIndex { $0 != timestamps[0] })
        var depacketizer = RTPDepacketizer()
        depacketizer.append(Self.framed(Array(packets[start...])))
        let out = try Self.drain(&depacketizer)
        #expect(out.map(\.bytes) == Array(Self.units()[3...]).map(\.bytes))
    }

    @Test("STAP-A packets are split into their NAL units")
    func stapA() throws {
        let stap: [UInt8] = [
            0x80, 0xE0, 0, 1, 0, 0, 0, 9, 0, 0, 0, 1,  // header, marker set
            0x18,  // STAP-A indicator
            0x00, 0x02, 0x67, 0x42,  // SPS, 2 bytes
            0x00, 0x02, 0x68, 0xCE,  // PPS
            0x00, 0x03, 0x65, 0x88, 0x80,
        ]  // IDR
        var depacketizer = RTPDepacketizer()
        depacketizer.append(Self.framed([stap]))
        let unit = try depacketizer.nextAccessUnit()
        #expect(unit?.bytes == [0, 0, 0, 1, 0x67, 0x42, 0, 0, 0, 1, 0x68, 0xCE, 0, 0, 0, 1, 0x65, 0x88, 0x80])
        #expect(unit?.isIDR == true)
    }

    /// Hostile or truncated packets: each must throw a typed error, be consumed, and leave the stream usable.
    static let hostile: [[UInt8]] = [
        [],  // length 0
        [0x80, 0x60, 0, 1, 0, 0],  // shorter than the RTP header
        [0x40, 0x60, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0x41],  // version 1
        [0x80, 0x60, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1],  // header only, no payload
        [0x8F, 0x60, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0x41],  // 15 CSRCs announced, none present
        [0x90, 0x60, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0xFF, 0xFF],  // extension longer than the packet
        [0xA0, 0x60, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0x41, 0xFF],  // padding longer than the payload
        [0x80, 0x60, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0x18, 0x00, 0x09, 0x65],  // STAP-A size past the end
        [0x80, 0x60, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0x18, 0x00],  // STAP-A cut inside a size
        [0x80, 0x60, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0x7C],  // FU-A without FU header
        [0x80, 0x60, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0x1D, 0x85, 1],  // FU-B: unsupported
    ]

    @Test("malformed packets throw, are consumed, and the next IDR decodes", arguments: hostile)
    func malformed(packet: [UInt8]) throws {
        var depacketizer = RTPDepacketizer()
        depacketizer.append(Self.framed(try [packet] + Self.packets()))
        #expect(throws: MediaError.self) { _ = try depacketizer.nextAccessUnit() }
        let out = try Self.drain(&depacketizer)
        #expect(out == Self.units())
        #expect(depacketizer.statistics.malformedPackets == 1)
    }

    @Test("a hostile RFC 4571 length only waits for more bytes, bounded by 65 535")
    func hostileLength() throws {
        var depacketizer = RTPDepacketizer()
        depacketizer.append([0xFF, 0xFF, 0x80, 0x60])
        #expect(try depacketizer.nextAccessUnit() == nil)
        #expect(depacketizer.bufferedByteCount == 4)
    }

    @Test("an access unit past the size cap is an error, not an allocation")
    func sizeCap() throws {
        var depacketizer = RTPDepacketizer(maximumAccessUnitSize: 100)
        depacketizer.append(Self.framed(try Self.packets()))
        #expect(throws: MediaError.self) { _ = try Self.drain(&depacketizer) }
    }

    @Test("an FU-A whose start was lost drops the access unit")
    func fragmentWithoutStart() throws {
        let packets = try Self.packets()
        // The first FU-A of the first unit carries S; drop it and keep the continuation.
        let fuStart = try #require(packets.firstIndex { $0[12] & 0x1F == 28 && $0[13] & 0x80 != 0 })
        var depacketizer = RTPDepacketizer()
        // Renumber so no sequence gap is seen: only the missing S bit reveals the damage.
        var kept = packets
        kept.remove(at: fuStart)
        for index in kept.indices {
            let sequence = UInt16(truncatingIfNeeded: index)
            kept[index][2] = UInt8(sequence >> 8)
            kept[index][3] = UInt8(sequence & 0xFF)
        }
        depacketizer.append(Self.framed(kept))
        let out = try Self.drain(&depacketizer)
        #expect(out.map(\.bytes) == Self.units()[3...].map(\.bytes))
    }

    @Test("RAW payloads parse back, 3-byte start codes become 4-byte ones, garbage is an error")
    func raw() throws {
        let unit = try RAWDepacketizer.accessUnit(
            from: [0, 0, 1, 0x65, 0x88, 0, 0, 0, 1, 0x41],
            presentationTime: .seconds(1))
        #expect(unit.bytes == [0, 0, 0, 1, 0x65, 0x88, 0, 0, 0, 1, 0x41])
        #expect(unit.isIDR)
        #expect(throws: MediaError.self) { _ = try RAWDepacketizer.accessUnit(from: [0x65], presentationTime: .zero) }
        #expect(throws: MediaError.self) {
            _ = try RAWDepacketizer.accessUnit(from: [0, 0, 0, 1], presentationTime: .zero)
        }
        var raw = RAWPacketizer()
        #expect(
            raw.packetize(annexB: [0, 0, 1, 0x67, 0, 0, 0, 1, 0, 0, 1, 0x68]) == [0, 0, 0, 1, 0x67, 0, 0, 0, 1, 0x68])
    }
}
