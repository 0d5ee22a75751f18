public import SDLRPC

/// One size the head unit can show video at, with everything needed to stream at it: the root capability or one of
/// its `additionalVideoStreamingCapabilities`, flattened, with missing fields filled from the root.
///
/// Unlike sdl_ios (whose copy drops `preferredFPS`, so every size inherits the root's frame rate), each candidate
/// keeps its own `preferredFPS`; only when it has none does it take the root's.
///
/// ```swift
/// let candidates = VideoStreamCandidate.candidates(from: capability)
/// let first = candidates.first?.streamSize   // preferredResolution ÷ scale
/// ```
public struct VideoStreamCandidate: Hashable, Sendable, CustomStringConvertible {
    /// The head unit's size for this screen, in its pixels (`preferredResolution`).
    public var displayResolution: ImageResolution
    /// The head unit's scale for this screen, clamped.
    public var scale: VideoScale
    /// The size to request, encode and lay out: display ÷ scale.
    public var streamSize: ImageResolution
    /// `diagonalScreenSize`, inches, if the head unit gave it.
    public var diagonalScreenSize: Double?
    /// `pixelPerInch`, if the head unit gave it.
    public var pixelPerInch: Double?
    /// `preferredFPS`: an upper bound for the frame rate.
    public var preferredFPS: Int?
    /// `maxBitrate`, in kbps as on the wire.
    public var maxBitrateKbps: Int?
    /// `supportedFormats` in the head unit's order (`nil` when neither this screen nor the root listed any).
    public var supportedFormats: [VideoStreamingFormat]?
    /// Whether the head unit uses haptic rectangles on this screen.
    public var hapticSpatialDataSupported: Bool

    /// Creates a candidate; the stream size is derived from the display size and the scale.
    public init(
        displayResolution: ImageResolution,
        scale: VideoScale = .identity,
        diagonalScreenSize: Double? = nil,
        pixelPerInch: Double? = nil,
        preferredFPS: Int? = nil,
        maxBitrateKbps: Int? = nil,
        supportedFormats: [VideoStreamingFormat]? = nil,
        hapticSpatialDataSupported: Bool = false
    ) {
        self.displayResolution = displayResolution
        self.scale = scale
        self.streamSize = scale.streamSize(forDisplay: displayResolution)
        self.diagonalScreenSize = diagonalScreenSize
        self.pixelPerInch = pixelPerInch
        self.preferredFPS = preferredFPS
        self.maxBitrateKbps = maxBitrateKbps
        self.supportedFormats = supportedFormats
        self.hapticSpatialDataSupported = hapticSpatialDataSupported
    }

    /// max(w, h) / min(w, h) of the display size: ≥ 1 whatever the orientation.
    public var aspectRatio: Double {
        let long = max(displayResolution.resolutionWidth, displayResolution.resolutionHeight)
        let short = max(1, min(displayResolution.resolutionWidth, displayResolution.resolutionHeight))
        return Double(long) / Double(short)
    }

    /// The orientation of the stream size.
    public var orientation: VideoOrientation { VideoOrientation(streamSize) }

    /// The capability as the app tells it back to the head unit in `OnAppCapabilityUpdated`.
    public var capability: VideoStreamingCapability {
        VideoStreamingCapability(
            preferredResolution: displayResolution,
            maxBitrate: maxBitrateKbps,
            supportedFormats: supportedFormats,
            hapticSpatialDataSupported: hapticSpatialDataSupported,
            diagonalScreenSize: diagonalScreenSize,
            pixelPerInch: pixelPerInch,
            scale: scale.factor,
            preferredFPS: preferredFPS
        )
    }

    public var description: String { "\(streamSize) (display \(displayResolution) \(scale))" }

    /// How many capabilities one flattening reads at most: the spec allows 100 additional ones, plus the root.
    static let maximumCandidates = 101

    /// The root capability followed by its additional capabilities, in the head unit's order, without duplicates.
    ///
    /// A capability whose `preferredResolution` is absent, zero or above the spec's 10000 is skipped: a head unit that
    /// sends one gets no video at that size rather than a crash or a gigantic encoder. Nested lists deeper than the
    /// spec's one level are ignored.
    public static func candidates(from capability: VideoStreamingCapability) -> [VideoStreamCandidate] {
        var result: [VideoStreamCandidate] = []
        var seen: Set<VideoStreamCandidate> = []
        func add(_ entry: VideoStreamingCapability, root: VideoStreamingCapability) {
            guard result.count < maximumCandidates, let resolution = entry.preferredResolution,
                resolution.isWithinSpec
            else { return }
            let candidate = VideoStreamCandidate(
                displayResolution: resolution,
                scale: VideoScale(entry.scale),
                diagonalScreenSize: entry.diagonalScreenSize ?? root.diagonalScreenSize,
                pixelPerInch: entry.pixelPerInch ?? root.pixelPerInch,
                preferredFPS: entry.preferredFPS ?? root.preferredFPS,
                maxBitrateKbps: entry.maxBitrate ?? root.maxBitrate,
                supportedFormats: entry.supportedFormats ?? root.supportedFormats,
                hapticSpatialDataSupported: entry.hapticSpatialDataSupported ?? root.hapticSpatialDataSupported
                    ?? false
            )
            if seen.insert(candidate).inserted { result.append(candidate) }
        }
        add(capability, root: capability)
        for entry in capability.additionalVideoStreamingCapabilities ?? [] {
            add(entry, root: capability)
        }
        return result
    }
}
