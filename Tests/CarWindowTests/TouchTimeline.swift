import CarWindowTestingTools
@testable import CarWindow

/// Builds touch events tersely for recorded timelines.
enum T {
    static func begin(_ x: Double, _ y: Double, id: Int = 0, ts: Int? = nil) -> TouchNotification {
        TouchNotification(type: .begin, id: id, timestamp: ts, x: x, y: y)
    }
    static func move(_ x: Double, _ y: Double, id: Int = 0, ts: Int? = nil) -> TouchNotification {
        TouchNotification(type: .move, id: id, timestamp: ts, x: x, y: y)
    }
    static func end(_ x: Double, _ y: Double, id: Int = 0, ts: Int? = nil) -> TouchNotification {
        TouchNotification(type: .end, id: id, timestamp: ts, x: x, y: y)
    }
    static func cancel(_ x: Double, _ y: Double, id: Int = 0) -> TouchNotification {
        TouchNotification(type: .cancel, id: id, timestamp: nil, x: x, y: y)
    }
    /// A two-finger event, as Core sends pinch moves.
    static func two(_ type: TouchNotification.Kind, _ a: (Double, Double), _ b: (Double, Double), ts: Int? = nil) -> TouchNotification
    {
        TouchNotification(
            type: type,
            touches: [
                .init(id: 0, timestamps: ts.map { [$0] } ?? [], coordinates: [.init(x: a.0, y: a.1)]),
                .init(id: 1, timestamps: ts.map { [$0] } ?? [], coordinates: [.init(x: b.0, y: b.1)]),
            ])
    }
}

/// One step of a recorded timeline: an event at a time (ms), or a frame tick.
enum Step {
    case event(Int, TouchNotification)
    case tick(Int)
}

/// Runs a timeline through a recognizer on a manual clock and returns the gestures, in order.
func gestures(
    _ steps: [Step], configuration: GestureConfiguration = GestureConfiguration()
) -> [Gesture] {
    var recognizer = GestureRecognizer<ManualClock.Instant>(configuration: configuration)
    var result: [TouchAction] = []
    for step in steps {
        switch step {
        case .event(let ms, let event):
            result += recognizer.handle(ProjectionTouch(event), now: ManualClock.Instant(offset: .milliseconds(ms)))
        case .tick(let ms):
            result += recognizer.frameTick(now: ManualClock.Instant(offset: .milliseconds(ms)))
        }
    }
    return result.compactMap { if case .gesture(let g) = $0 { g } else { nil } }
}

func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
