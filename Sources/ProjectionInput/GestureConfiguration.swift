/// Thresholds of the gesture recognizer. Defaults are sdl_ios's (`SDLTouchManager`).
///
/// Distances are in view coordinates: they are compared after touches are divided by the display scale, as sdl_ios
/// does.
///
/// ```swift
/// var configuration = GestureConfiguration()
/// configuration.isSyncedPanningEnabled = false   // deliver every MOVE at once
/// configuration.tapTimeThreshold = .milliseconds(300)
/// configuration.reportsTapsAtOnce = true          // tap at once; a second one then also says doubleTap
/// ```
public struct GestureConfiguration: Hashable, Sendable {
    /// How long after a tap a second tap still makes a double tap; also how long a single tap is held back.
    /// Zero reports every tap at once and disables double taps.
    public var tapTimeThreshold: Duration
    /// How far apart (on each axis) two taps may be and still make a double tap.
    public var tapDistanceThreshold: Double
    /// How far (on either axis) a finger must move before a press becomes a pan, so taps are not read as pans.
    public var panDistanceThreshold: Double
    /// Coalesce pan and pinch moves and deliver them once per ``GestureRecognizer/frameTick(now:)``.
    public var isSyncedPanningEnabled: Bool
    /// Report every tap at once instead of holding it back for ``tapTimeThreshold``; a second tap that makes a
    /// double tap is then reported as ``Gesture/doubleTap(at:)`` after the first one's ``Gesture/singleTap(at:)``.
    /// For a target that reacts to each click itself (a projected X11 program: two clicks are its double click),
    /// where a 400 ms wait on every click costs more than the extra `tap` line.
    public var reportsTapsAtOnce: Bool

    public init(
        tapTimeThreshold: Duration = .milliseconds(400),
        tapDistanceThreshold: Double = 50,
        panDistanceThreshold: Double = 8,
        isSyncedPanningEnabled: Bool = true,
        reportsTapsAtOnce: Bool = false
    ) {
        self.tapTimeThreshold = tapTimeThreshold
        self.tapDistanceThreshold = tapDistanceThreshold
        self.panDistanceThreshold = panDistanceThreshold
        self.isSyncedPanningEnabled = isSyncedPanningEnabled
        self.reportsTapsAtOnce = reportsTapsAtOnce
    }

    /// At most this many fingers are tracked; further fingers are ignored until they lift.
    public static let maximumFingers = 2

    /// Events with more touches than this are dropped as malformed (SDL ids run 0...9).
    public static let maximumTouchesPerEvent = 10
}
