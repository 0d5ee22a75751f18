import Foundation
import SDLMedia
import SDLProjection
import SDLRPC
import Testing

@testable import FrameSources

/// The frame-by-frame sources of `carwindow stream --source`, without a stream: what they produce, and the one-line
/// reasons they give for bad input.
@Suite("Frame sources: pattern, .y4m, .h264")
struct FrameSourcesTests {
    static let small = ImageResolution(width: 4, height: 2)

    /// Luma of a frame, row by row.
    static func luma(_ frame: VideoFrame) -> [UInt8] {
        let plane = frame.planes[0]
        var values: [UInt8] = []
        for row in 0..<frame.height {
            for column in 0..<frame.width {
                values.append(frame.buffer.bytes[plane.offset + row * plane.stride + column])
            }
        }
        return values
    }

    /// A 4x2 YUV4MPEG2 file of `frames` frames, frame k with every luma sample 16 * (k + 1).
    static func y4m(frames: Int, header: String = "YUV4MPEG2 W4 H2 F30:1 Ip A1:1 C420jpeg\n", cut: Bool = false)
        -> Data
    {
        var data = Data(header.utf8)
        for index in 0..<frames {
            data.append(contentsOf: Array("FRAME\n".utf8))
            data.append(contentsOf: [UInt8](repeating: UInt8(16 * (index + 1)), count: 8))
            data.append(contentsOf: [UInt8](repeating: 128, count: 4))
        }
        return cut ? data.dropLast(3) : data
    }

    static func file(_ data: Data) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cw-frames-\(UUID().uuidString).y4m")
        try data.write(to: url)
        return url.path
    }

    @Test("the pattern draws at the stream's size, moves from frame to frame, and refuses a size it cannot draw")
    func pattern() throws {
        let source = PatternSource()
        let size = ImageResolution(width: 320, height: 240)
        let first = try #require(try source.nextFrame(index: 1, size: size))
        let second = try #require(try source.nextFrame(index: 2, size: size))
        #expect((first.width, first.height, first.format) == (320, 240, .i420))
        #expect(Self.luma(first) != Self.luma(second))
        #expect(throws: FrameSourceError("cannot draw the pattern at 1x1")) {
            try source.frame(index: 0, size: ImageResolution(width: 1, height: 1))
        }
        // Through the projection's protocol the same reason ends the run as a source failure.
        do {
            _ = try source.nextFrame(index: 0, size: ImageResolution(width: 100_000, height: 2))
            Issue.record("a 100000 px wide pattern was drawn")
        } catch {
            #expect(error.kind == .sourceFailed && "\(error)".contains("cannot draw the pattern"), "\(error)")
        }
    }

    @Test("a .y4m file is read frame by frame at its size and looped when it ends")
    func y4mLoops() throws {
        let path = try Self.file(Self.y4m(frames: 2))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let source = try Y4MSource(path: path)
        let lumas = try (0..<5).map { index in Self.luma(try #require(try source.frame(index: index, size: Self.small)))
        }
        #expect(lumas.map { $0[0] } == [16, 32, 16, 32, 16])
        // Scaled to another stream size.
        let scaled = try #require(try source.frame(index: 5, size: ImageResolution(width: 8, height: 4)))
        #expect((scaled.width, scaled.height) == (8, 4))
    }

    @Test(
        "a bad .y4m gives one line that says what is wrong",
        arguments: [
            (Data(), "is empty, expected a YUV4MPEG2 header"),
            (Data("GIF89a\n".utf8), "is not a YUV4MPEG2 (.y4m) stream"),
            (FrameSourcesTests.y4m(frames: 1, header: "YUV4MPEG2 W4 H2 C444\n"), "only 4:2:0 is supported"),
            (FrameSourcesTests.y4m(frames: 1, header: "YUV4MPEG2 W0 H2\n"), "has no valid W and H"),
            (FrameSourcesTests.y4m(frames: 0), "holds no frame"),
            (FrameSourcesTests.y4m(frames: 1, cut: true), "the last frame is cut short"),
        ])
    func badY4M(data: Data, reason: String) throws {
        let path = try Self.file(data)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let source = try Y4MSource(path: path)
            for index in 0..<3 { _ = try source.frame(index: index, size: Self.small) }
            Issue.record("no error for \(reason)")
        } catch {
            #expect(error.message.contains(reason), "\(error.message)")
            #expect(!error.message.contains("\n"))
        }
    }

    @Test("a missing file is refused before anything starts")
    func missingFiles() {
        #expect(throws: FrameSourceError("cannot open /nonexistent/clip.y4m")) {
            try Y4MSource(path: "/nonexistent/clip.y4m")
        }
        #expect(throws: FrameSourceError("cannot open /nonexistent/clip.h264")) {
            try H264FileSource(path: "/nonexistent/clip.h264")
        }
    }

    @Test("the frame counter draws white digits on a black box in the top-left corner")
    func counter() throws {
        let pool = PixelBufferPool(format: .i420, width: 320, height: 240)
        let frame = pool.makeFrame(presentationTime: .zero)
        let bytes = frame.buffer.mutableBytes
        for index in 0..<bytes.count { bytes[index] = 128 }
        FrameCounterFont.draw(number: 8, into: frame)
        let luma = Self.luma(frame)
        let corner = (0..<40).flatMap { row in (0..<40).map { luma[row * 320 + $0] } }
        #expect(corner.contains { $0 > 200 }, "no white digit")
        #expect(corner.contains { $0 < 40 }, "no black box")
        #expect(luma[239 * 320 + 319] == 128, "the rest is untouched")
    }
}
