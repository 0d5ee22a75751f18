/// The fixed 12-byte RTP header (RFC 3550 §5.1) as CarWindow writes it: version 2, no padding, no extension,
/// no CSRC list.
///
/// ```
///  0                   1                   2                   3
/// +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
/// |V=2|P|X|  CC   |M|     PT      |       sequence number         |
/// |                           timestamp                           |
/// |                             SSRC                              |
/// +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
/// ```
///
/// ```swift
/// var bytes: [UInt8] = []
/// RTPHeader(marker: true, payloadType: 96, sequenceNumber: 1, timestamp: 0, ssrc: 7).write(to: &bytes)
/// let parsed = try RTPHeader(parsing: bytes) // the same header
/// ```
public struct RTPHeader: Sendable, Hashable {
    /// Bytes in a header without CSRCs or extension.
    public static let size = 12
    /// RTP version 2 (RFC 3550 §5.1).
    public static let version: UInt8 = 2

    /// The marker bit: last packet of an access unit (RFC 6184 §5.1).
    public var marker: Bool
    /// The payload type, 0 through 127.
    public var payloadType: UInt8
    /// The sequence number, one more per packet, wrapping.
    public var sequenceNumber: UInt16
    /// The 90 kHz sampling timestamp.
    public var timestamp: UInt32
    /// The synchronisation source.
    public var ssrc: UInt32

    /// Creates a header.
    public init(marker: Bool, payloadType: UInt8, sequenceNumber: UInt16, timestamp: UInt32, ssrc: UInt32) {
        self.marker = marker
        self.payloadType = payloadType & 0x7F
        self.sequenceNumber = sequenceNumber
        self.timestamp = timestamp
        self.ssrc = ssrc
    }

    /// Appends the 12 header bytes to `bytes`.
    public func write(to bytes: inout [UInt8]) {
        bytes.append(Self.version << 6)
        bytes.append((marker ? 0x80 : 0) | payloadType)
        bytes.append(UInt8(sequenceNumber >> 8))
        bytes.append(UInt8(sequenceNumber & 0xFF))
        for shift in stride(from: 24, through: 0, by: -8) { bytes.append(UInt8((timestamp >> UInt32(shift)) & 0xFF)) }
        for shift in stride(from: 24, through: 0, by: -8) { bytes.append(UInt8((ssrc >> UInt32(shift)) & 0xFF)) }
    }

    /// Parses the fixed header at the start of `packet`, ignoring what follows it.
    ///
    /// - Throws: ``MediaError/Kind/malformedPacket`` if the packet is shorter than 12 bytes or not version 2.
    public init(parsing packet: some RandomAccessCollection<UInt8>) throws(MediaError) {
        let bytes = Array(packet.prefix(Self.size))
        guard bytes.count == Self.size else {
            throw MediaError(.malformedPacket, "an RTP packet of \(packet.count) bytes is shorter than its header")
        }
        guard bytes[0] >> 6 == Self.version else {
            throw MediaError(.malformedPacket, "RTP version \(bytes[0] >> 6) is not 2")
        }
        self.marker = bytes[1] & 0x80 != 0
        self.payloadType = bytes[1] & 0x7F
        self.sequenceNumber = UInt16(bytes[2]) << 8 | UInt16(bytes[3])
        self.timestamp = bytes[4..<8].reduce(0) { $0 << 8 | UInt32($1) }
        self.ssrc = bytes[8..<12].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
