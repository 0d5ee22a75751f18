extension EncoderSettings {
    /// The bitrate that keeps a rendered interface sharp at `width` x `height`, in bits per second: the target an
    /// encoder aims at when the app asks for none.
    ///
    /// On interface content (text, flat colours, edges) openh264's screen mode stays sharp at 1.5 Mbit/s at 800x480
    /// and 3 Mbit/s at 1280x720. Between those sizes the target grows linearly with the pixel count; outside them it
    /// is proportional to the pixel count of the nearer one, never below ``minimumTargetBitrate`` and never above
    /// ``maximumTargetBitrate``. A head unit's `maxBitrate` is a ceiling, not a target: see
    /// ``resolved(headUnitPreferredFPS:headUnitMaxBitrateKbps:custom:size:)``.
    ///
    /// ```swift
    /// EncoderSettings.targetBitrate(width: 800, height: 480)    // 1_500_000
    /// EncoderSettings.targetBitrate(width: 1280, height: 720)   // 3_000_000
    /// EncoderSettings.targetBitrate(width: 1024, height: 600)   // 2_142_857
    /// ```
    public static func targetBitrate(width: Int, height: Int) -> Int {
        let pixels =
            Double(max(0, min(width, VideoFrame.maximumDimension)))
            * Double(max(0, min(height, VideoFrame.maximumDimension)))
        let small = (pixels: 800.0 * 480, bitrate: 1_500_000.0)
        let large = (pixels: 1280.0 * 720, bitrate: 3_000_000.0)
        let bitrate: Double
        if pixels <= small.pixels {
            bitrate = small.bitrate * pixels / small.pixels
        } else if pixels >= large.pixels {
            bitrate = large.bitrate * pixels / large.pixels
        } else {
            let fraction = (pixels - small.pixels) / (large.pixels - small.pixels)
            bitrate = small.bitrate + fraction * (large.bitrate - small.bitrate)
        }
        return Int(min(max(bitrate, Double(minimumTargetBitrate)), Double(maximumTargetBitrate)))
    }

    /// The lowest default target: below it even a small interface smears when it scrolls.
    public static let minimumTargetBitrate = 250_000
    /// The highest default target (an 8K screen); an app that wants more asks for it.
    public static let maximumTargetBitrate = 40_000_000
}
