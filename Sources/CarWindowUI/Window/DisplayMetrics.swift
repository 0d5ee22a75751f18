/// What a window knows about the display it drives: resolution, scale, density, haptics, which display.
/// (SDLRPC's `DisplayCapabilities` is the spec's RPC struct a head unit sends; this is the geometry a window is laid
/// out and drawn at, built from the head unit's `VideoStreamingCapability`.)
///
/// The app's viewport (its view coordinates and the encoder's frame size) is the head-unit resolution divided by the
/// scale and rounded. Touches are divided by the scale, haptic rects multiplied by it. All three as sdl_ios's
/// `SDLStreamingVideoScaleManager` does (docs/streaming.md, "Scale").
///
/// ```swift
/// let caps = try DisplayMetrics(resolution: Size(width: 1280, height: 720), scale: 1.5, pixelsPerInch: 160)
/// caps.viewportSize   // 853x480
/// ```
public struct DisplayMetrics: Hashable, Sendable {
    /// The largest head-unit dimension accepted, in pixels.
    public static let maximumDimension = 8192.0

    /// Which display this is.
    public var display: DisplayKind
    /// The head unit's pixel size (`preferredResolution`).
    public var resolution: Size
    /// Head-unit pixels per view point, clamped to 1...10; a missing or zero scale is 1 (as in sdl_ios).
    public var scale: Double
    /// Head-unit pixels per inch, when known.
    public var pixelsPerInch: Double?
    /// Screen diagonal in inches, when known.
    public var diagonalInches: Double?
    /// Width of a pixel divided by its height; 1 for square pixels (SDL gives no other value today).
    public var pixelAspectRatio: Double
    /// Whether the head unit takes haptic rects (`hapticSpatialDataSupported`).
    public var isHapticSpatialDataSupported: Bool

    /// - Throws: ``CarWindowError/Kind/invalidViewport`` for an empty, non-finite or oversized resolution.
    public init(
        resolution: Size,
        scale: Double? = nil,
        pixelsPerInch: Double? = nil,
        diagonalInches: Double? = nil,
        pixelAspectRatio: Double = 1,
        hapticSpatialDataSupported: Bool = false,
        display: DisplayKind = .centerConsole
    ) throws(CarWindowError) {
        try Self.validate(resolution)
        self.resolution = resolution
        self.scale = Self.clampScale(scale)
        self.pixelsPerInch = pixelsPerInch.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        self.diagonalInches = diagonalInches.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        self.pixelAspectRatio = pixelAspectRatio > 0 && pixelAspectRatio.isFinite ? pixelAspectRatio : 1
        self.isHapticSpatialDataSupported = hapticSpatialDataSupported
        self.display = display
    }

    /// The app viewport: resolution / scale, rounded, at least 1x1.
    public var viewportSize: Size {
        Size(
            width: max(1, (resolution.width / scale).rounded()),
            height: max(1, (resolution.height / scale).rounded()))
    }

    /// Landscape or portrait, from the viewport.
    public var orientation: Orientation { Orientation(of: viewportSize) }

    /// Head-unit pixels per inch: the reported value, else derived from the diagonal, else `nil`.
    public var density: Double? {
        if let pixelsPerInch { return pixelsPerInch }
        guard let diagonalInches else { return nil }
        let diagonalPixels = (resolution.width * resolution.width + resolution.height * resolution.height).squareRoot()
        return diagonalPixels / diagonalInches
    }

    /// View points per inch (density / scale): how large a 44-point button is physically.
    public var viewportDensity: Double? { density.map { $0 / scale } }

    /// The same capabilities at another head-unit resolution.
    public func resized(to resolution: Size) throws(CarWindowError) -> DisplayMetrics {
        try Self.validate(resolution)
        var copy = self
        copy.resolution = resolution
        return copy
    }

    static func clampScale(_ scale: Double?) -> Double {
        guard let scale, scale.isFinite, scale > 0 else { return 1 }
        return min(max(scale, 1), 10)
    }

    private static func validate(_ size: Size) throws(CarWindowError) {
        guard size.width.isFinite, size.height.isFinite, size.width >= 1, size.height >= 1,
            size.width <= maximumDimension, size.height <= maximumDimension
        else {
            throw CarWindowError(.invalidViewport, "resolution \(size) outside 1...\(Int(maximumDimension))")
        }
    }
}
