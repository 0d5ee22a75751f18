// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct TouchEvent: Codable, Hashable, Sendable {
    /// A touch's unique identifier. The application can track the current touch events by id. If a touch event has type
    /// begin, the id should be added to the set of touches. If a touch event has type end, the id should be removed
    /// from the set of touches. Range 0...9.
    public var id: Int

    /// The time that the touch was recorded. This number can the time since the beginning of the session or something
    /// else as long as the units are in milliseconds. The timestamp is used to determined the rate of change of
    /// position of a touch. The application also uses the time to verify whether two touches, with different ids, are
    /// part of a single action by the user. If there is only a single timestamp in this array, it is the same for every
    /// coordinate in the coordinates array. Range 0...2000000000. 1...1000 items.
    public var ts: [Int]

    /// 1...1000 items.
    public var c: [TouchCoord]

    /// Creates a value from its fields; optional fields default to absent.
    public init(id: Int, ts: [Int], c: [TouchCoord]) {
        self.id = id
        self.ts = ts
        self.c = c
    }
}
