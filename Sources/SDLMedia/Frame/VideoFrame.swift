/// One picture: a shared ``PixelMemory``, its format, size, plane layout and presentation timestamp.
///
/// A frame is a small value. Copying it shares the pixels; nothing is copied until a conversion writes a new
/// buffer. Plane offsets and strides are validated against the buffer when the frame is made, so later C calls
/// cannot read past the end.
///
/// ```swift
/// let pool = PixelBufferPool(format: .bgra, width: 800, height: 480)
/// var frame = pool.makeFrame(presentationTime: .milliseconds(66))
/// frame.buffer.mutableBytes.initializeMemory(as: UInt8.self, repeating: 0x80)
/// ```
public struct VideoFrame: Sendable {
    /// Where a plane starts in the buffer and how many bytes separate the starts of two rows.
    public struct Plane: Sendable, Hashable {
        /// Byte offset of the plane's first row from the start of the buffer.
        public var offset: Int
        /// Bytes from one row to the next (at least the row's width in bytes).
        public var stride: Int

        /// Creates a plane description.
        public init(offset: Int, stride: Int) {
            self.offset = offset
            self.stride = stride
        }
    }

    /// The pixels.
    public let buffer: PixelMemory
    /// How the pixels are laid out.
    public let format: PixelFormat
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// One entry per plane of ``format``.
    public let planes: [Plane]
    /// When the frame should be shown, relative to any fixed origin; it must increase from frame to frame.
    public var presentationTime: Duration

    /// Makes a frame over `buffer`, checking that every plane fits.
    ///
    /// - Throws: ``MediaError/Kind/invalidFrame`` if the size is not positive, a plane count or stride is wrong,
    ///   or a plane runs past the end of the buffer.
    public init(
        buffer: PixelMemory, format: PixelFormat, width: Int, height: Int, planes: [Plane],
        presentationTime: Duration
    ) throws(MediaError) {
        guard width > 0, height > 0, width <= Self.maximumDimension, height <= Self.maximumDimension else {
            throw MediaError(.invalidFrame, "frame size \(width)x\(height) is outside 1...\(Self.maximumDimension)")
        }
        guard planes.count == format.planeCount else {
            throw MediaError(.invalidFrame, "\(format) needs \(format.planeCount) planes, got \(planes.count)")
        }
        for (index, plane) in planes.enumerated() {
            let (rowBytes, rows) = format.planeExtent(index, width: width, height: height)
            let end = plane.offset + plane.stride * (rows - 1) + rowBytes
            guard plane.offset >= 0, plane.stride >= rowBytes, end <= buffer.byteCount else {
                throw MediaError(
                    .invalidFrame,
                    """
                    plane \(index) of a \(width)x\(height) \(format) frame (offset \(plane.offset), \
                    stride \(plane.stride)) needs \(end) bytes, the buffer has \(buffer.byteCount)
                    """)
            }
        }
        self.init(
            unchecked: buffer, format: format, width: width, height: height, planes: planes,
            presentationTime: presentationTime)
    }

    /// Makes a frame with the tightly packed layout of ``PixelFormat/packedLayout(width:height:alignment:)``.
    ///
    /// - Throws: ``MediaError/Kind/invalidFrame`` if the buffer is too small.
    public init(
        buffer: PixelMemory, format: PixelFormat, width: Int, height: Int,
        presentationTime: Duration
    ) throws(MediaError) {
        guard width > 0, height > 0, width <= Self.maximumDimension, height <= Self.maximumDimension else {
            throw MediaError(.invalidFrame, "frame size \(width)x\(height) is outside 1...\(Self.maximumDimension)")
        }
        let layout = format.packedLayout(width: width, height: height)
        try self.init(
            buffer: buffer, format: format, width: width, height: height, planes: layout.planes,
            presentationTime: presentationTime)
    }

    init(
        unchecked buffer: PixelMemory, format: PixelFormat, width: Int, height: Int, planes: [Plane],
        presentationTime: Duration
    ) {
        self.buffer = buffer
        self.format = format
        self.width = width
        self.height = height
        self.planes = planes
        self.presentationTime = presentationTime
    }

    /// The largest width or height a frame may have: H.264 level 6.2 allows 8192 x 4320 at most.
    public static let maximumDimension = 8192

    /// The address of plane `index`'s first row, for C calls.
    func planeAddress(_ index: Int) -> UnsafeMutablePointer<UInt8> {
        (buffer.baseAddress + planes[index].offset).assumingMemoryBound(to: UInt8.self)
    }
}
