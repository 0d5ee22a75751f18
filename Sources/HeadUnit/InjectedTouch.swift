public import SDLRPC

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

/// One OnTouchEvent the emulator sends as if the driver touched the screen: a type and one entry per finger
/// (`touch-haptic`: a two-finger MOVE is one notification with two entries; BEGIN and END come one finger at a time).
///
/// Build gestures with ``tap(x:y:at:id:)``, ``pan(from:to:steps:at:id:)`` and
/// ``pinch(center:fromDistance:toDistance:steps:at:)``; coordinates are head-unit pixels as `Double` (a view's frame
/// times the scale) and are rounded to whole pixels, as an HMI reports them. The app side receives the same
/// `OnTouchEvent`, which the projection turns into a `ProjectionTouch`.
///
/// ```swift
/// let events = InjectedTouch.tap(x: 200, y: 150, at: 1000)
/// let sent = try await headUnit.injectTouches(events, to: app)   // 4 for a navigation app: Core doubles each
/// ```
public struct InjectedTouch: Hashable, Sendable {
    public var type: TouchType
    public var points: [TouchPoint]

    public init(type: TouchType, points: [TouchPoint]) {
        self.type = type
        self.points = points
    }

    var json: JSONValue { ["type": .string(type.rawValue), "event": .array(points.map(\.json))] }

    /// A tap: BEGIN and END at one point, 100 ms apart.
    ///
    /// ```swift
    /// let events = InjectedTouch.tap(x: 212.5, y: 150)   // lands on pixel (213, 150)
    /// ```
    /// - Parameters:
    ///   - x: Head-unit pixels from the left edge.
    ///   - y: Head-unit pixels from the top edge.
    ///   - timestamp: The BEGIN's timestamp in milliseconds.
    ///   - id: The finger (SDL allows 0...9).
    public static func tap(x: Double, y: Double, at timestamp: Int = 0, id: Int = 0) -> [InjectedTouch] {
        let x = Self.pixel(x)
        let y = Self.pixel(y)
        return [
            InjectedTouch(type: .begin, points: [TouchPoint(id: id, timestamp: timestamp, x: x, y: y)]),
            InjectedTouch(type: .end, points: [TouchPoint(id: id, timestamp: timestamp + 100, x: x, y: y)]),
        ]
    }

    /// A one-finger drag: BEGIN, `steps` MOVEs along a straight line 33 ms apart, END.
    ///
    /// ```swift
    /// let events = InjectedTouch.pan(from: (x: 400, y: 240), to: (x: 300, y: 240))
    /// ```
    /// - Parameters:
    ///   - start: Where the finger goes down, head-unit pixels.
    ///   - end: Where it lifts.
    ///   - steps: The number of MOVEs (at least 1).
    ///   - timestamp: The BEGIN's timestamp in milliseconds.
    ///   - id: The finger (SDL allows 0...9).
    public static func pan(
        from start: (x: Double, y: Double),
        to end: (x: Double, y: Double),
        steps: Int = 5,
        at timestamp: Int = 0,
        id: Int = 0
    ) -> [InjectedTouch] {
        let steps = max(1, steps)
        let start = (x: Self.pixel(start.x), y: Self.pixel(start.y))
        let end = (x: Self.pixel(end.x), y: Self.pixel(end.y))
        var events = [
            InjectedTouch(type: .begin, points: [TouchPoint(id: id, timestamp: timestamp, x: start.x, y: start.y)])
        ]
        for step in 1...steps {
            let x = start.x + (end.x - start.x) * step / steps
            let y = start.y + (end.y - start.y) * step / steps
            events.append(
                InjectedTouch(type: .move, points: [TouchPoint(id: id, timestamp: timestamp + 33 * step, x: x, y: y)]))
        }
        events.append(
            InjectedTouch(
                type: .end, points: [TouchPoint(id: id, timestamp: timestamp + 33 * steps + 33, x: end.x, y: end.y)])
        )
        return events
    }

    /// Two fingers (ids 0 and 1) on a horizontal line through `center`, spreading from `fromDistance` to
    /// `toDistance` pixels apart: BEGIN per finger, `steps` two-finger MOVEs, END per finger.
    ///
    /// ```swift
    /// let zoomIn = InjectedTouch.pinch(center: (x: 400, y: 240), fromDistance: 100, toDistance: 300)
    /// ```
    public static func pinch(
        center: (x: Double, y: Double),
        fromDistance: Double,
        toDistance: Double,
        steps: Int = 4,
        at timestamp: Int = 0
    ) -> [InjectedTouch] {
        let steps = max(1, steps)
        let center = (x: Self.pixel(center.x), y: Self.pixel(center.y))
        let fromDistance = Self.pixel(fromDistance)
        let toDistance = Self.pixel(toDistance)
        func points(_ distance: Int, _ time: Int) -> [TouchPoint] {
            [
                TouchPoint(id: 0, timestamp: time, x: center.x - distance / 2, y: center.y),
                TouchPoint(id: 1, timestamp: time, x: center.x + distance / 2, y: center.y),
            ]
        }
        let first = points(fromDistance, timestamp)
        var events = [InjectedTouch(type: .begin, points: [first[0]]), InjectedTouch(type: .begin, points: [first[1]])]
        for step in 1...steps {
            let distance = fromDistance + (toDistance - fromDistance) * step / steps
            events.append(InjectedTouch(type: .move, points: points(distance, timestamp + 33 * step)))
        }
        let last = points(toDistance, timestamp + 33 * steps + 33)
        events.append(InjectedTouch(type: .end, points: [last[0]]))
        events.append(InjectedTouch(type: .end, points: [last[1]]))
        return events
    }

    /// The whole pixel nearest `value`; a coordinate that is not a number, or is beyond any screen, becomes 0 or the
    /// nearest representable edge instead of trapping.
    static func pixel(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(max(-1_000_000, min(1_000_000, value)).rounded())
    }
}
