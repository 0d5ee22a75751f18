extension ImageResolution: CustomStringConvertible {
    /// Creates a resolution from a width and a height in pixels.
    ///
    /// ```swift
    /// let size = ImageResolution(width: 800, height: 480)
    /// ```
    public init(width: Int, height: Int) {
        self.init(resolutionWidth: width, resolutionHeight: height)
    }

    /// The width in pixels (`resolutionWidth`).
    public var width: Int { resolutionWidth }

    /// The height in pixels (`resolutionHeight`).
    public var height: Int { resolutionHeight }

    /// Whether both sides are positive: a head unit may send 0x0 for "no preference", which no encoder accepts.
    public var isValid: Bool { resolutionWidth > 0 && resolutionHeight > 0 }

    /// The size of the view an app lays out for a head unit that asks for `scale`: the resolution divided by it,
    /// rounded down (`VideoStreamingCapability.scale`, e.g. 1024x600 at scale 2 lays out 512x300 and is drawn
    /// twice as large). A scale below 1 or not finite is treated as 1, as the spec's range starts at 1.
    ///
    /// ```swift
    /// ImageResolution(width: 1024, height: 600).scaledDown(by: 2)   // 512x300
    /// ```
    public func scaledDown(by scale: Double) -> ImageResolution {
        guard scale.isFinite, scale > 1 else { return self }
        return ImageResolution(
            width: Int((Double(resolutionWidth) / scale).rounded(.down)),
            height: Int((Double(resolutionHeight) / scale).rounded(.down))
        )
    }

    /// `"800x480"`.
    public var description: String { "\(resolutionWidth)x\(resolutionHeight)" }
}
