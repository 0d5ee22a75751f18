public import SDLMedia

/// Renders a `Window` into BGRA frames from an `SDLMedia/PixelBufferPool`, at the streaming size, without a
/// copy: the render target is the pooled frame's own memory, and the returned `SDLMedia/VideoFrame` shares it.
///
/// The streaming size is the window's viewport (head-unit resolution / scale, docs/streaming.md "Scale") rounded
/// up to even dimensions, because the encoder's 4:2:0 chroma needs them (1280x720 at scale 1.5 is an 853x480
/// viewport, so an 854x480 frame whose last column stays black). The pool is replaced when the size changes.
///
/// Dirty-region rendering keeps working: when the previous frame has come back to the pool, the pool hands out
/// the same buffer and the window repaints only what changed; any other buffer gets a full repaint.
///
/// ```swift
/// let renderer = PooledFrameRenderer()
/// let (frame, report) = try renderer.render(window, presentationTime: .milliseconds(33), force: false)
/// if report.wasDirty { await sink.submit(frame) }
/// ```
@CarWindowActor
public final class PooledFrameRenderer {
    /// Buffers kept per size: one being rendered, one with the sink, one spare.
    public nonisolated static let defaultCapacity = 3

    /// How many frames the pool keeps.
    public let capacity: Int
    /// The current pool, `nil` before the first frame.
    public private(set) var pool: PixelBufferPool?

    /// Creates a renderer whose pools keep `capacity` buffers (at least 1).
    public init(capacity: Int = PooledFrameRenderer.defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    /// The frame size for a viewport: each side rounded to an integer, then up to even.
    public nonisolated static func streamingSize(forViewport viewport: Size) -> (width: Int, height: Int) {
        func even(_ value: Double) -> Int {
            let pixels = max(1, Int(value.rounded()))
            return pixels + pixels % 2
        }
        return (even(viewport.width), even(viewport.height))
    }

    /// Renders `window` into a pooled frame stamped `presentationTime`.
    ///
    /// The frame holds the window's current picture whether or not the render wrote pixels: when nothing changed
    /// the pool's buffer is the one rendered last time (the window checks that) and already holds it, so a
    /// periodic refresh frame costs no drawing.
    ///
    /// - Returns: the frame and what the render did.
    /// - Throws: `CarWindowError` when rendering fails.
    public func render(_ window: Window, presentationTime: Duration) throws(CarWindowError) -> (VideoFrame, FrameReport)
    {
        let viewport = window.frameSize
        let size = Self.streamingSize(forViewport: viewport)
        let pool = pool(width: size.width, height: size.height)
        let frame = pool.makeFrame(presentationTime: presentationTime)
        let target = try RenderTarget(frame: frame, width: Int(viewport.width), height: Int(viewport.height))
        let report = try withExtendedLifetime(frame) { () throws(CarWindowError) in try window.render(into: target) }
        return (frame, report)
    }

    private func pool(width: Int, height: Int) -> PixelBufferPool {
        if let pool, pool.width == width, pool.height == height { return pool }
        let fresh = PixelBufferPool(format: .bgra, width: width, height: height, capacity: capacity)
        pool = fresh
        return fresh
    }
}
