import CLibYUV

/// Scales I420 frames to another size with libyuv (box filter), into pooled buffers.
///
/// A frame already at the target size passes through untouched, so a source whose size matches the negotiated
/// stream costs nothing. Other formats are converted to I420 first with a ``ColorConverter``.
///
/// ```swift
/// var scaler = FrameScaler()
/// let scaled = try scaler.scale(fileFrame, toWidth: 800, height: 480)
/// _ = await manager.send(scaled)
/// ```
public struct FrameScaler: Sendable {
    private var pool: PixelBufferPool?
    private var converter: ColorConverter
    /// How many output buffers the scaler keeps (frames scaled but not yet encoded, plus one).
    public let poolCapacity: Int

    /// Creates a scaler whose output pool keeps `poolCapacity` buffers.
    public init(poolCapacity: Int = 3) {
        self.poolCapacity = poolCapacity
        self.converter = ColorConverter(poolCapacity: poolCapacity)
    }

    /// Returns `frame` as an I420 frame of `width` x `height` with the same presentation time.
    ///
    /// - Throws: ``MediaError/Kind/invalidFrame`` for a target size outside 1...``VideoFrame/maximumDimension``,
    ///   ``MediaError/Kind/conversionFailure`` if libyuv refuses the frame.
    public mutating func scale(_ frame: VideoFrame, toWidth width: Int, height: Int) throws(MediaError) -> VideoFrame {
        guard (1...VideoFrame.maximumDimension).contains(width), (1...VideoFrame.maximumDimension).contains(height)
        else {
            throw MediaError(
                .invalidFrame, "scale target \(width)x\(height) is outside 1...\(VideoFrame.maximumDimension)")
        }
        let source = try converter.convertToI420(frame)
        if source.width == width, source.height == height { return source }
        let output = outputPool(width: width, height: height).makeFrame(presentationTime: frame.presentationTime)
        let status = I420Scale(
            source.planeAddress(0), Int32(source.planes[0].stride),
            source.planeAddress(1), Int32(source.planes[1].stride),
            source.planeAddress(2), Int32(source.planes[2].stride),
            Int32(source.width), Int32(source.height),
            output.planeAddress(0), Int32(output.planes[0].stride),
            output.planeAddress(1), Int32(output.planes[1].stride),
            output.planeAddress(2), Int32(output.planes[2].stride),
            Int32(width), Int32(height), kFilterBox
        )
        guard status == 0 else {
            throw MediaError(
                .conversionFailure,
                "libyuv returned \(status) scaling \(source.width)x\(source.height) to \(width)x\(height)")
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
