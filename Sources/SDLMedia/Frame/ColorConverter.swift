import CLibYUV

/// Converts frames to I420, the input of the H.264 encoder, with libyuv, into pooled buffers.
///
/// An I420 frame passes through untouched. Every other format is converted into a buffer from an internal
/// ``PixelBufferPool`` sized like the frame, so a steady stream of same-size frames allocates nothing.
///
/// ```swift
/// let converter = ColorConverter()
/// let i420 = try converter.convertToI420(renderedBGRAFrame)
/// let unit = try encoder.encode(i420)
/// ```
public struct ColorConverter: Sendable {
    private var pool: PixelBufferPool?
    /// How many I420 buffers the converter keeps (frames converted but not yet encoded, plus one).
    public let poolCapacity: Int

    /// Creates a converter whose output pool keeps `poolCapacity` buffers.
    public init(poolCapacity: Int = 3) {
        self.poolCapacity = poolCapacity
    }

    /// The statistics of the current output pool, or zeros before the first conversion.
    public var poolStatistics: PixelBufferPool.Statistics { pool?.statistics ?? .init() }

    /// Returns `frame` as I420 with the same size and presentation time.
    ///
    /// - Throws: ``MediaError/Kind/conversionFailure`` if libyuv rejects the frame.
    public mutating func convertToI420(_ frame: VideoFrame) throws(MediaError) -> VideoFrame {
        if frame.format == .i420 { return frame }
        let output = outputPool(width: frame.width, height: frame.height).makeFrame(
            presentationTime: frame.presentationTime)
        let y = output.planeAddress(0)
        let u = output.planeAddress(1)
        let v = output.planeAddress(2)
        let ys = Int32(output.planes[0].stride)
        let us = Int32(output.planes[1].stride)
        let vs = Int32(output.planes[2].stride)
        let w = Int32(frame.width)
        let h = Int32(frame.height)
        let status: Int32
        switch frame.format {
        case .bgra:
            // libyuv names formats by little-endian words: its "ARGB" is B, G, R, A in memory.
            status = ARGBToI420(frame.planeAddress(0), Int32(frame.planes[0].stride), y, ys, u, us, v, vs, w, h)
        case .argb:
            status = BGRAToI420(frame.planeAddress(0), Int32(frame.planes[0].stride), y, ys, u, us, v, vs, w, h)
        case .nv12:
            status = NV12ToI420(
                frame.planeAddress(0), Int32(frame.planes[0].stride),
                frame.planeAddress(1), Int32(frame.planes[1].stride), y, ys, u, us, v, vs, w, h)
        case .i420:
            status = 0
        }
        guard status == 0 else {
            throw MediaError(
                .conversionFailure,
                "libyuv returned \(status) converting \(frame.format) to I420 "
                    + "at \(frame.width)x\(frame.height)")
        }
        return output
    }

    private mutating func outputPool(width: Int, height: Int) -> PixelBufferPool {
        if let pool, pool.width == width, pool.height == height { return pool }
        let fresh = PixelBufferPool(format: .i420, width: width, height: height, capacity: poolCapacity)
        pool = fresh
        return fresh
    }
}
