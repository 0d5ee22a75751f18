/// `TouchType` in OnTouchEvent.
public enum TouchType: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case begin = "BEGIN"
    case move = "MOVE"
    case end = "END"
    case cancel = "CANCEL"

    public var description: String { rawValue }
}

/// One finger in an OnTouchEvent: its id, timestamps (ms) and coordinates, as Core forwards the HMI's touches.
public struct TouchPoint: Hashable, Sendable {
    public var id: Int
    public var timestamp: Int
    public var x: Int
    public var y: Int

    public init(id: Int, timestamp: Int, x: Int, y: Int) {
        self.id = id
        self.timestamp = timestamp
        self.x = x
        self.y = y
    }

    var json: JSONValue {
        [
            "id": .int(Int64(id)), "ts": [.int(Int64(timestamp))],
            "c": [["x": .int(Int64(x)), "y": .int(Int64(y))]],
        ]
    }
}

/// One OnTouchEvent: a type and one entry per finger (`touch-haptic`: a two-finger MOVE is one notification with two
/// entries; BEGIN and END come one finger at a time).
///
/// ```swift
/// let events = TouchEvent.tap(x: 200, y: 150, at: 1000)
/// try await headUnit.injectTouches(events, to: app)
/// ```
public struct TouchEvent: Hashable, Sendable {
    public var type: TouchType
    public var points: [TouchPoint]

    public init(type: TouchType, points: [TouchPoint]) {
        self.type = type
        self.points = points
    }

    var json: JSONValue { ["type": .string(type.rawValue), "event": .array(points.map(\.json))] }

    /// BEGIN and END at one point, 100 ms apart.
    public static func tap(x: Int, y: Int, at timestamp: Int = 0, id: Int = 0) -> [TouchEvent] {
        [
            TouchEvent(type: .begin, points: [TouchPoint(id: id, timestamp: timestamp, x: x, y: y)]),
            TouchEvent(type: .end, points: [TouchPoint(id: id, timestamp: timestamp + 100, x: x, y: y)]),
        ]
    }

    /// BEGIN, `steps` MOVEs along a straight line 33 ms apart, END.
    public static func pan(
        from start: (x: Int, y: Int),
        to end: (x: Int, y: Int),
        steps: Int = 5,
        at timestamp: Int = 0,
        id: Int = 0
    ) -> [TouchEvent] {
        let steps = max(1, steps)
        var events = [
            TouchEvent(type: .begin, points: [TouchPoint(id: id, timestamp: timestamp, x: start.x, y: start.y)])
        ]
        for step in 1...steps {
            let x = start.x + (end.x - start.x) * step / steps
            let y = start.y + (end.y - start.y) * step / steps
            events.append(
                TouchEvent(type: .move, points: [TouchPoint(id: id, timestamp: timestamp + 33 * step, x: x, y: y)]))
        }
        events.append(
            TouchEvent(
                type: .end, points: [TouchPoint(id: id, timestamp: timestamp + 33 * steps + 33, x: end.x, y: end.y)])
        )
        return events
    }

    /// Two fingers (ids 0 and 1) on a horizontal line through `center`, spreading from `fromDistance` to
    /// `toDistance` pixels apart: BEGIN per finger, `steps` two-finger MOVEs, END per finger.
    public static func pinch(
        center: (x: Int, y: Int),
        fromDistance: Int,
        toDistance: Int,
        steps: Int = 4,
        at timestamp: Int = 0
    ) -> [TouchEvent] {
        let steps = max(1, steps)
        func points(_ distance: Int, _ time: Int) -> [TouchPoint] {
            [
                TouchPoint(id: 0, timestamp: time, x: center.x - distance / 2, y: center.y),
                TouchPoint(id: 1, timestamp: time, x: center.x + distance / 2, y: center.y),
            ]
        }
        let first = points(fromDistance, timestamp)
        var events = [TouchEvent(type: .begin, points: [first[0]]), TouchEvent(type: .begin, points: [first[1]])]
        for step in 1...steps {
            let distance = fromDistance + (toDistance - fromDistance) * step / steps
            events.append(TouchEvent(type: .move, points: points(distance, timestamp + 33 * step)))
        }
        let last = points(toDistance, timestamp + 33 * steps + 33)
        events.append(TouchEvent(type: .end, points: [last[0]]))
        events.append(TouchEvent(type: .end, points: [last[1]]))
        return events
    }
}
