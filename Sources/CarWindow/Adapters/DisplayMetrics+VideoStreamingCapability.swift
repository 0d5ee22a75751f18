public import SDLRPC

extension DisplayMetrics {
    /// The capabilities a head unit's `VideoStreamingCapability` describes: its preferred resolution and scale (so
    /// the viewport is resolution / scale), density from `pixelPerInch` or `diagonalScreenSize`, and whether it
    /// takes haptic rects.
    ///
    /// ```swift
    /// let vsc = VideoStreamingCapability(preferredResolution: .init(width: 1280, height: 720), scale: 1.5)
    /// let caps = try DisplayMetrics(vsc)   // viewport 853x480
    /// ```
    /// - Parameters:
    ///   - capability: the head unit's capability (after merging updates).
    ///   - fallbackResolution: used when the capability has no valid `preferredResolution` (the RAI screen size).
    ///   - display: the display this stream drives.
    /// - Throws: `CarWindowError.Kind.invalidViewport` when neither resolution is usable.
    public init(
        _ capability: VideoStreamingCapability, fallbackResolution: Size? = nil, display: DisplayKind = .centerConsole
    ) throws(CarWindowError) {
        let preferred = capability.preferredResolution.flatMap { resolution -> Size? in
            guard resolution.isValid else { return nil }
            return Size(width: Double(resolution.width), height: Double(resolution.height))
        }
        guard let resolution = preferred ?? fallbackResolution else {
            throw CarWindowError(
                .invalidViewport, "the capability has no preferred resolution and there is no fallback")
        }
        try self.init(
            resolution: resolution, scale: capability.scale, pixelsPerInch: capability.pixelPerInch,
            diagonalInches: capability.diagonalScreenSize,
            hapticSpatialDataSupported: capability.hapticSpatialDataSupported ?? false, display: display)
    }
}
