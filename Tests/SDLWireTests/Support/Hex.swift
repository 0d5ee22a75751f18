import NIOCore

/// Golden vectors are written as annotated hex: one field per line, a `//` comment naming it. `Hex.bytes` drops the
/// comments and the white space and reads the rest as hex digit pairs.
///
/// ```swift
/// let frame = Hex.bytes("""
///     50        // version 5, E=0, frame type 0 (control)
///     0b        // service type: video
///     """)
/// ```
enum Hex {
    static func bytes(_ annotated: String) -> [UInt8] {
        var digits: [UInt8] = []
        for line in annotated.split(separator: "\n", omittingEmptySubsequences: false) {
            let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            for scalar in code.unicodeScalars where !scalar.properties.isWhitespace {
                guard let digit = UInt8(String(scalar), radix: 16) else {
                    preconditionFailure("not a hex digit '\(scalar)' in golden vector line: \(line)")
                }
                digits.append(digit)
            }
        }
        precondition(digits.count % 2 == 0, "odd number of hex digits in golden vector")
        return stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
    }

    /// Plain hex without comments or spaces (the traces' `hex` field); `nil` if it is not.
    static func plain(_ text: String) -> [UInt8]? {
        func nibble(_ c: UInt8) -> UInt8? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        let utf8 = Array(text.utf8)
        guard utf8.count % 2 == 0 else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(utf8.count / 2)
        for index in stride(from: 0, to: utf8.count, by: 2) {
            guard let high = nibble(utf8[index]), let low = nibble(utf8[index + 1]) else { return nil }
            result.append(high << 4 | low)
        }
        return result
    }

    static func buffer(_ annotated: String) -> ByteBuffer { ByteBuffer(bytes: bytes(annotated)) }
}

extension ByteBuffer {
    /// The readable bytes as an array, for exact comparisons.
    var bytes: [UInt8] { Array(readableBytesView) }
}
