/// Reads an RFC 4571 stream of H.264 RTP packets back into Annex-B access units: the receiving end of
/// ``RTPPacketizer``, used by the emulator and the tests.
///
/// It is an incremental single-step decoder: ``append(_:)`` takes bytes in any chunks (one byte at a time
/// works), and ``nextAccessUnit()`` returns a complete access unit or `nil` when it needs more bytes.
///
/// Tolerance:
/// - Single NAL unit packets, STAP-A and FU-A are understood (RFC 6184 §5.6-5.8).
/// - An access unit ends at the marker bit, or when the timestamp changes without one.
/// - A sequence-number gap, an FU-A without its start, or a malformed packet drops the access unit in progress
///   and everything after it until the next access unit with an IDR slice. The stream also starts by waiting
///   for an IDR, since nothing before one can be decoded.
/// - A length prefix is at most 65 535 bytes, and an access unit is capped at ``maximumAccessUnitSize``, so
///   hostile input cannot make it allocate without bound.
/// - A malformed packet is consumed and reported by a thrown ``MediaError``; calling ``nextAccessUnit()`` again
///   carries on with the next packet.
///
/// ```swift
/// var depacketizer = RTPDepacketizer()
/// depacketizer.append(chunkFromTheWire)
/// while let unit = try depacketizer.nextAccessUnit() {
///     decoder.decode(unit.bytes)
/// }
/// ```
public struct RTPDepacketizer: Sendable {
    /// Counters for what the depacketizer saw.
    public struct Statistics: Sendable, Hashable {
        /// RTP packets read.
        public var packets = 0
        /// Packets missing according to sequence-number gaps.
        public var lostPackets = 0
        /// Packets that could not be parsed.
        public var malformedPackets = 0
        /// Access units produced.
        public var accessUnits = 0
        /// Access units dropped: damaged, or while waiting for an IDR.
        public var droppedAccessUnits = 0
    }

    /// The default cap on an access unit: far above any H.264 level 5.2 frame.
    public static let defaultMaximumAccessUnitSize = 16 * 1024 * 1024
    /// Bytes of the RFC 4571 length prefix.
    static let lengthPrefixSize = 2

    /// The largest access unit accepted; larger ones are dropped with an error.
    public let maximumAccessUnitSize: Int
    /// What happened so far.
    public private(set) var statistics = Statistics()

    private var pending: [UInt8] = []
    private var readIndex = 0
    private var assembly = AccessUnitAssembly()
    private var ready: [EncodedAccessUnit] = []
    private var droppedTimestamp: UInt32?

    /// Creates a depacketizer that waits for the first IDR.
    public init(maximumAccessUnitSize: Int = Self.defaultMaximumAccessUnitSize) {
        self.maximumAccessUnitSize = maximumAccessUnitSize
    }

    /// Adds bytes of the RFC 4571 stream, in any chunking.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        if readIndex > 0, readIndex >= pending.count / 2 {
            pending.removeFirst(readIndex)
            readIndex = 0
        }
        pending.append(contentsOf: bytes)
    }

    /// Bytes received but not yet parsed into a packet.
    public var bufferedByteCount: Int { pending.count - readIndex }

    /// The next complete access unit, or `nil` if more bytes are needed.
    ///
    /// - Throws: ``MediaError/Kind/malformedPacket`` for a packet that cannot be parsed (it has been consumed;
    ///   call again to continue), or when an access unit grows past ``maximumAccessUnitSize``.
    public mutating func nextAccessUnit() throws(MediaError) -> EncodedAccessUnit? {
        while ready.isEmpty {
            guard let packet = nextPacket() else { return nil }
            statistics.packets += 1
            do {
                try process(packet)
            } catch {
                statistics.malformedPackets += 1
                drop()
                throw error
            }
        }
        return ready.removeFirst()
    }

    /// Signals the end of the stream: an access unit still open (its marker lost) is returned if complete.
    public mutating func finish() -> EncodedAccessUnit? {
        complete()
        return ready.isEmpty ? nil : ready.removeFirst()
    }

    private mutating func nextPacket() -> Range<Int>? {
        guard pending.count - readIndex >= Self.lengthPrefixSize else { return nil }
        let length = Int(pending[readIndex]) << 8 | Int(pending[readIndex + 1])
        let start = readIndex + Self.lengthPrefixSize
        guard pending.count - start >= length else { return nil }
        readIndex = start + length
        return start..<(start + length)
    }

    private mutating func process(_ range: Range<Int>) throws(MediaError) {
        let packet = pending[range]
        let header = try RTPHeader(parsing: packet)
        let payload = try Self.payload(of: packet)
        if let expected = assembly.expectedSequenceNumber, header.sequenceNumber != expected {
            statistics.lostPackets += Int(header.sequenceNumber &- expected)
            drop()
        }
        assembly.expectedSequenceNumber = header.sequenceNumber &+ 1
        if let current = assembly.timestamp, current != header.timestamp, !assembly.isEmpty {
            complete()
        }
        assembly.timestamp = header.timestamp
        try assembly.add(payload: payload, of: pending, limit: maximumAccessUnitSize)
        if header.marker { complete() }
    }

    /// The payload range of an RTP packet, after CSRCs and an extension, before padding (RFC 3550 §5.1, §5.3.1).
    private static func payload(of packet: ArraySlice<UInt8>) throws(MediaError) -> Range<Int> {
        let base = packet.startIndex
        let first = packet[base]
        var start = base + RTPHeader.size + Int(first & 0x0F) * 4
        var end = packet.endIndex
        if first & 0x10 != 0 {
            guard start + 4 <= end else {
                throw MediaError(.malformedPacket, "RTP extension header runs past a \(packet.count)-byte packet")
            }
            start += 4 + (Int(packet[start + 2]) << 8 | Int(packet[start + 3])) * 4
        }
        if first & 0x20 != 0, end > start {
            end -= Int(packet[end - 1])
        }
        guard start < end else {
            throw MediaError(.malformedPacket, "an RTP packet of \(packet.count) bytes has no payload")
        }
        return start..<end
    }

    private mutating func complete() {
        guard !assembly.isEmpty || assembly.isDamaged else { return }
        if assembly.isDamaged || assembly.inFragment {
            drop()
            return
        }
        if assembly.hasIDR { assembly.waitingForIDR = false }
        if assembly.waitingForIDR {
            // The tail of an access unit already counted when its damage was found is not counted again.
            if assembly.timestamp != droppedTimestamp { statistics.droppedAccessUnits += 1 }
        } else {
            ready.append(
                EncodedAccessUnit(
                    bytes: assembly.bytes, presentationTime: assembly.presentationTime(),
                    isIDR: assembly.hasIDR))
            statistics.accessUnits += 1
        }
        assembly.reset()
    }

    private mutating func drop() {
        if !assembly.isEmpty || assembly.isDamaged, assembly.timestamp != droppedTimestamp {
            statistics.droppedAccessUnits += 1
        }
        droppedTimestamp = assembly.timestamp
        assembly.reset()
        assembly.waitingForIDR = true
    }
}
