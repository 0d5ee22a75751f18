public import SDLMedia

extension RenderTarget {
    /// Wraps the memory of a pooled BGRA `SDLMedia/VideoFrame` so the window renders straight into the frame the
    /// encoder will read: no copy between rendering and colour conversion.
    ///
    /// The target may cover less than the frame (`width`/`height` smaller than the frame's): the streaming frame is
    /// the viewport rounded up to even dimensions, which H.264 4:2:0 needs, and the extra column or row stays black.
    /// The frame must outlive every use of the target; ``PooledFrameRenderer`` keeps it alive around the render.
    ///
    /// ```swift
    /// let pool = PixelBufferPool(format: .bgra, width: 800, height: 480)
    /// let frame = pool.makeFrame(presentationTime: .zero)
    /// let report = try window.render(into: RenderTarget(frame: frame))
    /// ```
    /// - Throws: `CarWindowError.Kind.invalidPixelBuffer` when the frame is not BGRA, or the area is larger than
    ///   the frame or not a valid target (see `init(bytes:width:height:stride:)`).
    public init(frame: VideoFrame, width: Int? = nil, height: Int? = nil) throws(CarWindowError) {
        guard frame.format == .bgra, let plane = frame.planes.first else {
            throw CarWindowError(.invalidPixelBuffer, "a \(frame.format) frame; CarWindow renders BGRA only")
        }
        let (width, height) = (width ?? frame.width, height ?? frame.height)
        guard width <= frame.width, height <= frame.height else {
            throw CarWindowError(
                .invalidPixelBuffer, "target \(width)x\(height) larger than the frame \(frame.width)x\(frame.height)")
        }
        let memory = frame.buffer.mutableBytes
        guard plane.offset >= 0, plane.offset <= memory.count else {
            throw CarWindowError(.invalidPixelBuffer, "plane offset \(plane.offset) outside \(memory.count) bytes")
        }
        try self.init(
            bytes: UnsafeMutableRawBufferPointer(rebasing: memory[plane.offset...]), width: width, height: height,
            stride: plane.stride)
    }
}
