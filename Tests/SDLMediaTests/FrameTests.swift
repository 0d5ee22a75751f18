import SDLMedia
import Testing

@Suite("Video frames, the buffer pool and colour conversion")
struct FrameTests {
    @Test("the pool reuses a buffer once no frame holds it, and counts what it allocates")
    func poolReuse() {
        let pool = PixelBufferPool(format: .i420, width: 64, height: 32, capacity: 2)
        for index in 0..<10 { _ = pool.makeFrame(presentationTime: .milliseconds(index)) }
        #expect(pool.statistics == .init(allocations: 1, reuses: 9, overflowAllocations: 0))
        let held = (0..<3).map { pool.makeFrame(presentationTime: .milliseconds(100 + $0)) }
        #expect(pool.statistics.allocations == 2)
        #expect(pool.statistics.overflowAllocations == 1)
        #expect(held[0].buffer !== held[1].buffer)
    }

    @Test("frames validate their planes against the buffer")
    func validation() throws {
        let buffer = PixelMemory(byteCount: 100)
        #expect(throws: MediaError.self) {
            _ = try VideoFrame(buffer: buffer, format: .bgra, width: 10, height: 10, presentationTime: .zero)
        }
        #expect(throws: MediaError.self) {
            _ = try VideoFrame(
                buffer: buffer, format: .bgra, width: 5, height: 5,
                planes: [.init(offset: 0, stride: 4)], presentationTime: .zero)
        }
        #expect(throws: MediaError.self) {
            _ = try VideoFrame(buffer: buffer, format: .i420, width: 0, height: 5, presentationTime: .zero)
        }
        let frame = try VideoFrame(
            buffer: buffer, format: .bgra, width: 5, height: 5,
            planes: [.init(offset: 0, stride: 20)], presentationTime: .zero)
        #expect(frame.width == 5)
    }

    /// BT.601 limited range: white -> Y 235, black -> Y 16, pure red -> Y 81, U 90, V 240.
    @Test(
        "BGRA, ARGB and NV12 convert to the right I420 values",
        arguments: [
            ([UInt8](arrayLiteral: 255, 255, 255, 255), PixelFormat.bgra, UInt8(235), UInt8(128), UInt8(128)),
            ([0, 0, 0, 255], .bgra, 16, 128, 128),
            ([0, 0, 255, 255], .bgra, 82, 90, 240),
            ([255, 255, 0, 0], .argb, 82, 90, 240),
        ])
    func conversion(pixel: [UInt8], format: PixelFormat, y: UInt8, u: UInt8, v: UInt8) throws {
        let pool = PixelBufferPool(format: format, width: 16, height: 8)
        let frame = pool.makeFrame(presentationTime: .milliseconds(7))
        let bytes = frame.buffer.mutableBytes
        for row in 0..<8 {
            for column in 0..<16 {
                for channel in 0..<4 {
                    bytes[frame.planes[0].offset + row * frame.planes[0].stride + column * 4 + channel] = pixel[channel]
                }
            }
        }
        var converter = ColorConverter()
        let i420 = try converter.convertToI420(frame)
        #expect(i420.format == .i420 && i420.presentationTime == .milliseconds(7))
        let out = i420.buffer.bytes
        #expect(abs(Int(out[i420.planes[0].offset]) - Int(y)) <= 1)
        #expect(abs(Int(out[i420.planes[1].offset]) - Int(u)) <= 1)
        #expect(abs(Int(out[i420.planes[2].offset]) - Int(v)) <= 1)
    }

    @Test("NV12 converts to I420 by de-interleaving chroma; I420 passes through without a copy")
    func nv12AndPassThrough() throws {
        let pool = PixelBufferPool(format: .nv12, width: 4, height: 2)
        let frame = pool.makeFrame(presentationTime: .zero)
        let bytes = frame.buffer.mutableBytes
        for index in 0..<4 { bytes[index] = 100 }
        bytes[frame.planes[1].offset] = 60
        bytes[frame.planes[1].offset + 1] = 200
        var converter = ColorConverter()
        let i420 = try converter.convertToI420(frame)
        #expect(i420.buffer.bytes[i420.planes[0].offset] == 100)
        #expect(i420.buffer.bytes[i420.planes[1].offset] == 60)
        #expect(i420.buffer.bytes[i420.planes[2].offset] == 200)
        let again = try converter.convertToI420(i420)
        #expect(again.buffer === i420.buffer)
    }

    @Test("steady conversion allocates no pixel memory after warm-up")
    func steadyConversion() throws {
        let source = PixelBufferPool(format: .bgra, width: 64, height: 64)
        var converter = ColorConverter()
        for index in 0..<50 {
            let frame = source.makeFrame(presentationTime: .milliseconds(index))
            _ = try converter.convertToI420(frame)
        }
        #expect(source.statistics.allocations == 1)
        #expect(converter.poolStatistics.allocations == 1)
        #expect(converter.poolStatistics.reuses == 49)
    }
}
