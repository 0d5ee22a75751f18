/// Per-frame durations of one benchmark stage, and their summary.
struct BenchSamples {
    private(set) var milliseconds: [Double] = []

    init(capacity: Int) { milliseconds.reserveCapacity(capacity) }

    mutating func append(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        milliseconds.append(Double(seconds) * 1_000 + Double(attoseconds) / 1e15)
    }

    /// Appends a figure already in milliseconds.
    mutating func append(milliseconds value: Double) { milliseconds.append(value) }

    var count: Int { milliseconds.count }
    var mean: Double { milliseconds.isEmpty ? 0 : milliseconds.reduce(0, +) / Double(milliseconds.count) }
    var median: Double { percentile(50) }

    /// The nearest-rank percentile, in milliseconds.
    func percentile(_ p: Double) -> Double {
        guard !milliseconds.isEmpty else { return 0 }
        let sorted = milliseconds.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}

/// The benchmark's table layout.
enum BenchTable {
    static let header =
        pad("size", 10) + pad("stage", 22) + pad("frames", 8, left: true) + pad("fps", 10, left: true)
        + pad("p50 ms", 10, left: true) + pad("p99 ms", 10, left: true)

    static func row(_ size: String, _ stage: String, _ samples: BenchSamples) -> String {
        let fps = samples.mean > 0 ? 1_000 / samples.mean : 0
        return pad(size, 10) + pad(stage, 22) + pad("\(samples.count)", 8, left: true)
            + pad(format(fps, 1), 10, left: true) + pad(format(samples.median, 3), 10, left: true)
            + pad(format(samples.percentile(99), 3), 10, left: true)
    }

    static func format(_ value: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = "\(rounded)"
        if let dot = text.firstIndex(of: ".") {
            let have = text.distance(from: dot, to: text.endIndex) - 1
            if have < decimals { text += String(repeating: "0", count: decimals - have) }
        }
        return text
    }

    static func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let space = String(repeating: " ", count: max(0, width - text.count))
        return left ? space + text : text + space
    }
}
