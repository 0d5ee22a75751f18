/// Reads a RAW video payload (one SDL message, one access unit) back into an ``EncodedAccessUnit``.
///
/// ```swift
/// let unit = try RAWDepacketizer.accessUnit(from: payload, presentationTime: .zero)
/// print(unit.nalUnitTypes) // [SPS, PPS, IDR]
/// ```
public enum RAWDepacketizer {
    /// Parses one RAW payload; 3-byte start codes become 4-byte ones.
    ///
    /// - Parameters:
    ///   - payload: the SDL message's bytes.
    ///   - presentationTime: the time to attach; RAW carries none.
    /// - Throws: ``MediaError/Kind/malformedAnnexB`` if the payload does not start with a start code or holds no
    ///   NAL unit.
    public static func accessUnit(from payload: [UInt8], presentationTime: Duration) throws(MediaError)
        -> EncodedAccessUnit
    {
        guard AnnexB.startsWithStartCode(payload) else {
            throw MediaError(
                .malformedAnnexB,
                "a RAW payload of \(payload.count) bytes does not start with a start "
                    + "code: \(payload.prefix(4).map { String($0, radix: 16) })")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(payload.count + 8)
        var isIDR = false
        AnnexB.forEachNALUnit(in: payload) { range in
            if NALUnitType(header: payload[range.lowerBound]) == .idrSlice { isIDR = true }
            bytes.append(contentsOf: AnnexB.startCode)
            bytes.append(contentsOf: payload[range])
        }
        guard !bytes.isEmpty else {
            throw MediaError(.malformedAnnexB, "a RAW payload of \(payload.count) bytes holds no NAL unit")
        }
        return EncodedAccessUnit(bytes: bytes, presentationTime: presentationTime, isIDR: isIDR)
    }
}
