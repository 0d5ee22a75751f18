/// One touch notification from the head unit, shaped like SDL's `OnTouchEvent` so the RPC adapter is a plain
/// conversion (and the JSON decodes straight into it).
///
/// Coordinates are head-unit pixels; ``Window`` divides them by the display scale before recognising gestures.
///
/// ```swift
/// let tapDown = TouchNotification(type: .begin, touches: [
///     TouchNotification.Touch(id: 0, timestamps: [3883], coordinates: [.init(x: 200, y: 150)])
/// ])
/// // or from the wire:
/// // json: {"type":"BEGIN","event":[{"id":0,"ts":[3883],"c":[{"x":200,"y":150}]}]}
/// let event = try JSONDecoder().decode(TouchNotification.self, from: json)
/// ```
public struct TouchNotification: Hashable, Sendable, Codable {
    /// SDL `TouchType`.
    public enum Kind: String, Hashable, Sendable, Codable {
        case begin = "BEGIN"
        case move = "MOVE"
        case end = "END"
        case cancel = "CANCEL"
    }

    /// SDL `TouchCoord`, in head-unit pixels.
    public struct Coordinate: Hashable, Sendable, Codable {
        public var x: Double
        public var y: Double

        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// SDL `TouchEvent`: one finger.
    public struct Touch: Hashable, Sendable, Codable {
        /// The finger, stable while it is down (SDL allows 0...9).
        public var id: Int
        /// Head-unit milliseconds, one per coordinate; may be empty.
        public var timestamps: [Int]
        /// Positions, oldest first; the last one is used.
        public var coordinates: [Coordinate]

        public init(id: Int, timestamps: [Int], coordinates: [Coordinate]) {
            self.id = id
            self.timestamps = timestamps
            self.coordinates = coordinates
        }

        enum CodingKeys: String, CodingKey {
            case id
            case timestamps = "ts"
            case coordinates = "c"
        }
    }

    public var type: Kind
    public var touches: [Touch]

    public init(type: Kind, touches: [Touch]) {
        self.type = type
        self.touches = touches
    }

    /// A one-finger event, the common case in tests and adapters.
    public init(type: Kind, id: Int = 0, timestamp: Int?, x: Double, y: Double) {
        self.init(
            type: type,
            touches: [Touch(id: id, timestamps: timestamp.map { [$0] } ?? [], coordinates: [Coordinate(x: x, y: y)])])
    }

    enum CodingKeys: String, CodingKey {
        case type
        case touches = "event"
    }
}
