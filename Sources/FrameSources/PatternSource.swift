public import SDLMedia
public import SDLProjection
public import SDLRPC

/// The `pattern` source: SDLMedia's moving ``SyntheticScene`` with the frame number drawn in its top-left corner,
/// rendered in I420 (the encoder's own format, so nothing is converted) at whatever size the stream has.
///
/// The counter makes dropped or repeated frames visible in a recording, and the pan makes motion visible.
///
/// ```swift
/// let source = PatternSource()
/// let frame = try source.nextFrame(index: 42, size: ImageResolution(width: 800, height: 480))
/// ```
public final class PatternSource: FrameProducer {
    private var scene: SyntheticScene?
    private var pool: PixelBufferPool?

    public init() {}

    /// Frame number `index` at `size`, or `nil` when the source has ended.
    public func frame(index: Int, size: ImageResolution) throws(FrameSourceError) -> VideoFrame? {
        let width = Int(size.width)
        let height = Int(size.height)
        guard (2...VideoFrame.maximumDimension).contains(width), (2...VideoFrame.maximumDimension).contains(height)
        else {
            throw FrameSourceError("cannot draw the pattern at \(width)x\(height)")
        }
        // The scene builds its backdrop once per size: a resize pays for it once, not per frame.
        if scene?.width != width || scene?.height != height {
            scene = SyntheticScene(width: width, height: height, format: .i420)
            pool = PixelBufferPool(format: .i420, width: width, height: height)
        }
        guard let scene, let pool else { return nil }
        let frame = pool.makeFrame(presentationTime: .zero)
        scene.render(frameIndex: index, into: frame)
        FrameCounterFont.draw(number: index, into: frame)
        return frame
    }

    /// The frame as a ``FrameProducer`` gives it: a failure ends the run as `sourceFailed` with its message.
    public func nextFrame(index: Int, size: ImageResolution) throws(ProjectionFailure) -> VideoFrame? {
        do { return try frame(index: index, size: size) } catch { throw error.projectionFailure }
    }
}
