/// One touch from the head unit as the app's views see it: SDL Core's duplicate already dropped, coordinates
/// divided by the display scale (view points).
///
/// A head unit at scale 1.5 reports 1200x720 and shows an 800x480 viewport: its touch at pixel (600, 360) arrives
/// here as (400, 240).
///
/// `TouchConverter` makes them from the head unit's `OnTouchEvent`s; tests and hosts without a projection build
/// them directly.
///
/// ```swift
/// var converter = TouchConverter(scale: 1.5)
/// if let touch = try converter.touch(from: notification) {
///     print(touch.type, touch.fingers[0].x, touch.fingers[0].y)   // BEGIN 400.0 240.0
/// }
/// ```
public struct ProjectionTouch: Hashable, Sendable {
    /// SDL's touch type.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case begin = "BEGIN"
        case move = "MOVE"
        case end = "END"
        case cancel = "CANCEL"
    }

    /// One finger: its id, its newest position in view points, and the head unit's timestamps (ms).
    public struct Finger: Hashable, Sendable {
        public var id: Int
        /// Every position of the finger in this event, oldest first, in view points (the last is `x`, `y`).
        public var path: [Point]
        public var timestamps: [Int]

        /// The newest position (0 for a finger without one, which `TouchConverter` never makes).
        public var x: Double { path.last?.x ?? 0 }
        public var y: Double { path.last?.y ?? 0 }

        public init(id: Int, path: [Point], timestamps: [Int] = []) {
            self.id = id
            self.path = path
            self.timestamps = timestamps
        }
    }

    public var type: Kind
    public var fingers: [Finger]
    /// The head unit's MOVE notifications folded into this one while the app was behind (a flood of moves): their
    /// positions are in each finger's ``Finger/path``. 0 for a touch delivered as it came (see `TouchInbox`).
    public var coalesced: Int

    public init(type: Kind, fingers: [Finger], coalesced: Int = 0) {
        self.type = type
        self.fingers = fingers
        self.coalesced = coalesced
    }

    /// A notification the head unit sent that is not a touch this library can act on.
    public struct InvalidTouch: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String

        package init(description: String) {
            self.description = description
        }
    }
}
