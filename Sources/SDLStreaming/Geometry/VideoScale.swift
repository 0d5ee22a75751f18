public import SDLRPC

/// The head unit's scale (`VideoStreamingCapability.scale`) and the one place where sizes, touch points and haptic
/// rectangles cross between the head unit's pixels and the app's view.
///
/// The head unit asks the app to draw its view `scale` times smaller and upscales the video. Like sdl_ios and the
/// Java suite (not EVO-0179, which proposed streaming at full size), we **encode and lay out at resolution ÷ scale**,
/// rounded to the nearest pixel:
///
/// ```
///  head unit pixels (display)            app view = stream = encoder
///  ┌──────────────────────────┐  ÷ scale ┌─────────────┐
///  │ 1280 x 720, scale 2       │ ───────▶ │  640 x 360  │
///  └──────────────────────────┘          └─────────────┘
///  touches:  (x, y)  ─────────── ÷ scale ──────────▶ view points
///  haptics:  rect    ◀────────── × scale ─────────── view rect
/// ```
///
/// The factor is clamped to the spec's 1...10; an absent, zero, negative or non-finite value is 1. Stream sizes are
/// always even and within 2...8192, the sizes the encoder takes.
///
/// ```swift
/// let scale = VideoScale(capability.scale)                  // 2
/// scale.streamSize(forDisplay: ImageResolution(width: 1280, height: 720))  // 640x360
/// scale.viewPoint(x: 100, y: 50)                            // (50, 25)
/// scale.displayRect(Rectangle(x: 10, y: 10, width: 20, height: 20))  // 20, 20, 40, 40
/// ```
public struct VideoScale: Hashable, Sendable, CustomStringConvertible {
    /// The clamped factor, in 1...10.
    public let factor: Double

    /// The spec's range for `VideoStreamingCapability.scale`.
    public static let range: ClosedRange<Double> = 1...10

    /// No scaling: 1.
    public static let identity = VideoScale(1)

    /// Clamps `value` to 1...10; `nil`, 0, negative and non-finite values become 1.
    public init(_ value: Double?) {
        guard let value, value.isFinite, value > 0 else {
            factor = 1
            return
        }
        factor = min(max(value, Self.range.lowerBound), Self.range.upperBound)
    }

    /// The size to encode and lay out for a head-unit display size: each side ÷ scale, rounded to the nearest pixel,
    /// then down to the even size the H.264 encoder takes, within 2...8192 (``encodable(_:)``). 1280x720 at scale 1.5
    /// is 852x480, not 853x480: the viewport is a pixel narrower than the display, and touches keep the exact rule
    /// (÷ 1.5), so a touch lands where the picture shows it.
    public func streamSize(forDisplay display: ImageResolution) -> ImageResolution {
        Self.encodable(
            ImageResolution(
                width: Self.pixels(Double(display.resolutionWidth) / factor),
                height: Self.pixels(Double(display.resolutionHeight) / factor)
            ))
    }

    /// The largest side the encoder takes (`VideoFrame.maximumDimension` in SDLMedia).
    public static let maximumEncodableSide = 8192

    /// `size` as the encoder takes it: each side rounded down to even, within 2...``maximumEncodableSide``. The one
    /// place a negotiated size is made encodable, for a requested size and an acknowledged one alike.
    ///
    /// ```swift
    /// VideoScale.encodable(ImageResolution(width: 853, height: 479))   // 852x478
    /// ```
    public static func encodable(_ size: ImageResolution) -> ImageResolution {
        func side(_ value: Int) -> Int { min(max(value - value % 2, 2), maximumEncodableSide) }
        return ImageResolution(width: side(size.resolutionWidth), height: side(size.resolutionHeight))
    }

    /// The head-unit display size that a stream of `stream` pixels fills: each side × scale, rounded.
    public func displaySize(forStream stream: ImageResolution) -> ImageResolution {
        ImageResolution(
            width: Self.pixels(Double(stream.resolutionWidth) * factor),
            height: Self.pixels(Double(stream.resolutionHeight) * factor)
        )
    }

    /// A touch coordinate from the head unit (its pixels) in the app's view coordinates: divided by the scale.
    public func viewPoint(x: Double, y: Double) -> (x: Double, y: Double) {
        (x / factor, y / factor)
    }

    /// A rectangle in the app's view coordinates as the head unit expects it in `SendHapticData`: every field
    /// multiplied by the scale.
    public func displayRect(_ rect: Rectangle) -> Rectangle {
        Rectangle(x: rect.x * factor, y: rect.y * factor, width: rect.width * factor, height: rect.height * factor)
    }

    public var description: String { "×\(factor)" }

    /// Rounds to the nearest pixel within 1...Int32.max, so that no input, however absurd, traps on conversion.
    static func pixels(_ value: Double) -> Int {
        guard value.isFinite else { return 1 }
        return Int(min(max(value.rounded(), 1), Double(Int32.max)))
    }
}
