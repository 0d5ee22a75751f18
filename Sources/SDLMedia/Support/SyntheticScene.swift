#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A moving test picture for benchmarks, tests and demos, rendered straight into a frame's planes.
///
/// A detailed backdrop is computed once, larger than the frame; each frame copies a window of it, so rendering
/// costs a row copy per line. Two kinds of motion:
/// - ``Motion/pan``: the whole backdrop pans in a circle under a sliding block, like a map being dragged. Every
///   pixel moves, which is camera-like content.
/// - ``Motion/interface``: the backdrop stays put, a list panel on the left third scrolls up, and a block slides
///   across, like a user interface.
///
/// ```swift
/// let scene = SyntheticScene(width: 800, height: 480, format: .bgra)
/// let pool = PixelBufferPool(format: .bgra, width: 800, height: 480)
/// let frame = pool.makeFrame(presentationTime: .zero)
/// scene.render(frameIndex: 0, into: frame)
/// ```
public struct SyntheticScene: Sendable {
    /// How the picture moves from frame to frame.
    public enum Motion: Sendable, Hashable, CaseIterable {
        /// The whole picture pans in a circle (camera-like; every pixel moves).
        case pan
        /// A static picture with a scrolling panel and a sliding block (user-interface-like).
        case interface
    }

    /// How far the backdrop pans from its centre, in pixels.
    public static let panRadius = 32
    /// Frames per full circle of the pan.
    public static let panPeriod = 90

    /// Frame width in pixels.
    public let width: Int
    /// Frame height in pixels.
    public let height: Int
    /// The format rendered: ``PixelFormat/bgra`` or ``PixelFormat/i420``.
    public let format: PixelFormat
    /// How the picture moves.
    public let motion: Motion
    private let backdrop: [[UInt8]]
    private let backdropWidths: [Int]

    /// Prepares the backdrop for `width` x `height` frames (even sizes) of `format`.
    public init(width: Int, height: Int, format: PixelFormat, motion: Motion = .pan, seed: UInt64 = 1) {
        precondition(format == .bgra || format == .i420, "SyntheticScene renders BGRA or I420")
        precondition(width > 0 && height > 0 && width % 2 == 0 && height % 2 == 0, "SyntheticScene needs an even size")
        self.width = width
        self.height = height
        self.format = format
        self.motion = motion
        let margin = 2 * Self.panRadius
        let fullWidth = width + margin
        let fullHeight = height + margin
        var random = SplitMix64(seed: seed)
        var luma = [UInt8](repeating: 0, count: fullWidth * fullHeight)
        for y in 0..<fullHeight {
            for x in 0..<fullWidth {
                // Smooth waves, sharp tile edges and a little grain: detail at every scale.
                let waves: Double = 50 * sin(Double(x) / 23) * cos(Double(y) / 31)
                let ripple: Double = 30 * sin(Double(x + 2 * y) / 11)
                let wave = waves + ripple
                let tile = ((x / 48) ^ (y / 40)) & 1 == 0 ? 24.0 : -24.0
                let grain = Double(Int(random.next() & 15) - 8)
                luma[y * fullWidth + x] = UInt8(clamping: Int(128 + wave + tile + grain))
            }
        }
        switch format {
        case .bgra:
            var bgra = [UInt8](repeating: 255, count: fullWidth * fullHeight * 4)
            for index in 0..<(fullWidth * fullHeight) {
                let value = Int(luma[index])
                bgra[index * 4] = UInt8(truncatingIfNeeded: value &* 3)
                bgra[index * 4 + 1] = UInt8(value)
                bgra[index * 4 + 2] = UInt8(255 - value)
            }
            backdrop = [bgra]
            backdropWidths = [fullWidth * 4]
        default:
            let chromaWidth = fullWidth / 2
            let chromaHeight = fullHeight / 2
            var u = [UInt8](repeating: 0, count: chromaWidth * chromaHeight)
            var v = u
            for y in 0..<chromaHeight {
                for x in 0..<chromaWidth {
                    let value = Int(luma[2 * y * fullWidth + 2 * x])
                    u[y * chromaWidth + x] = UInt8(64 + value / 2)
                    v[y * chromaWidth + x] = UInt8(192 - value / 2)
                }
            }
            backdrop = [luma, u, v]
            backdropWidths = [fullWidth, chromaWidth, chromaWidth]
        }
    }

    /// Draws frame `frameIndex` into `frame`, which must have this scene's size and format.
    public func render(frameIndex: Int, into frame: VideoFrame) {
        precondition(
            frame.format == format && frame.width == width && frame.height == height,
            "frame \(frame.width)x\(frame.height) \(frame.format) does not match the scene")
        let angle = Double(frameIndex % Self.panPeriod) / Double(Self.panPeriod) * 2 * Double.pi
        var dx = Self.panRadius
        var dy = Self.panRadius
        var panelWidth = 0
        var panelScroll = 0
        switch motion {
        case .pan:
            dx += Int((Double(Self.panRadius) * cos(angle)).rounded()) & ~1
            dy += Int((Double(Self.panRadius) * sin(angle)).rounded()) & ~1
        case .interface:
            panelWidth = width / 3 & ~1
            panelScroll = frameIndex * 4 % (2 * Self.panRadius)
        }
        let blockSize = min(width, height) / 4
        let blockX = (frameIndex * 8) % max(1, width - blockSize)
        let blockY = (height - blockSize) / 2
        for plane in 0..<format.planeCount {
            let isChroma = plane > 0
            let scale = isChroma ? 2 : 1
            let bytesPerPixel = format == .bgra ? 4 : 1
            let rowBytes = width / scale * bytesPerPixel
            let rows = height / scale
            let source = backdrop[plane]
            let sourceStride = backdropWidths[plane]
            let destination = frame.planeAddress(plane)
            let stride = frame.planes[plane].stride
            source.withUnsafeBufferPointer { source in
                guard let base = source.baseAddress else { return }
                let panelBytes = panelWidth / scale * bytesPerPixel
                for row in 0..<rows {
                    let from = base + (row + dy / scale) * sourceStride + dx / scale * bytesPerPixel
                    (destination + row * stride).update(from: from, count: rowBytes)
                    if panelBytes > 0 {
                        let scrolled = base + (row + panelScroll / scale) * sourceStride
                        (destination + row * stride).update(from: scrolled, count: panelBytes)
                    }
                }
            }
            // The sliding block, a flat colour that changes slowly, like a widget moving over a map.
            let shade = UInt8(truncatingIfNeeded: 40 + frameIndex)
            for row in (blockY / scale)..<((blockY + blockSize) / scale) {
                let start = destination + row * stride + blockX / scale * bytesPerPixel
                start.update(repeating: isChroma ? 128 : shade, count: blockSize / scale * bytesPerPixel)
            }
        }
    }
}

/// A small deterministic random generator (SplitMix64), so every run renders the same scene.
struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
