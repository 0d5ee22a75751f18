// Terse touch timelines for the toolkit's and CarWindow's tests (a library target beside the test targets, as
// BrowserTestSupport is, because both CarWindowUITests and CarWindowTests replay them).
import CarWindowTestingTools
public import CarWindowUI

/// Builds touches (view points) tersely for recorded timelines.
public enum T {
    public static func begin(_ x: Double, _ y: Double, id: Int = 0, ts: Int? = nil) -> ProjectionTouch {
        one(.begin, x, y, id: id, ts: ts)
    }
    public static func move(_ x: Double, _ y: Double, id: Int = 0, ts: Int? = nil) -> ProjectionTouch {
        one(.move, x, y, id: id, ts: ts)
    }
    public static func end(_ x: Double, _ y: Double, id: Int = 0, ts: Int? = nil) -> ProjectionTouch {
        one(.end, x, y, id: id, ts: ts)
    }
    public static func cancel(_ x: Double, _ y: Double, id: Int = 0) -> ProjectionTouch {
        one(.cancel, x, y, id: id, ts: nil)
    }
    public static func one(_ type: ProjectionTouch.Kind, _ x: Double, _ y: Double, id: Int, ts: Int?) -> ProjectionTouch
    {
        ProjectionTouch(
            type: type, fingers: [.init(id: id, path: [Point(x: x, y: y)], timestamps: ts.map { [$0] } ?? [])])
    }
    /// A two-finger event, as Core sends pinch moves.
    public static func two(_ type: ProjectionTouch.Kind, _ a: (Double, Double), _ b: (Double, Double), ts: Int? = nil)
        -> ProjectionTouch
    {
        ProjectionTouch(
            type: type,
            fingers: [
                .init(id: 0, path: [Point(x: a.0, y: a.1)], timestamps: ts.map { [$0] } ?? []),
                .init(id: 1, path: [Point(x: b.0, y: b.1)], timestamps: ts.map { [$0] } ?? []),
            ])
    }
}

/// One step of a recorded timeline: an event at a time (ms), or a frame tick.
public enum Step {
    case event(Int, ProjectionTouch)
    case tick(Int)
}

/// Runs a timeline through a recognizer on a manual clock and returns the gestures, in order.
public func gestures(
    _ steps: [Step], configuration: GestureConfiguration = GestureConfiguration()
) -> [Gesture] {
    var recognizer = GestureRecognizer<ManualClock.Instant>(configuration: configuration)
    var result: [TouchAction] = []
    for step in steps {
        switch step {
        case .event(let ms, let event):
            result += recognizer.handle(event, now: ManualClock.Instant(offset: .milliseconds(ms)))
        case .tick(let ms):
            result += recognizer.frameTick(now: ManualClock.Instant(offset: .milliseconds(ms)))
        }
    }
    return result.compactMap { if case .gesture(let g) = $0 { g } else { nil } }
}

public func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
