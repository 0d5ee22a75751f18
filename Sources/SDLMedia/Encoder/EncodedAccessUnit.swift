/// One encoded picture: its NAL units in Annex-B form, each behind a 4-byte start code, with its timestamp.
///
/// An IDR access unit carries SPS and PPS in front of the IDR slice, so a decoder can start there.
///
/// ```swift
/// if let unit = try encoder.encode(frame) {
///     let payload = rawPacketizer.packetize(unit) // one SDL message
/// }
/// ```
public struct EncodedAccessUnit: Sendable, Hashable {
    /// The Annex-B bytes: `00 00 00 01` and a NAL unit, repeated.
    public var bytes: [UInt8]
    /// The presentation time of the frame this access unit encodes.
    public var presentationTime: Duration
    /// Whether the access unit holds an IDR slice, so decoding can start here.
    public var isIDR: Bool

    /// Creates an access unit from Annex-B bytes.
    public init(bytes: [UInt8], presentationTime: Duration, isIDR: Bool) {
        self.bytes = bytes
        self.presentationTime = presentationTime
        self.isIDR = isIDR
    }

    /// The NAL unit types in order, for logs and tests.
    public var nalUnitTypes: [NALUnitType] {
        AnnexB.nalUnitRanges(in: bytes).map { NALUnitType(header: bytes[$0.lowerBound]) }
    }
}
