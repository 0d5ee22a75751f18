import CarWindowTesting
import Foundation

/// ffmpeg on the recordings (Debian `ffmpeg`); sizes and frame counts come from CarWindowTesting's `VideoProbe`.
enum Media {
    /// Every decoded frame's luma plane, `width * height` bytes each.
    static func decodeLuma(_ file: URL, width: Int, height: Int) async throws -> [[UInt8]] {
        let arguments = ["-v", "error", "-f", "h264", "-i", file.path, "-f", "rawvideo", "-pix_fmt", "gray", "-"]
        let ffmpeg = ExternalTool(executable: URL(fileURLWithPath: "/usr/bin/ffmpeg"))
        let output = try await ffmpeg.run(arguments)
        try ffmpeg.check(output, arguments)
        let data = output.standardOutput
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
}
