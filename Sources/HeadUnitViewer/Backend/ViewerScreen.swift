/// A head-unit screen: pixel size and the scale the app renders with.
///
/// The app lays out at `width / scale` × `height / scale` points; touches arrive in head-unit pixels.
///
/// ```swift
/// let pip = ViewerScreen.pictureInPicture
/// try await backend.perform(.resize(pip))
/// ```
public struct ViewerScreen: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// The scale factor (1 or more).
    public var scale: Double

    /// The largest side the viewer accepts; bigger than any head unit, small enough to bound an encoder.
    public static let maximumSide = 4096
    /// The allowed scale range.
    public static let scaleRange: ClosedRange<Double> = 1...10

    /// Creates a screen.
    public init(width: Int, height: Int, scale: Double = 1) {
        self.width = width
        self.height = height
        self.scale = scale
    }

    /// Throws ``ViewerError`` when a side or the scale is outside the allowed range.
    public func validated() throws(ViewerError) -> ViewerScreen {
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
            throw ViewerError(.invalidCommand, "screen \(width)x\(height) is outside 1...\(Self.maximumSide)")
        }
        guard scale.isFinite, Self.scaleRange.contains(scale) else {
            throw ViewerError(.invalidCommand, "scale \(scale) is outside \(Self.scaleRange)")
        }
        return self
    }

    public var description: String { scale == 1 ? "\(width)x\(height)" : "\(width)x\(height)@\(scale)x" }

    /// 800x480, the classic SDL head unit.
    public static let wvga = ViewerScreen(width: 800, height: 480)
    /// 1024x600.
    public static let wsvga = ViewerScreen(width: 1024, height: 600)
    /// 1280x720.
    public static let hd = ViewerScreen(width: 1280, height: 720)
    /// Split screen: the app gets one pane of a 1280x480 screen.
    public static let splitScreen = ViewerScreen(width: 640, height: 480)
    /// Picture-in-picture: the app's compact view.
    public static let pictureInPicture = ViewerScreen(width: 320, height: 240)

    /// The presets the page offers, in order, with the names it shows.
    public static let presets: [(name: String, screen: ViewerScreen)] = [
        ("800x480", .wvga), ("1024x600", .wsvga), ("1280x720", .hd),
        ("Split 640x480", .splitScreen), ("PiP 320x240", .pictureInPicture),
    ]
}
