/// Turns access units into RTP packets for H.264 (RFC 6184), each behind a 2-byte length (RFC 4571), EVO-0048.
///
/// ```
///  RFC 4571 length  RTP header (12 bytes)                                      payload
/// +-------+-------+-------+-------+-------+-------+-------+ ... +-------+-----+-----------------+
/// | len (BE)      | 0x80  |M| PT  | sequence (BE) | timestamp (BE) | SSRC (BE)  | NAL unit or FU-A |
/// +-------+-------+-------+-------+-------+-------+-------+ ... +-------+-----+-----------------+
/// ```
///
/// - A NAL unit that fits the packet limit goes whole, as a single NAL unit packet (RFC 6184 §5.6).
/// - A larger one is cut into FU-A fragments (§5.8): FU indicator `(NRI) | 28`, FU header `S | E | type`, the
///   original header byte not repeated.
/// - The marker bit is set on the last packet of the access unit only: EVO-0048's rule. sdl_ios and the Java
///   library also set it on every fragment of the last NAL unit, which RFC 6184 §5.1 does not allow (sdl_ios
///   `SDLRTPH264Packetizer`, sdl_java `RTPH264Packetizer`).
/// - Timestamps are 90 kHz, from the access unit's presentation time relative to the first one.
///
/// The output of ``packetize(_:)`` is every packet of one access unit, concatenated: one SDL message.
///
/// ```swift
/// var rtp = RTPPacketizer()
/// let payload = rtp.packetize(unit)
/// ```
public struct RTPPacketizer: Sendable {
    /// The RTP stream's fixed values. Random values follow RFC 3550 §5.1; tests inject their own.
    public struct Configuration: Sendable, Hashable {
        /// The largest RTP packet (header and payload) the packetizer writes, at most 65 535 so its length fits
        /// the RFC 4571 prefix; one packet with its prefix then fits an SDL frame (131 072 bytes, PS §2.4).
        public static let maximumPacketSize = 65_535
        /// The smallest useful limit: a header, an FU indicator and header, and one byte of NAL unit.
        public static let minimumPacketSize = RTPHeader.size + 3

        /// The dynamic payload type, 96 through 127 (RFC 3551 §3; EVO-0048).
        public var payloadType: UInt8
        /// The RTP packet size limit, ``minimumPacketSize`` through ``maximumPacketSize``.
        public var maxPacketSize: Int
        /// The synchronisation source identifier.
        public var ssrc: UInt32
        /// The first packet's sequence number.
        public var initialSequenceNumber: UInt16
        /// The first access unit's timestamp.
        public var initialTimestamp: UInt32

        /// Creates a configuration; SSRC, sequence number and timestamp are random unless given.
        public init(
            payloadType: UInt8 = 96, maxPacketSize: Int = Self.maximumPacketSize,
            ssrc: UInt32 = .random(in: .min ... .max),
            initialSequenceNumber: UInt16 = .random(in: .min ... .max),
            initialTimestamp: UInt32 = .random(in: .min ... .max)
        ) {
            precondition((96...127).contains(payloadType), "RTP payload type \(payloadType) is not dynamic (96...127)")
            precondition(
                (Self.minimumPacketSize...Self.maximumPacketSize).contains(maxPacketSize),
                "RTP packet limit \(maxPacketSize) is outside \(Self.minimumPacketSize)...65535")
            self.payloadType = payloadType
            self.maxPacketSize = maxPacketSize
            self.ssrc = ssrc
            self.initialSequenceNumber = initialSequenceNumber
            self.initialTimestamp = initialTimestamp
        }
    }

    /// RTP's clock rate for video (RFC 6184 §8.2.1).
    public static let clockRate = 90_000

    /// The configuration in force.
    public let configuration: Configuration
    /// The sequence number the next packet gets.
    public private(set) var nextSequenceNumber: UInt16
    private var firstPresentationTime: Duration?
    private var output: [UInt8] = []
    private var ranges: [Range<Int>] = []

    /// Creates a packetizer.
    public init(configuration: Configuration = .init()) {
        self.configuration = configuration
        self.nextSequenceNumber = configuration.initialSequenceNumber
    }

    /// The RTP timestamp for `time`: the initial timestamp plus 90 kHz ticks since the first access unit.
    public mutating func timestamp(for time: Duration) -> UInt32 {
        let first = firstPresentationTime ?? time
        firstPresentationTime = first
        let elapsed = (time - first).components
        let ticks =
            elapsed.seconds &* Int64(Self.clockRate)
            &+ Int64((Double(elapsed.attoseconds) * Double(Self.clockRate) / 1e18).rounded())
        return configuration.initialTimestamp &+ UInt32(truncatingIfNeeded: ticks)
    }

    /// All RTP packets of `unit`, each with its RFC 4571 length prefix, concatenated. Empty if it has no NAL unit.
    public mutating func packetize(_ unit: EncodedAccessUnit) -> [UInt8] {
        let rtpTimestamp = timestamp(for: unit.presentationTime)
        let bytes = unit.bytes
        ranges.removeAll(keepingCapacity: true)
        AnnexB.forEachNALUnit(in: bytes) { ranges.append($0) }
        output.removeAll(keepingCapacity: true)
        output.reserveCapacity(bytes.count + (bytes.count / 1_000 + ranges.count + 1) * (RTPHeader.size + 4))

        let limit = configuration.maxPacketSize - RTPHeader.size
        for (index, range) in ranges.enumerated() {
            let isLastNAL = index == ranges.count - 1
            if range.count <= limit {
                writeHeader(marker: isLastNAL, timestamp: rtpTimestamp, payloadLength: range.count)
                output.append(contentsOf: bytes[range])
                continue
            }
            let header = bytes[range.lowerBound]
            let indicator = (header & 0xE0) | NALUnitType.fuA.rawValue
            let fragmentLimit = limit - 2
            var start = range.lowerBound + 1
            while start < range.upperBound {
                let end = min(start + fragmentLimit, range.upperBound)
                let isFirst = start == range.lowerBound + 1
                let isLast = end == range.upperBound
                let fuHeader = (isFirst ? 0x80 : 0) | (isLast ? 0x40 : 0) | (header & 0x1F)
                writeHeader(marker: isLastNAL && isLast, timestamp: rtpTimestamp, payloadLength: 2 + end - start)
                output.append(indicator)
                output.append(fuHeader)
                output.append(contentsOf: bytes[start..<end])
                start = end
            }
        }
        return output
    }

    private mutating func writeHeader(marker: Bool, timestamp: UInt32, payloadLength: Int) {
        let header = RTPHeader(
            marker: marker, payloadType: configuration.payloadType,
            sequenceNumber: nextSequenceNumber, timestamp: timestamp, ssrc: configuration.ssrc)
        let length = UInt16(RTPHeader.size + payloadLength)
        output.append(UInt8(length >> 8))
        output.append(UInt8(length & 0xFF))
        header.write(to: &output)
        nextSequenceNumber &+= 1
    }
}
