import ArgumentParser

/// A bit rate, in bit/s: every `carwindow` option that takes one reads a number with an optional `k` (1000) or `M`
/// (1,000,000) suffix, so `2000000`, `2000k` and `2M` are the same rate.
///
/// ```swift
/// let rate = try Bitrate(parsing: "1.5M")
/// rate.bitsPerSecond       // 1_500_000
/// rate.kilobitsPerSecond   // 1_500
/// ```
struct Bitrate: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByArgument {
    var bitsPerSecond: Int

    init(bitsPerSecond: Int) {
        self.bitsPerSecond = bitsPerSecond
    }

    /// The highest rate any option takes: 100 Gbit/s, far above any link, and small enough for every integer type
    /// the SDL capabilities use (kbit/s as a 32-bit integer).
    static let maximum = Bitrate(bitsPerSecond: 100_000_000_000)

    /// Parses `N`, `Nk` or `NM`, N a positive decimal number (`1.5M`); the result is rounded to whole bit/s.
    init(parsing text: String) throws(BitrateError) {
        var number = Substring(text)
        var multiplier = 1.0
        switch number.last {
        case "k", "K":
            multiplier = 1_000
            number = number.dropLast()
        case "M":
            multiplier = 1_000_000
            number = number.dropLast()
        case "m":
            throw BitrateError("'\(text)': write Mbit/s with a capital M (\(number.dropLast())M), kbit/s with k")
        default: break
        }
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            let value = Double(number), value > 0
        else {
            throw BitrateError(
                "'\(text)' is not a bit rate: give bit/s with an optional k or M, e.g. 2000000, 2000k, 1.5M")
        }
        let bits = (value * multiplier).rounded()
        guard bits >= 1, bits <= Double(Self.maximum.bitsPerSecond) else {
            throw BitrateError("'\(text)' is outside 1 bit/s...\(Self.maximum)")
        }
        self.init(bitsPerSecond: Int(bits))
    }

    init?(argument: String) {
        try? self.init(parsing: argument)
    }

    /// The rate in kbit/s, rounded down: the unit of SDL's `VideoStreamingCapability.maxBitrate`.
    var kilobitsPerSecond: Int { bitsPerSecond / 1_000 }

    static func < (lhs: Bitrate, rhs: Bitrate) -> Bool { lhs.bitsPerSecond < rhs.bitsPerSecond }

    /// The shortest exact spelling: `400M`, `1500k`, `64123`.
    var description: String {
        if bitsPerSecond % 1_000_000 == 0 { return "\(bitsPerSecond / 1_000_000)M" }
        if bitsPerSecond % 1_000 == 0 { return "\(bitsPerSecond / 1_000)k" }
        return "\(bitsPerSecond)"
    }
}

/// Why a text is not a ``Bitrate``; the description says what to write instead.
struct BitrateError: Error, Hashable, CustomStringConvertible {
    var description: String

    init(_ description: String) { self.description = description }
}
