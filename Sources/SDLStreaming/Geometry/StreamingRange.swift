import SDLMediaService
public import SDLRPC

/// The sizes an app can lay itself out in, for one orientation (EVO-0296): the head unit's candidate sizes outside
/// it are never requested, and a head unit that switches to such a size gets no video.
///
/// Every bound that is set must hold (AND), as sdl_ios and the Java suite do. EVO-0296's text reads as OR
/// (diagonal, then aspect ratio *or* resolution); we follow the libraries because a range that lets a size through
/// on aspect ratio alone would hand the app sizes it said it cannot draw. Unlike Java, a range with only a minimum or
/// only a maximum resolution is fine.
///
/// - Resolutions are compared with the **stream** size (display ÷ scale), each side independently.
/// - The aspect ratio is max(w, h) / min(w, h) of the head unit's display size, so it is ≥ 1 in both orientations.
/// - The diagonal is checked only when both the bound and the head unit's `diagonalScreenSize` are above 0.
///
/// ```swift
/// let landscape = try StreamingRange(
///     minimumResolution: ImageResolution(width: 400, height: 240),
///     maximumAspectRatio: 2.5,
///     minimumDiagonal: 5)
/// let portrait = StreamingRange.disabled
/// ```
public struct StreamingRange: Hashable, Sendable {
    /// The smallest stream size, each side, or `nil` for no lower bound.
    public var minimumResolution: ImageResolution?
    /// The largest stream size, each side, or `nil` for no upper bound.
    public var maximumResolution: ImageResolution?
    /// The smallest normalized aspect ratio, at least 1.
    public var minimumAspectRatio: Double
    /// The largest normalized aspect ratio, at least `minimumAspectRatio`.
    public var maximumAspectRatio: Double
    /// The smallest screen diagonal in inches, at least 0 (0 = no bound).
    public var minimumDiagonal: Double
    /// Whether this orientation is refused altogether.
    public var isDisabled: Bool

    /// Accepts every size of its orientation.
    public static let unrestricted = StreamingRange(isDisabled: false)

    /// Refuses every size of its orientation. Disabling both orientations means no video at all.
    public static let disabled = StreamingRange(isDisabled: true)

    private init(isDisabled: Bool) {
        self.minimumResolution = nil
        self.maximumResolution = nil
        self.minimumAspectRatio = 1
        self.maximumAspectRatio = .greatestFiniteMagnitude
        self.minimumDiagonal = 0
        self.isDisabled = isDisabled
    }

    /// Creates a range. Aspect ratios below 1 are raised to 1, a negative diagonal to 0.
    ///
    /// - Throws: ``MediaStreamingError/Kind/noResolutionInRange`` when the minimum resolution exceeds the maximum in
    ///   either dimension, or the minimum aspect ratio exceeds the maximum: such a range could never match.
    public init(
        minimumResolution: ImageResolution? = nil,
        maximumResolution: ImageResolution? = nil,
        minimumAspectRatio: Double = 1,
        maximumAspectRatio: Double = .greatestFiniteMagnitude,
        minimumDiagonal: Double = 0
    ) throws(MediaStreamingError) {
        if let minimumResolution, let maximumResolution,
            minimumResolution.resolutionWidth > maximumResolution.resolutionWidth
                || minimumResolution.resolutionHeight > maximumResolution.resolutionHeight
        {
            throw MediaStreamingError(
                .noResolutionInRange, "range minimum \(minimumResolution) exceeds maximum \(maximumResolution)")
        }
        let minimumRatio = minimumAspectRatio.isFinite ? max(1, minimumAspectRatio) : 1
        let maximumRatio = maximumAspectRatio.isNaN ? Double.greatestFiniteMagnitude : max(1, maximumAspectRatio)
        guard minimumRatio <= maximumRatio else {
            throw MediaStreamingError(
                .noResolutionInRange, "range minimum aspect ratio \(minimumRatio) exceeds maximum \(maximumRatio)")
        }
        self.minimumResolution = minimumResolution
        self.maximumResolution = maximumResolution
        self.minimumAspectRatio = minimumRatio
        self.maximumAspectRatio = maximumRatio
        self.minimumDiagonal = minimumDiagonal.isFinite ? max(0, minimumDiagonal) : 0
        self.isDisabled = false
    }

    /// Whether a candidate passes every bound that is set.
    public func accepts(_ candidate: VideoStreamCandidate) -> Bool {
        guard !isDisabled else { return false }
        let stream = candidate.streamSize
        if let minimumResolution,
            stream.resolutionWidth < minimumResolution.resolutionWidth
                || stream.resolutionHeight < minimumResolution.resolutionHeight
        {
            return false
        }
        if let maximumResolution,
            stream.resolutionWidth > maximumResolution.resolutionWidth
                || stream.resolutionHeight > maximumResolution.resolutionHeight
        {
            return false
        }
        if minimumDiagonal > 0, let diagonal = candidate.diagonalScreenSize, diagonal > 0, diagonal < minimumDiagonal {
            return false
        }
        let ratio = candidate.aspectRatio
        return ratio >= minimumAspectRatio && ratio <= maximumAspectRatio
    }
}

/// Which range a size is tested against: its orientation, from the stream size's aspect ratio with a small
/// tolerance so that 1000x999 counts as square (tested against both ranges, as sdl_ios does).
public enum VideoOrientation: Hashable, Sendable {
    case landscape
    case portrait
    case square

    /// The orientation of a size.
    public init(_ size: ImageResolution) {
        let ratio = Double(size.resolutionWidth) / Double(max(1, size.resolutionHeight))
        let squared = ratio * ratio
        if squared > 1.001 {
            self = .landscape
        } else if squared < 0.999 {
            self = .portrait
        } else {
            self = .square
        }
    }
}
