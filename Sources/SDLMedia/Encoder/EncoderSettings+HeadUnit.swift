extension EncoderSettings {
    /// An app's own encoder values, applied on top of the head unit's (sdl_ios `customVideoEncoderSettings`).
    ///
    /// ```swift
    /// let custom = EncoderSettings.Custom(frameRate: 30, bitrate: 2_000_000)
    /// ```
    public struct Custom: Sendable, Hashable {
        /// The app's frame rate, or `nil` to keep the default or the head unit's.
        public var frameRate: Int?
        /// The app's average bitrate in bits per second, or `nil`.
        public var bitrate: Int?

        /// Creates custom values; `nil` leaves a value alone.
        public init(frameRate: Int? = nil, bitrate: Int? = nil) {
            self.frameRate = frameRate
            self.bitrate = bitrate
        }
    }

    /// The frame rate and bitrate to stream with, from SDL's defaults, the head unit's capability and the app's
    /// custom values (brief §4.1, EVO-0323).
    ///
    /// The rule, applied to frame rate and bitrate separately:
    /// 1. start from SDL's defaults, 15 fps and 600 kbps;
    /// 2. a head unit value replaces the default, even when higher (`preferredFPS`; `maxBitrate` in kbps x 1000);
    /// 3. a custom value then replaces it only if lower than the head unit's, or unconditionally when the head unit
    ///    sent no value.
    ///
    /// The head unit's bitrate also becomes ``maxBitrate``, the ceiling the rate control must respect.
    /// Missing, zero or negative head unit values count as not sent.
    ///
    /// ```swift
    /// let settings = EncoderSettings.resolved(headUnitPreferredFPS: 30, headUnitMaxBitrateKbps: 4_000,
    ///                                         custom: .init(frameRate: 60, bitrate: 1_000_000),
    ///                                         size: (800, 480))
    /// // settings.frameRate == 30 (custom 60 is higher), settings.bitrate == 1_000_000 (lower than 4 Mbps)
    /// ```
    /// - Parameters:
    ///   - headUnitPreferredFPS: `VideoStreamingCapability.preferredFPS`, if the head unit sent it.
    ///   - headUnitMaxBitrateKbps: `VideoStreamingCapability.maxBitrate` in kilobits per second, if sent.
    ///   - custom: the app's own values.
    ///   - size: the encoder's width and height.
    /// - Returns: settings with SDL's defaults for everything else.
    public static func resolved(headUnitPreferredFPS: Int?, headUnitMaxBitrateKbps: Int?, custom: Custom = .init(),
                                size: (width: Int, height: Int)) -> EncoderSettings {
        let headUnitFPS = headUnitPreferredFPS.flatMap { $0 > 0 ? $0 : nil }
        let headUnitBitrate = headUnitMaxBitrateKbps.flatMap { $0 > 0 ? $0.multipliedReportingOverflow(by: 1000) : nil }
            .flatMap { $0.overflow ? nil : $0.partialValue }
        var settings = EncoderSettings(width: size.width, height: size.height)
        settings.frameRate = pick(default: defaultFrameRate, headUnit: headUnitFPS, custom: custom.frameRate)
        settings.bitrate = pick(default: defaultBitrate, headUnit: headUnitBitrate, custom: custom.bitrate)
        settings.maxBitrate = headUnitBitrate
        return settings
    }

    private static func pick(default value: Int, headUnit: Int?, custom: Int?) -> Int {
        switch (headUnit, custom) {
        case let (headUnit?, custom?): min(headUnit, custom)
        case let (headUnit?, nil): headUnit
        case let (nil, custom?): custom
        case (nil, nil): value
        }
    }
}
