import CarWindow
import SDLMedia
import Synchronization

/// A sink that reports each frame's presentation time to the test and answers with a fixed result. It keeps no
/// frame, so buffers go back to the pool as they would from a real sink.
final class RecordingSink: FrameSink {
    let presentationTimes: AsyncStream<Duration>
    private let input: AsyncStream<Duration>.Continuation
    let result: FrameSubmissionResult

    init(result: FrameSubmissionResult = .accepted) {
        (presentationTimes, input) = AsyncStream.makeStream(of: Duration.self)
        self.result = result
    }

    func submit(_ frame: VideoFrame) async -> FrameSubmissionResult {
        input.yield(frame.presentationTime)
        return result
    }
}

extension VideoFrame {
    /// The BGRA pixel at (x, y) as 0xAARRGGBB.
    func argb(x: Int, y: Int) -> UInt32 {
        let bytes = buffer.bytes
        let i = planes[0].offset + y * planes[0].stride + x * 4
        return UInt32(bytes[i + 3]) << 24 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i])
    }

    /// The BGRA bytes of the visible rows, without stride padding.
    var pixelRows: [UInt8] {
        let bytes = buffer.bytes
        var rows: [UInt8] = []
        rows.reserveCapacity(width * height * 4)
        for y in 0..<height {
            let start = planes[0].offset + y * planes[0].stride
            rows.append(contentsOf: bytes[start..<(start + width * 4)])
        }
        return rows
    }

    /// How many pixels differ between two frames of the same size.
    static func differingPixels(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count else { return Int.max }
        var count = 0
        for i in Swift.stride(from: 0, to: a.count, by: 4) where a[i..<(i + 4)] != b[i..<(i + 4)] { count += 1 }
        return count
    }
}
