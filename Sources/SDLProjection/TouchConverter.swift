public import SDLRPC

/// Turns the head unit's `OnTouchEvent`s into `ProjectionTouch`es: the one place Core's duplicate is dropped and
/// coordinates are divided by the HMI scale.
///
/// SDL Core delivers every `OnTouchEvent` once per app list the app is in (navigation and projection), so a
/// navigation app with `PROJECTION` gets each one twice with an identical payload. Without dropping the copy every tap
/// would be a double tap and every pinch step would zoom twice. Only consecutive copies are dropped: a real repeat (a
/// second tap at the same place) always has a different event in between.
///
/// A head unit at scale 1.5 reports 1200x720 and shows an 800x480 viewport: its touch at pixel (600, 360) becomes
/// (400, 240). A scale of 1 or less leaves coordinates as they are.
///
/// ```swift
/// var converter = TouchConverter(scale: 1.5)
/// let touch = try converter.touch(from: notification)   // BEGIN at (400, 240)
/// try converter.touch(from: notification)               // nil: Core's duplicate
/// ```
public struct TouchConverter: Sendable {
    /// The HMI scale the coordinates are divided by.
    public private(set) var scale: Double
    private var last: OnTouchEvent?

    public init(scale: Double = 1) {
        self.scale = Self.divisor(scale)
    }

    /// A new stream started (at `scale`) or touches were cancelled: the previous event is forgotten, so the first
    /// touch that follows is never taken for a duplicate.
    public mutating func restart(scale: Double? = nil) {
        if let scale { self.scale = Self.divisor(scale) }
        last = nil
    }

    /// The touch in view points, or `nil` when `notification` repeats the previous one exactly (Core's copy).
    ///
    /// - Throws: `ProjectionTouch.InvalidTouch` for a touch type outside BEGIN, MOVE, END, CANCEL, no fingers, a
    ///   finger without coordinates, or a coordinate outside MOBILE_API's 0...10000 (`TouchCoord.isWithinSpec`).
    ///   A refused notification still counts as the previous one, so its copy is dropped without a second error.
    public mutating func touch(from notification: OnTouchEvent) throws(ProjectionTouch.InvalidTouch) -> ProjectionTouch?
    {
        guard notification != last else { return nil }
        last = notification
        return try Self.convert(notification, divisor: scale)
    }

    private static func divisor(_ scale: Double) -> Double {
        scale > 1 && scale.isFinite ? scale : 1
    }

    private static func convert(
        _ notification: OnTouchEvent, divisor: Double
    ) throws(ProjectionTouch.InvalidTouch) -> ProjectionTouch {
        guard let kind = ProjectionTouch.Kind(rawValue: notification.type.rawValue) else {
            throw ProjectionTouch.InvalidTouch(description: "touch type '\(notification.type.rawValue)'")
        }
        guard !notification.event.isEmpty else {
            throw ProjectionTouch.InvalidTouch(description: "a \(kind.rawValue) touch without fingers")
        }
        var fingers: [ProjectionTouch.Finger] = []
        fingers.reserveCapacity(notification.event.count)
        for finger in notification.event {
            guard !finger.c.isEmpty else {
                throw ProjectionTouch.InvalidTouch(
                    description: "finger \(finger.id) of a \(kind.rawValue) has no coordinates")
            }
            if let outside = finger.c.first(where: { !$0.isWithinSpec }) {
                throw ProjectionTouch.InvalidTouch(
                    description: "finger \(finger.id) of a \(kind.rawValue) at (\(outside.x), \(outside.y)), "
                        + "outside MOBILE_API's \(TouchCoord.specRange)")
            }
            let path = finger.c.map { Point(x: Double($0.x) / divisor, y: Double($0.y) / divisor) }
            fingers.append(ProjectionTouch.Finger(id: finger.id, path: path, timestamps: finger.ts))
        }
        return ProjectionTouch(type: kind, fingers: fingers)
    }
}
