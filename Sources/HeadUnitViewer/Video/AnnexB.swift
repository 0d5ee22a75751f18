/// Reading H.264 Annex-B byte streams: start codes, NAL unit types, access-unit boundaries.
///
/// ```
///  00 00 00 01 | 67 ... (SPS) | 00 00 01 | 68 ... (PPS) | 00 00 01 | 65 88 84 ... (IDR slice)
///  start code    NAL header: forbidden bit (1) | nal_ref_idc (2) | nal_unit_type (5)
/// ```
///
/// The scanner never reads past the input and never allocates in proportion to anything but the input.
///
/// ```swift
/// let types = AnnexB.nalUnitTypes(in: bytes)       // [7, 8, 5]
/// let units = AnnexB.accessUnits(in: wholeClip)    // one [UInt8] per picture
/// ```
public enum AnnexB {
    /// NAL unit types the viewer cares about (H.264 Table 7-1).
    public enum NALUnitType {
        /// A slice of a non-IDR picture.
        public static let nonIDRSlice: UInt8 = 1
        /// A slice of an IDR picture: a keyframe.
        public static let idr: UInt8 = 5
        /// Supplemental enhancement information.
        public static let sei: UInt8 = 6
        /// Sequence parameter set.
        public static let sps: UInt8 = 7
        /// Picture parameter set.
        public static let pps: UInt8 = 8
        /// Access unit delimiter.
        public static let accessUnitDelimiter: UInt8 = 9
    }

    /// The NAL units in `bytes`, each as the range of its payload (header byte included, start code excluded).
    public static func nalUnitRanges(in bytes: [UInt8]) -> [Range<Int>] {
        var starts: [(codeStart: Int, payloadStart: Int)] = []
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == 0, bytes[index + 1] == 0, bytes[index + 2] == 1 {
                let codeStart = index > 0 && bytes[index - 1] == 0 ? index - 1 : index
                starts.append((codeStart, index + 3))
                index += 3
            } else {
                index += 1
            }
        }
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(starts.count)
        for (offset, start) in starts.enumerated() {
            let end = offset + 1 < starts.count ? starts[offset + 1].codeStart : bytes.count
            if start.payloadStart < end { ranges.append(start.payloadStart..<end) }
        }
        return ranges
    }

    /// The `nal_unit_type` of each NAL unit in `bytes`, in order.
    public static func nalUnitTypes(in bytes: [UInt8]) -> [UInt8] {
        nalUnitRanges(in: bytes).map { bytes[$0.lowerBound] & 0x1F }
    }

    /// Splits a whole Annex-B stream into access units (one picture each, with the parameter sets and SEI in front).
    ///
    /// A new access unit starts at an access unit delimiter, SPS, PPS or SEI that follows a slice, or at a slice whose
    /// `first_mb_in_slice` is 0 (its first bit after the header is 1) when the current unit already has a slice.
    public static func accessUnits(in bytes: [UInt8]) -> [[UInt8]] {
        var units: [[UInt8]] = []
        var current: [UInt8] = []
        var currentHasSlice = false
        for range in nalUnitRanges(in: bytes) {
            let type = bytes[range.lowerBound] & 0x1F
            let isSlice = type == NALUnitType.idr || type == NALUnitType.nonIDRSlice
            let startsPicture: Bool
            if isSlice {
                let firstMacroblockIsZero = range.count > 1 && bytes[range.lowerBound + 1] & 0x80 != 0
                startsPicture = currentHasSlice && firstMacroblockIsZero
            } else {
                startsPicture = currentHasSlice && (6...9).contains(type)
            }
            if startsPicture {
                units.append(current)
                current = []
                currentHasSlice = false
            }
            current.append(contentsOf: [0, 0, 0, 1])
            current.append(contentsOf: bytes[range])
            currentHasSlice = currentHasSlice || isSlice
        }
        if currentHasSlice { units.append(current) }
        return units
    }
}
