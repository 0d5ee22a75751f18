public import SDLProjection

extension ProjectionTouch {
    /// The same fingers, timestamps and positions as a ``TouchNotification``, for the recognizer; no scale applied.
    ///
    /// ```swift
    /// let touch = ProjectionTouch(TouchNotification(type: .begin, timestamp: 0, x: 400, y: 240))
    /// ```
    public init(_ event: TouchNotification) {
        self.init(
            type: Kind(rawValue: event.type.rawValue) ?? .cancel,
            fingers: event.touches.map { touch in
                Finger(
                    id: touch.id, path: touch.coordinates.map { Point(x: $0.x, y: $0.y) },
                    timestamps: touch.timestamps)
            })
    }
}
