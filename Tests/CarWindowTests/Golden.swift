import Foundation
import Testing

@testable import CarWindow
@testable import CarWindowUI

/// Golden-image comparison. Re-record all goldens with
/// `CARWINDOW_RECORD_GOLDENS=1 swift test --filter CarWindowTests.RenderingTests`, look at the PNGs, commit them.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static var isRecording: Bool { ProcessInfo.processInfo.environment["CARWINDOW_RECORD_GOLDENS"] == "1" }

    /// Per-channel difference a pixel may have before it counts as different (font rasteriser and Cairo versions
    /// move antialiased edges by a few levels).
    static let channelTolerance = 24
    /// Share of pixels that may differ beyond the channel tolerance.
    static let pixelTolerance = 0.005

    /// Compares `buffer` with the committed golden `name`.png, or writes it when recording.
    static func check(_ buffer: PixelBuffer, named name: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let url = directory.appendingPathComponent("\(name).png")
        if isRecording {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(buffer.pngData()).write(to: url)
            return
        }
        guard let data = try? Data(contentsOf: url) else {
            Issue.record(
                "missing golden \(url.path); record with CARWINDOW_RECORD_GOLDENS=1", sourceLocation: sourceLocation)
            return
        }
        let golden = try PixelBuffer(pngData: [UInt8](data))
        #expect(golden.width == buffer.width && golden.height == buffer.height, sourceLocation: sourceLocation)
        guard golden.width == buffer.width, golden.height == buffer.height else { return }
        let differing = differingPixels(golden, buffer)
        let share = Double(differing) / Double(buffer.width * buffer.height)
        if share > pixelTolerance {
            let failed = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-actual.png")
            try? Data(buffer.pngData()).write(to: failed)
            Issue.record(
                "\(name): \(differing) pixels (\(share * 100)%) differ from the golden; actual in \(failed.path)",
                sourceLocation: sourceLocation)
        }
    }

    static func differingPixels(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let i = y * a.stride + x * 4
                let j = y * b.stride + x * 4
                for c in 0..<4 where abs(Int(a.bytes[i + c]) - Int(b.bytes[j + c])) > channelTolerance {
                    count += 1
                    break
                }
            }
        }
        return count
    }
}
