import Foundation

/// ffmpeg on the recordings (Debian `ffmpeg`); sizes and frame counts come from CarWindowTesting's `VideoProbe`.
enum Media {
    /// Every decoded frame's luma plane, `width * height` bytes each.
    static func decodeLuma(_ file: URL, width: Int, height: Int) throws -> [[UInt8]] {
        let data = try runData(
            "/usr/bin/ffmpeg",
            ["-v", "error", "-f", "h264", "-i", file.path, "-f", "rawvideo", "-pix_fmt", "gray", "-"])
        let size = width * height
        return stride(from: 0, to: data.count - size + 1, by: size).map { Array(data[$0..<($0 + size)]) }
    }

    /// The mean absolute difference of two luma planes, in levels (0...255).
    static func meanDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return .infinity }
        var total = 0
        for index in a.indices { total += abs(Int(a[index]) - Int(b[index])) }
        return Double(total) / Double(a.count)
    }

    static func runData(_ tool: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }
}
