/// Finds the NAL units in an H.264 Annex-B byte stream (H.264 Annex B.1).
///
/// Start codes may be 3 bytes (`00 00 01`) or 4 (`00 00 00 01`). Zero bytes before a start code belong to no NAL
/// unit (a NAL unit never ends in `00`, H.264 §7.4.1), so they are dropped, which also turns a 4-byte start code
/// into a 3-byte one plus a zero. Empty NAL units (two start codes in a row) are skipped. Bytes before the first
/// start code are not a NAL unit and are ignored.
///
/// ```swift
/// let stream: [UInt8] = [0, 0, 0, 1, 0x67, 0x42, 0, 0, 1, 0x68, 0xCE]
/// for range in AnnexB.nalUnitRanges(in: stream) {
///     print(stream[range]) // [0x67, 0x42], then [0x68, 0xCE]
/// }
/// ```
public enum AnnexB {
    /// The 4-byte start code CarWindow writes before every NAL unit (H.264 Annex B, as sdl_ios's
    /// `SDLRAWH264Packetizer`).
    public static let startCode: [UInt8] = [0, 0, 0, 1]

    /// The ranges of the non-empty NAL units in `bytes`, without start codes, in order.
    public static func nalUnitRanges(in bytes: some RandomAccessCollection<UInt8>) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        forEachNALUnit(in: bytes) { ranges.append($0) }
        return ranges
    }

    /// Calls `body` with the range of each non-empty NAL unit in `bytes`, in order, without collecting them.
    ///
    /// Indices are offsets from the start of `bytes`.
    public static func forEachNALUnit(in bytes: some RandomAccessCollection<UInt8>, _ body: (Range<Int>) -> Void) {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            scan(UnsafeRawBufferPointer(buffer), body)
        }
        if handled == nil {
            Array(bytes).withUnsafeBytes { scan($0, body) }
        }
    }

    /// Whether `bytes` begins with a 3- or 4-byte start code.
    public static func startsWithStartCode(_ bytes: some RandomAccessCollection<UInt8>) -> Bool {
        let prefix = Array(bytes.prefix(4))
        return prefix.starts(with: [0, 0, 1]) || prefix == startCode
    }

    private static func scan(_ bytes: UnsafeRawBufferPointer, _ body: (Range<Int>) -> Void) {
        let count = bytes.count
        var nalStart: Int? = nil
        var index = 0
        while index + 2 < count {
            // Skip ahead two bytes at a time while the middle byte rules out a start code here.
            if bytes[index + 2] > 1 {
                index += 3
                continue
            }
            if bytes[index] == 0, bytes[index + 1] == 0, bytes[index + 2] == 1 {
                if let start = nalStart { emit(bytes, start, index, body) }
                nalStart = index + 3
                index += 3
            } else {
                index += 1
            }
        }
        if let start = nalStart { emit(bytes, start, count, body) }
    }

    private static func emit(
        _ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int,
        _ body: (Range<Int>) -> Void
    ) {
        var end = end
        while end > start, bytes[end - 1] == 0 { end -= 1 }
        if end > start { body(start..<end) }
    }
}
