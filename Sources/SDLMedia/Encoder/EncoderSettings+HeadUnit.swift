extension EncoderSettings {
    /// An app's own encoder values, applied on top of the head unit's (sdl_ios `customVideoEncoderSettings`).
    ///
    /// ```swift
    /// let custom = EncoderSettings.Custom(frameRate: 30, bitrate: 2_000_000)
    /// ```
    public struct Custom: Sendable, Hashable {
        /// The app's frame rate, or `nil` to keep the default or the head unit's.
        public var frameRate: Int?
        /// The app's target bitrate in bits per second, or `nil` for ``EncoderSettings/targetBitrate(width:height:)``.
        /// It may be lower or higher than that default, but never rises above the head unit's ceiling.
        public var bitrate: Int?

        /// Creates custom values; `nil` leaves a value alone.
        public init(frameRate: Int? = nil, bitrate: Int? = nil) {
            self.frameRate = frameRate
            self.bitrate = bitrate
        }
    }

    /// The frame rate and bitrate to stream with, from SDL's defaults, the head unit's capability and the app's
    /// custom values.
    ///
    /// Frame rate (EVO-0323): SDL's 15 fps, replaced by the head unit's `preferredFPS` even when higher, then by the
    /// app's only when lower than the head unit's (or when the head unit sent none).
    ///
    /// Bitrate: the head unit's `maxBitrate` (kbit/s in the RPC spec, x 1000 here) is a ceiling, never the target.
    /// The target is the app's custom bitrate, or else ``targetBitrate(width:height:)`` for the size (1.5 Mbit/s at
    /// 800x480, 3 Mbit/s at 720p); it is lowered to the ceiling when above it. The ceiling also becomes
    /// ``maxBitrate`` for the rate control. Missing, zero or negative head unit values count as not sent.
    ///
    /// ```swift
    /// let settings = EncoderSettings.resolved(headUnitPreferredFPS: 30, headUnitMaxBitrateKbps: 400_000,
    ///                                         custom: .init(frameRate: 60), size: (800, 480))
    /// // settings.frameRate == 30 (custom 60 is higher), settings.bitrate == 1_500_000 (the size's target,
    /// // far below the 400 Mbit/s ceiling), settings.maxBitrate == 400_000_000
    /// ```
    /// - Parameters:
    ///   - headUnitPreferredFPS: `VideoStreamingCapability.preferredFPS`, if the head unit sent it.
    ///   - headUnitMaxBitrateKbps: `VideoStreamingCapability.maxBitrate` in kilobits per second, if sent.
    ///   - custom: the app's own values.
    ///   - size: the encoder's width and height.
    /// - Returns: settings with SDL's defaults for everything else.
    public static func resolved(
        headUnitPreferredFPS: Int?, headUnitMaxBitrateKbps: Int?, custom: Custom = .init(),
        size: (width: Int, height: Int)
    ) -> EncoderSettings {
        let headUnitFPS = headUnitPreferredFPS.flatMap { $0 > 0 ? $0 : nil }
        let headUnitBitrate = headUnitMaxBitrateKbps.flatMap { $0 > 0 ? $0.multipliedReportingOverflow(by: 1000) : nil }
            .flatMap { $0.overflow ? nil : $0.partialValue }
        var settings = EncoderSettings(width: size.width, height: size.height)
        settings.frameRate = pick(default: defaultFrameRate, headUnit: headUnitFPS, custom: custom.frameRate)
        let target =
            custom.bitrate.flatMap { $0 > 0 ? $0 : nil }
            ?? targetBitrate(width: size.width, height: size.height)
        settings.bitrate = min(target, headUnitBitrate ?? target)
        settings.maxBitrate = headUnitBitrate
        return settings
    }

    private static func pick(default value: Int, headUnit: Int?, custom: Int?) -> Int {
        switch (headUnit, custom) {
        case (let headUnit?, let custom?): min(headUnit, custom)
        case (let headUnit?, nil): headUnit
        case (nil, let custom?): custom
        case (nil, nil): value
        }
    }
}
