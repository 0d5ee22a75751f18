// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Contains information about this system's video streaming capabilities.
public struct VideoStreamingCapability: Codable, Hashable, Sendable {
    /// The preferred resolution of a video stream for decoding and rendering on HMI.
    public var preferredResolution: ImageResolution?

    /// The maximum bitrate of video stream that is supported, in kbps. Range 0...2147483647.
    public var maxBitrate: Int?

    /// Detailed information on each format supported by this system, in its preferred order (i.e. the first element in
    /// the array is most preferable to the system). Each object will contain a VideoStreamingFormat that describes what
    /// can be expected.
    public var supportedFormats: [VideoStreamingFormat]?

    /// True if the system can utilize the haptic spatial data from the source being streamed. If not included, it can
    /// be assumed the module doesn't support haptic spatial data'.
    public var hapticSpatialDataSupported: Bool?

    /// The diagonal screen size in inches. At least 0.
    public var diagonalScreenSize: Double?

    /// PPI is the diagonal resolution in pixels divided by the diagonal screen size in inches. At least 0.
    public var pixelPerInch: Double?

    /// The scaling factor the app should use to change the size of the projecting view. Range 1...10.
    public var scale: Double?

    /// The preferred frame rate per second of the head unit. The mobile application / app library may take other
    /// factors into account that constrain the frame rate lower than this value, but it should not perform streaming at
    /// a higher frame rate than this value. Range 0...2147483647.
    public var preferredFPS: Int?

    /// 1...100 items.
    public var additionalVideoStreamingCapabilities: [VideoStreamingCapability]?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        preferredResolution: ImageResolution? = nil,
        maxBitrate: Int? = nil,
        supportedFormats: [VideoStreamingFormat]? = nil,
        hapticSpatialDataSupported: Bool? = nil,
        diagonalScreenSize: Double? = nil,
        pixelPerInch: Double? = nil,
        scale: Double? = nil,
        preferredFPS: Int? = nil,
        additionalVideoStreamingCapabilities: [VideoStreamingCapability]? = nil
    ) {
        self.preferredResolution = preferredResolution
        self.maxBitrate = maxBitrate
        self.supportedFormats = supportedFormats
        self.hapticSpatialDataSupported = hapticSpatialDataSupported
        self.diagonalScreenSize = diagonalScreenSize
        self.pixelPerInch = pixelPerInch
        self.scale = scale
        self.preferredFPS = preferredFPS
        self.additionalVideoStreamingCapabilities = additionalVideoStreamingCapabilities
    }
}

extension VideoStreamingCapability {
    /// Returns this value updated by `update`: fields present in `update` win, fields it omits keep their
    /// value from `self`. The merge is shallow: a nested struct or array in `update` replaces the old one.
    ///
    /// ```swift
    /// let current = old.merging(update)
    /// ```
    public func merging(_ update: VideoStreamingCapability) -> VideoStreamingCapability {
        VideoStreamingCapability(
            preferredResolution: update.preferredResolution ?? preferredResolution,
            maxBitrate: update.maxBitrate ?? maxBitrate,
            supportedFormats: update.supportedFormats ?? supportedFormats,
            hapticSpatialDataSupported: update.hapticSpatialDataSupported ?? hapticSpatialDataSupported,
            diagonalScreenSize: update.diagonalScreenSize ?? diagonalScreenSize,
            pixelPerInch: update.pixelPerInch ?? pixelPerInch,
            scale: update.scale ?? scale,
            preferredFPS: update.preferredFPS ?? preferredFPS,
            additionalVideoStreamingCapabilities:
                update.additionalVideoStreamingCapabilities ?? additionalVideoStreamingCapabilities
        )
    }
}
