/// The access unit an ``RTPDepacketizer`` is putting together, and where the stream stands.
struct AccessUnitAssembly: Sendable {
    var bytes: [UInt8] = []
    var timestamp: UInt32?
    var expectedSequenceNumber: UInt16?
    var hasIDR = false
    var inFragment = false
    var isDamaged = false
    var waitingForIDR = true
    private var firstTimestamp: UInt32?
    private var unwrappedTicks: Int64 = 0
    private var lastTimestamp: UInt32?

    var isEmpty: Bool { bytes.isEmpty && !inFragment }

    mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        hasIDR = false
        inFragment = false
        isDamaged = false
    }

    /// The access unit's time since the first one seen, following 32-bit timestamp wrap-around.
    mutating func presentationTime() -> Duration {
        guard let timestamp else { return .zero }
        if let last = lastTimestamp {
            unwrappedTicks += Int64(Int32(bitPattern: timestamp &- last))
        }
        lastTimestamp = timestamp
        return .nanoseconds(unwrappedTicks * 1_000_000_000 / Int64(RTPPacketizer.clockRate))
    }

    /// Adds one RTP payload: a single NAL unit, a STAP-A or an FU-A fragment (RFC 6184 §5.6-5.8).
    mutating func add(payload range: Range<Int>, of packet: [UInt8], limit: Int) throws(MediaError) {
        let indicator = packet[range.lowerBound]
        let type = NALUnitType(header: indicator)
        switch type.rawValue {
        case 1...23:
            if inFragment { throw MediaError(.malformedPacket, "a \(type) NAL unit interrupts an FU-A") }
            try appendNAL(packet[range], limit: limit)
        case NALUnitType.stapA.rawValue:
            if inFragment { throw MediaError(.malformedPacket, "a STAP-A interrupts an FU-A") }
            var index = range.lowerBound + 1
            while index < range.upperBound {
                guard index + 2 <= range.upperBound else {
                    throw MediaError(.malformedPacket, "a STAP-A ends inside a NAL unit size")
                }
                let size = Int(packet[index]) << 8 | Int(packet[index + 1])
                index += 2
                guard size > 0, index + size <= range.upperBound else {
                    throw MediaError(.malformedPacket, "a STAP-A NAL unit of \(size) bytes runs past its packet")
                }
                try appendNAL(packet[index..<(index + size)], limit: limit)
                index += size
            }
        case NALUnitType.fuA.rawValue:
            guard range.count >= 2 else {
                throw MediaError(.malformedPacket, "an FU-A of \(range.count) bytes has no FU header")
            }
            let fuHeader = packet[range.lowerBound + 1]
            let isStart = fuHeader & 0x80 != 0
            let isEnd = fuHeader & 0x40 != 0
            let data = packet[(range.lowerBound + 2)..<range.upperBound]
            if isStart {
                if inFragment { throw MediaError(.malformedPacket, "an FU-A starts before the previous one ended") }
                let header = (indicator & 0xE0) | (fuHeader & 0x1F)
                try appendNAL(CollectionOfOne(header), limit: limit)
                inFragment = true
            } else if !inFragment {
                // The start was lost: this access unit cannot be decoded.
                isDamaged = true
                return
            }
            try appendBytes(data, limit: limit)
            if isEnd { inFragment = false }
        default:
            throw MediaError(.malformedPacket, "RTP payload \(type) is not supported (only single NAL, STAP-A, FU-A)")
        }
    }

    private mutating func appendNAL(_ nal: some Collection<UInt8>, limit: Int) throws(MediaError) {
        if NALUnitType(header: nal[nal.startIndex]) == .idrSlice { hasIDR = true }
        try appendBytes(AnnexB.startCode, limit: limit)
        try appendBytes(nal, limit: limit)
    }

    private mutating func appendBytes(_ data: some Collection<UInt8>, limit: Int) throws(MediaError) {
        guard bytes.count + data.count <= limit else {
            throw MediaError(.malformedPacket, "an access unit grew past the \(limit)-byte limit")
        }
        bytes.append(contentsOf: data)
    }
}
