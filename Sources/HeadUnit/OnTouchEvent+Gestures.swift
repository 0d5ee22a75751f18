public import SDLRPC

/// The `OnTouchEvent`s the emulator sends as if the driver touched the screen, built as SDLRPC's generated model so
/// the emulator and the app read one type: one entry per finger (`touch-haptic`: a two-finger MOVE is one
/// notification with two entries; BEGIN and END come one finger at a time).
///
/// Coordinates are head-unit pixels as `Double` (a view's frame times the scale) and are rounded to whole pixels, as
/// an HMI reports them. The app side receives the same `OnTouchEvent`, which the projection turns into a
/// `ProjectionTouch`.
///
/// ```swift
/// let events = OnTouchEvent.tap(x: 200, y: 150, at: 1000)
/// let sent = try await headUnit.injectTouches(events, to: app)   // 4 for a navigation app: Core doubles each
/// ```
extension OnTouchEvent {
    /// One finger's sample at one time.
    static func finger(_ id: Int, at timestamp: Int, x: Int, y: Int) -> TouchEvent {
        TouchEvent(id: id, ts: [timestamp], c: [TouchCoord(x: x, y: y)])
    }

    /// A tap: BEGIN and END at one point, 100 ms apart.
    ///
    /// ```swift
    /// let events = OnTouchEvent.tap(x: 212.5, y: 150)   // lands on pixel (213, 150)
    /// ```
    /// - Parameters:
    ///   - x: Head-unit pixels from the left edge.
    ///   - y: Head-unit pixels from the top edge.
    ///   - timestamp: The BEGIN's timestamp in milliseconds.
    ///   - id: The finger (SDL allows 0...9).
    public static func tap(x: Double, y: Double, at timestamp: Int = 0, id: Int = 0) -> [OnTouchEvent] {
        let x = pixel(x)
        let y = pixel(y)
        return [
            OnTouchEvent(type: .begin, event: [finger(id, at: timestamp, x: x, y: y)]),
            OnTouchEvent(type: .end, event: [finger(id, at: timestamp + 100, x: x, y: y)]),
        ]
    }

    /// A one-finger drag: BEGIN, `steps` MOVEs along a straight line 33 ms apart, END.
    ///
    /// ```swift
    /// let events = OnTouchEvent.pan(from: (x: 400, y: 240), to: (x: 300, y: 240))
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
    ) -> [OnTouchEvent] {
        let steps = max(1, steps)
        let start = (x: pixel(start.x), y: pixel(start.y))
        let end = (x: pixel(end.x), y: pixel(end.y))
        var events = [OnTouchEvent(type: .begin, event: [finger(id, at: timestamp, x: start.x, y: start.y)])]
        for step in 1...steps {
            let x = start.x + (end.x - start.x) * step / steps
            let y = start.y + (end.y - start.y) * step / steps
            events.append(OnTouchEvent(type: .move, event: [finger(id, at: timestamp + 33 * step, x: x, y: y)]))
        }
        events.append(
            OnTouchEvent(type: .end, event: [finger(id, at: timestamp + 33 * steps + 33, x: end.x, y: end.y)]))
        return events
    }

    /// Two fingers (ids 0 and 1) on a horizontal line through `center`, spreading from `fromDistance` to
    /// `toDistance` pixels apart: BEGIN per finger, `steps` two-finger MOVEs, END per finger.
    ///
    /// ```swift
    /// let zoomIn = OnTouchEvent.pinch(center: (x: 400, y: 240), fromDistance: 100, toDistance: 300)
    /// ```
    public static func pinch(
        center: (x: Double, y: Double),
        fromDistance: Double,
        toDistance: Double,
        steps: Int = 4,
        at timestamp: Int = 0
    ) -> [OnTouchEvent] {
        let steps = max(1, steps)
        let center = (x: pixel(center.x), y: pixel(center.y))
        let fromDistance = pixel(fromDistance)
        let toDistance = pixel(toDistance)
        func fingers(_ distance: Int, _ time: Int) -> [TouchEvent] {
            [
                finger(0, at: time, x: center.x - distance / 2, y: center.y),
                finger(1, at: time, x: center.x + distance / 2, y: center.y),
            ]
        }
        let first = fingers(fromDistance, timestamp)
        var events = [OnTouchEvent(type: .begin, event: [first[0]]), OnTouchEvent(type: .begin, event: [first[1]])]
        for step in 1...steps {
            let distance = fromDistance + (toDistance - fromDistance) * step / steps
            events.append(OnTouchEvent(type: .move, event: fingers(distance, timestamp + 33 * step)))
        }
        let last = fingers(toDistance, timestamp + 33 * steps + 33)
        events.append(OnTouchEvent(type: .end, event: [last[0]]))
        events.append(OnTouchEvent(type: .end, event: [last[1]]))
        return events
    }

    /// The whole pixel nearest `value`; a coordinate that is not a number, or is beyond any screen, becomes 0 or the
    /// nearest representable edge instead of trapping.
    static func pixel(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(max(-1_000_000, min(1_000_000, value)).rounded())
    }
}
