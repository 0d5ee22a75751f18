/// A recognised gesture, in view coordinates (head-unit pixels divided by the display scale).
///
/// ```swift
/// for await case .gesture(let gesture) in await streaming.events() {   // or window.onGesture
///     if case .pinchMoved(let center, let scale) = gesture { map.zoom(by: scale, around: center) }
/// }
/// ```
public enum Gesture: Hashable, Sendable, CustomStringConvertible {
    /// One finger tapped and no second tap followed within the double-tap window (or it was too far away). With
    /// ``GestureConfiguration/reportsTapsAtOnce``, every tap, at once.
    case singleTap(at: Point)
    /// Two taps close in time and place; the point is their midpoint. With
    /// ``GestureConfiguration/reportsTapsAtOnce``, it follows the first tap's ``singleTap(at:)`` and stands for the
    /// second tap.
    case doubleTap(at: Point)
    /// One finger moved further than the pan threshold; `at` is where it first touched.
    case panBegan(at: Point)
    /// The pan moved; with synced panning, the moves since the last frame are coalesced into one.
    case panMoved(from: Point, to: Point)
    /// The finger lifted (or a second finger turned the pan into a pinch).
    case panEnded(at: Point)
    /// A second finger touched down.
    case pinchBegan(center: Point)
    /// The fingers moved; `scale` is the distance ratio since the previous pinch event (multiply to accumulate).
    case pinchMoved(center: Point, scale: Double)
    /// One of the two fingers lifted.
    case pinchEnded(center: Point)
    /// A pan or pinch in progress was cancelled (touch CANCEL, or the stream suspended).
    case cancelled(at: Point)

    /// The name used in event logs: `tap`, `doubleTap`, `panBegan`, … `cancelled`.
    public var kind: String {
        switch self {
        case .singleTap: "tap"
        case .doubleTap: "doubleTap"
        case .panBegan: "panBegan"
        case .panMoved: "panMoved"
        case .panEnded: "panEnded"
        case .pinchBegan: "pinchBegan"
        case .pinchMoved: "pinchMoved"
        case .pinchEnded: "pinchEnded"
        case .cancelled: "cancelled"
        }
    }

    /// The gesture's position (for a pan move, where it moved to).
    public var location: Point {
        switch self {
        case .singleTap(let p), .doubleTap(let p), .panBegan(let p), .panEnded(let p), .cancelled(let p): p
        case .panMoved(_, let to): to
        case .pinchBegan(let c), .pinchEnded(let c), .pinchMoved(let c, _): c
        }
    }

    /// A pinch move's distance ratio; 1 for every other gesture (the `scale` of a `gesture` event line).
    public var pinchScale: Double {
        if case .pinchMoved(_, let scale) = self { return scale }
        return 1
    }

    public var description: String {
        switch self {
        case .panMoved(let from, let to): "panMoved \(from)->\(to)"
        case .pinchMoved(let c, let s): "pinchMoved \(c) x\(s)"
        default: "\(kind) \(location)"
        }
    }
}
