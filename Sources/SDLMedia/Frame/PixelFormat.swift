/// How a ``VideoFrame`` lays out its pixels.
///
/// Packed RGB formats are named by the order of their bytes in memory, which is what a renderer hands over:
/// Cairo's `CAIRO_FORMAT_ARGB32` on a little-endian machine is ``bgra`` (libyuv calls the same layout "ARGB").
///
/// ```swift
/// let format = PixelFormat.bgra
/// print(format.planeCount) // 1
/// ```
public enum PixelFormat: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// 32-bit packed, bytes B, G, R, A in memory (Cairo ARGB32 on little-endian, libyuv "ARGB").
    case bgra
    /// 32-bit packed, bytes A, R, G, B in memory (libyuv "BGRA").
    case argb
    /// Planar 4:2:0: a full-size Y plane, then quarter-size U and V planes. What the H.264 encoder takes.
    case i420
    /// Semi-planar 4:2:0: a full-size Y plane, then one quarter-size plane of interleaved U, V pairs.
    case nv12

    /// How many planes a frame of this format has.
    public var planeCount: Int {
        switch self {
        case .bgra, .argb: 1
        case .i420: 3
        case .nv12: 2
        }
    }

    public var description: String {
        switch self {
        case .bgra: "BGRA"
        case .argb: "ARGB"
        case .i420: "I420"
        case .nv12: "NV12"
        }
    }

    /// The tightly packed layout of a `width` x `height` image: the smallest strides, planes one after another.
    ///
    /// Each stride is rounded up to `alignment` bytes so SIMD conversion code can run whole rows.
    /// - Returns: the planes and the total number of bytes they need.
    public func packedLayout(width: Int, height: Int, alignment: Int = 32) -> (
        planes: [VideoFrame.Plane], byteCount: Int
    ) {
        func aligned(_ value: Int) -> Int { (value + alignment - 1) / alignment * alignment }
        let chromaWidth = (width + 1) / 2
        let chromaHeight = (height + 1) / 2
        switch self {
        case .bgra, .argb:
            let stride = aligned(width * 4)
            return ([VideoFrame.Plane(offset: 0, stride: stride)], stride * height)
        case .i420:
            let luma = aligned(width)
            let chroma = aligned(chromaWidth)
            let uOffset = luma * height
            let vOffset = uOffset + chroma * chromaHeight
            let planes = [
                VideoFrame.Plane(offset: 0, stride: luma),
                VideoFrame.Plane(offset: uOffset, stride: chroma),
                VideoFrame.Plane(offset: vOffset, stride: chroma),
            ]
            return (planes, vOffset + chroma * chromaHeight)
        case .nv12:
            let luma = aligned(width)
            let chroma = aligned(chromaWidth * 2)
            let uvOffset = luma * height
            return (
                [VideoFrame.Plane(offset: 0, stride: luma), VideoFrame.Plane(offset: uvOffset, stride: chroma)],
                uvOffset + chroma * chromaHeight
            )
        }
    }

    /// The minimum bytes per row and number of rows of plane `index` in a `width` x `height` image.
    func planeExtent(_ index: Int, width: Int, height: Int) -> (rowBytes: Int, rows: Int) {
        let chromaWidth = (width + 1) / 2
        let chromaHeight = (height + 1) / 2
        switch (self, index) {
        case (.bgra, _), (.argb, _): return (width * 4, height)
        case (.i420, 0), (.nv12, 0): return (width, height)
        case (.nv12, _): return (chromaWidth * 2, chromaHeight)
        case (.i420, _): return (chromaWidth, chromaHeight)
        }
    }
}
