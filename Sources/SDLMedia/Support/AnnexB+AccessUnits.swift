extension AnnexB {
    /// The type of each NAL unit in `bytes`, in order.
    ///
    /// ```swift
    /// AnnexB.nalUnitTypes(in: [0, 0, 0, 1, 0x67, 0x42, 0, 0, 1, 0x68, 0xCE])   // [.sps, .pps]
    /// ```
    public static func nalUnitTypes(in bytes: [UInt8]) -> [NALUnitType] {
        nalUnitRanges(in: bytes).map { NALUnitType(header: bytes[$0.lowerBound]) }
    }

    /// Splits a whole Annex-B stream into access units (one picture each, with the parameter sets and SEI in
    /// front), each NAL unit behind a 4-byte start code.
    ///
    /// A new access unit starts at an access unit delimiter, SPS, PPS or SEI that follows a slice, or at a slice whose
    /// `first_mb_in_slice` is 0 (its first bit after the header is 1) when the current unit already has a slice. Bytes
    /// with no slice make no access unit.
    ///
    /// ```swift
    /// let pictures = AnnexB.accessUnits(in: wholeClip)   // one [UInt8] per picture
    /// ```
    public static func accessUnits(in bytes: [UInt8]) -> [[UInt8]] {
        var units: [[UInt8]] = []
        var current: [UInt8] = []
        var currentHasSlice = false
        forEachNALUnit(in: bytes) { range in
            let type = NALUnitType(header: bytes[range.lowerBound])
            let isSlice = type == .idrSlice || type == .slice
            let startsPicture: Bool
            if isSlice {
                let firstMacroblockIsZero = range.count > 1 && bytes[range.lowerBound + 1] & 0x80 != 0
                startsPicture = currentHasSlice && firstMacroblockIsZero
            } else {
                startsPicture = currentHasSlice && (NALUnitType.sei.rawValue...9).contains(type.rawValue)
            }
            if startsPicture {
                units.append(current)
                current = []
                currentHasSlice = false
            }
            current.append(contentsOf: startCode)
            current.append(contentsOf: bytes[range])
            currentHasSlice = currentHasSlice || isSlice
        }
        if currentHasSlice { units.append(current) }
        return units
    }
}
