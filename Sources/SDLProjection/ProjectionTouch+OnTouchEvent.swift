public import SDLRPC

extension ProjectionTouch {
    /// A notification the head unit sent that is not a touch this library can act on.
    public struct InvalidTouch: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Converts SDL's `OnTouchEvent` (head-unit pixels) into view points: every coordinate divided by `scale`, the one
    /// place the scale rule applies to touches. A scale of 1 or less leaves coordinates as they are.
    ///
    /// - Throws: ``InvalidTouch`` for a touch type outside BEGIN, MOVE, END, CANCEL, no fingers, a finger without
    ///   coordinates, or a coordinate outside MOBILE_API's 0...10000 (`TouchCoord.isWithinSpec`).
    public init(_ notification: OnTouchEvent, scale: Double) throws(InvalidTouch) {
        guard let kind = Kind(rawValue: notification.type.rawValue) else {
            throw InvalidTouch(description: "touch type '\(notification.type.rawValue)'")
        }
        guard !notification.event.isEmpty else {
            throw InvalidTouch(description: "a \(kind.rawValue) touch without fingers")
        }
        let divisor = scale > 1 && scale.isFinite ? scale : 1
        var fingers: [Finger] = []
        fingers.reserveCapacity(notification.event.count)
        for finger in notification.event {
            guard !finger.c.isEmpty else {
                throw InvalidTouch(description: "finger \(finger.id) of a \(kind.rawValue) has no coordinates")
            }
            if let outside = finger.c.first(where: { !$0.isWithinSpec }) {
                throw InvalidTouch(
                    description: "finger \(finger.id) of a \(kind.rawValue) at (\(outside.x), \(outside.y)), "
                        + "outside MOBILE_API's \(TouchCoord.specRange)")
            }
            let path = finger.c.map { Point(x: Double($0.x) / divisor, y: Double($0.y) / divisor) }
            fingers.append(Finger(id: finger.id, path: path, timestamps: finger.ts))
        }
        self.init(type: kind, fingers: fingers)
    }
}
