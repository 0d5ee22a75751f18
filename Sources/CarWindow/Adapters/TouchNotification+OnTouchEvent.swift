public import SDLRPC

extension TouchNotification {
    /// Converts SDL's `OnTouchEvent` notification: type, and per finger its id, timestamps and coordinates, still
    /// in head-unit pixels. ``Window/handleTouch(_:)`` divides them by the scale, the one place the scale rule
    /// applies to touches (as in sdl_ios's `SDLStreamingVideoScaleManager`).
    ///
    /// ```swift
    /// let notification = OnTouchEvent(type: .begin, event: [.init(id: 0, ts: [3883], c: [.init(x: 300, y: 150)])])
    /// let event = try TouchNotification(notification)   // begin, finger 0 at (300, 150)
    /// ```
    /// - Throws: ``CarWindowError/Kind/invalidTouchEvent`` for a touch type outside BEGIN, MOVE, END, CANCEL, a
    ///   finger without coordinates, or a coordinate outside MOBILE_API's 0...10000.
    public init(_ notification: OnTouchEvent) throws(CarWindowError) {
        guard let kind = Kind(rawValue: notification.type.rawValue) else {
            throw CarWindowError(.invalidTouchEvent, "touch type '\(notification.type.rawValue)'")
        }
        var touches: [Touch] = []
        touches.reserveCapacity(notification.event.count)
        for finger in notification.event {
            guard !finger.c.isEmpty else {
                throw CarWindowError(.invalidTouchEvent, "finger \(finger.id) of a \(kind.rawValue) has no coordinates")
            }
            if let outside = finger.c.first(where: { !$0.isWithinSpec }) {
                throw CarWindowError(
                    .invalidTouchEvent,
                    "finger \(finger.id) of a \(kind.rawValue) at (\(outside.x), \(outside.y)), "
                        + "outside MOBILE_API's \(TouchCoord.specRange)")
            }
            touches.append(
                Touch(
                    id: finger.id, timestamps: finger.ts,
                    coordinates: finger.c.map { Coordinate(x: Double($0.x), y: Double($0.y)) }))
        }
        self.init(type: kind, touches: touches)
    }
}

extension Window {
    /// Feeds an `OnTouchEvent` from the head unit: converts it and calls ``handleTouch(_:)``, which scales it.
    ///
    /// ```swift
    /// for try await notification in session.notifications(OnTouchEvent.self) {
    ///     try window.handle(notification)
    /// }
    /// ```
    /// - Returns: the gestures the event completed.
    /// - Throws: ``CarWindowError/Kind/invalidTouchEvent`` when the notification cannot be interpreted; the
    ///   recognizer is left as it was.
    @discardableResult
    public func handle(_ notification: OnTouchEvent) throws(CarWindowError) -> [Gesture] {
        handleTouch(try TouchNotification(notification))
    }
}
