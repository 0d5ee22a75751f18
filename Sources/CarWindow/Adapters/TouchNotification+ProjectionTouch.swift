public import SDLProjection

extension TouchNotification {
    /// A touch from a projection run, already in view points: the same fingers, timestamps and positions.
    ///
    /// ```swift
    /// let event = TouchNotification(projectionTouch)   // e.g. BEGIN, finger 0 at (400, 240)
    /// ```
    public init(_ touch: ProjectionTouch) {
        self.init(
            type: Kind(rawValue: touch.type.rawValue) ?? .cancel,
            touches: touch.fingers.map { finger in
                Touch(
                    id: finger.id, timestamps: finger.timestamps,
                    coordinates: finger.path.map { Coordinate(x: $0.x, y: $0.y) })
            })
    }
}
