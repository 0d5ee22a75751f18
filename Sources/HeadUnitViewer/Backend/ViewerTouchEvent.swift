/// A touch event the viewer sends to the app, shaped like SDL's `OnTouchEvent`.
///
/// One event carries the fingers that changed, each with its id, coordinates in head-unit pixels and a timestamp in
/// milliseconds. The page's timestamps come from `performance.now()` rounded to whole milliseconds: monotonic, with an
/// arbitrary origin, which is what SDL's `ts` asks for.
///
/// ```swift
/// let tap = [
///     ViewerTouchEvent(type: .begin, touches: [.init(id: 0, x: 400, y: 240, timestamp: 1_000)]),
///     ViewerTouchEvent(type: .end, touches: [.init(id: 0, x: 400, y: 240, timestamp: 1_080)]),
/// ]
/// ```
public struct ViewerTouchEvent: Sendable, Hashable, Codable {
    /// The SDL touch type.
    public enum TouchType: String, Sendable, Hashable, Codable, CaseIterable {
        case begin = "BEGIN"
        case move = "MOVE"
        case end = "END"
        case cancel = "CANCEL"
    }

    /// One finger.
    public struct Touch: Sendable, Hashable, Codable {
        /// The finger id, 0 for the first finger down (SDL allows 0...9).
        public var id: Int
        /// X in head-unit pixels.
        public var x: Double
        /// Y in head-unit pixels.
        public var y: Double
        /// Milliseconds, monotonic.
        public var timestamp: Int

        /// Creates a finger sample.
        public init(id: Int, x: Double, y: Double, timestamp: Int) {
            self.id = id
            self.x = x
            self.y = y
            self.timestamp = timestamp
        }

        enum CodingKeys: String, CodingKey {
            case id, x, y
            case timestamp = "ts"
        }
    }

    /// The highest finger id SDL allows (MOBILE_API.xml `TouchEvent.id` maxvalue 9).
    public static let maximumFingerID = 9

    /// BEGIN, MOVE, END or CANCEL.
    public var type: TouchType
    /// The fingers this event is about; never empty.
    public var touches: [Touch]

    /// Creates an event.
    public init(type: TouchType, touches: [Touch]) {
        self.type = type
        self.touches = touches
    }

    /// Throws ``ViewerError`` when the event has no fingers, too many, a bad id, a coordinate that is not finite or
    /// negative, or a coordinate outside `screen`.
    public func validated(on screen: ViewerScreen) throws(ViewerError) -> ViewerTouchEvent {
        guard !touches.isEmpty, touches.count <= Self.maximumFingerID + 1 else {
            throw ViewerError(.invalidCommand, "touch event with \(touches.count) fingers")
        }
        for touch in touches {
            guard (0...Self.maximumFingerID).contains(touch.id) else {
                throw ViewerError(.invalidCommand, "finger id \(touch.id) is outside 0...\(Self.maximumFingerID)")
            }
            guard touch.x.isFinite, touch.y.isFinite, touch.x >= 0, touch.y >= 0,
                touch.x < Double(screen.width), touch.y < Double(screen.height)
            else {
                throw ViewerError(.invalidCommand, "touch (\(touch.x), \(touch.y)) is outside \(screen)")
            }
        }
        return self
    }
}
