import NIOCore

/// Turns the payloads of one video service into Annex-B access units.
///
/// `SDLMedia`'s RTP depacketizer was not merged when this was written, so the emulator carries its own small one
/// (``RTPDepacketizer``) behind this protocol; a later change can put SDLMedia's behind it without touching the rest.
protocol AnnexBConverter: Sendable {
    /// Feeds one video message payload; returns the access units it completes.
    mutating func append(_ payload: ByteBuffer) throws(HeadUnitError) -> [[UInt8]]
    /// Returns what is still buffered as a last access unit (the service ended).
    mutating func flush() -> [[UInt8]]
}

/// RAW video: the app sends the Annex-B byte stream, one access unit per SDL message (brief §1.8, the traces).
struct RawAnnexBConverter: AnnexBConverter {
    mutating func append(_ payload: ByteBuffer) throws(HeadUnitError) -> [[UInt8]] {
        guard payload.readableBytes > 0 else { return [] }
        return [Array(payload.readableBytesView)]
    }

    mutating func flush() -> [[UInt8]] { [] }
}

/// RTP video: RFC 4571 framing (a 2-byte big-endian length before each packet) around RFC 6184 H.264 packets
/// (single NAL unit, STAP-A, FU-A). Packets may span SDL messages; the marker bit ends an access unit, and a
/// timestamp change ends one whose marker was lost.
struct RTPDepacketizer: AnnexBConverter {
    /// RFC 3550 §5.1: the fixed header.
    static let fixedHeaderSize = 12
    /// RFC 6184 §5.6-5.8 NAL unit types used as payload structures.
    static let stapA: UInt8 = 24
    static let fuA: UInt8 = 28
    /// An access unit larger than this is refused (a hostile stream must not grow memory without bound).
    static let maximumAccessUnitSize = 8 << 20
    static let startCode: [UInt8] = [0, 0, 0, 1]

    private var pending = ByteBuffer()
    private var accessUnit: [UInt8] = []
    private var fragment: [UInt8]?
    private var timestamp: UInt32?

    mutating func append(_ payload: ByteBuffer) throws(HeadUnitError) -> [[UInt8]] {
        var payload = payload
        pending.writeBuffer(&payload)
        var completed: [[UInt8]] = []
        while let length: UInt16 = pending.getInteger(at: pending.readerIndex, endianness: .big),
            pending.readableBytes >= 2 + Int(length)
        {
            pending.moveReaderIndex(forwardBy: 2)
            guard let packet = pending.readSlice(length: Int(length)) else { break }
            completed += try consume(packet: packet)
        }
        pending.discardReadBytes()
        return completed
    }

    mutating func flush() -> [[UInt8]] {
        defer {
            accessUnit = []
            fragment = nil
        }
        return accessUnit.isEmpty ? [] : [accessUnit]
    }

    /// Returns the access units the packet completes: the previous one on a timestamp change, this one on a marker.
    private mutating func consume(packet: ByteBuffer) throws(HeadUnitError) -> [[UInt8]] {
        let bytes = Array(packet.readableBytesView)
        guard bytes.count >= Self.fixedHeaderSize, bytes[0] >> 6 == 2 else {
            throw HeadUnitError(.stream("RTP packet of \(bytes.count) bytes without an RTP version 2 header"))
        }
        let padding = bytes[0] & 0x20 != 0
        let hasExtension = bytes[0] & 0x10 != 0
        let csrcCount = Int(bytes[0] & 0x0F)
        let marker = bytes[1] & 0x80 != 0
        let packetTimestamp = UInt32(bytes[4]) << 24 | UInt32(bytes[5]) << 16 | UInt32(bytes[6]) << 8 | UInt32(bytes[7])
        var start = Self.fixedHeaderSize + 4 * csrcCount
        if hasExtension {
            guard bytes.count >= start + 4 else { throw HeadUnitError(.stream("RTP extension header truncated")) }
            start += 4 + 4 * (Int(bytes[start + 2]) << 8 | Int(bytes[start + 3]))
        }
        var end = bytes.count
        if padding, let count = bytes.last { end -= Int(count) }
        guard start < end else { throw HeadUnitError(.stream("RTP packet without payload")) }

        var finished: [[UInt8]] = []
        if let timestamp, timestamp != packetTimestamp, !accessUnit.isEmpty {
            finished.append(accessUnit)
            accessUnit = []
            fragment = nil
        }
        timestamp = packetTimestamp
        try payload(bytes[start..<end])
        guard accessUnit.count <= Self.maximumAccessUnitSize else {
            accessUnit = []
            throw HeadUnitError(.stream("access unit larger than \(Self.maximumAccessUnitSize) bytes"))
        }
        if marker, !accessUnit.isEmpty {
            finished.append(accessUnit)
            accessUnit = []
            fragment = nil
        }
        return finished
    }

    private mutating func payload(_ data: ArraySlice<UInt8>) throws(HeadUnitError) {
        guard let first = data.first else { return }
        let type = first & 0x1F
        switch type {
        case 1...23:
            accessUnit += Self.startCode
            accessUnit += data
        case Self.stapA:
            var index = data.startIndex + 1
            while index + 2 <= data.endIndex {
                let size = Int(data[index]) << 8 | Int(data[index + 1])
                index += 2
                guard size > 0, index + size <= data.endIndex else {
                    throw HeadUnitError(.stream("STAP-A aggregation unit of \(size) bytes overruns the packet"))
                }
                accessUnit += Self.startCode
                accessUnit += data[index..<index + size]
                index += size
            }
        case Self.fuA:
            guard data.count >= 2 else { throw HeadUnitError(.stream("FU-A packet without an FU header")) }
            let header = data[data.startIndex + 1]
            let isStart = header & 0x80 != 0
            let isEnd = header & 0x40 != 0
            if isStart {
                fragment = [first & 0xE0 | header & 0x1F]
            }
            guard fragment != nil else {
                throw HeadUnitError(.stream("FU-A continuation without its start fragment"))
            }
            fragment? += data.dropFirst(2)
            guard (fragment?.count ?? 0) <= Self.maximumAccessUnitSize else {
                fragment = nil
                throw HeadUnitError(.stream("FU-A NAL unit larger than \(Self.maximumAccessUnitSize) bytes"))
            }
            if isEnd, let nal = fragment {
                accessUnit += Self.startCode
                accessUnit += nal
                fragment = nil
            }
        default:
            throw HeadUnitError(.stream("RTP payload with unsupported NAL unit type \(type)"))
        }
    }
}
