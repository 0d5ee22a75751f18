import SDLProjection
import SDLRPC
import Testing

/// MOBILE_API gives `TouchCoord.x` and `y` the range 0...10000: a coordinate outside it is refused where the touch
/// enters the app, so no view ever sees a pan to 2^63 (issue #30, item 1).

/// The projection's one conversion on a fresh ``TouchConverter`` (no previous touch to be a copy of).
private func converted(_ notification: OnTouchEvent, scale: Double) throws -> ProjectionTouch {
    var converter = TouchConverter(scale: scale)
    return try #require(try converter.touch(from: notification))
}
@Suite("Touch coordinates at the boundary")
struct ProjectionTouchRangeTests {
    static func touch(x: Int, y: Int) -> OnTouchEvent {
        OnTouchEvent(type: .move, event: [SDLRPC.TouchEvent(id: 0, ts: [1], c: [TouchCoord(x: x, y: y)])])
    }

    @Test(
        "a coordinate outside 0...10000 is an InvalidTouch naming it",
        arguments: [(Int.max, Int.max), (10_001, 5), (5, -1), (Int.min, 0), (1_000_000_000_000, 0)])
    func outOfRange(x: Int, y: Int) {
        #expect(throws: ProjectionTouch.InvalidTouch.self) { try converted(Self.touch(x: x, y: y), scale: 1) }
    }

    @Test("the spec's corners pass and are scaled as before")
    func corners() throws {
        let low = try converted(Self.touch(x: 0, y: 0), scale: 2)
        #expect(low.fingers[0].x == 0 && low.fingers[0].y == 0)
        let high = try converted(Self.touch(x: 10_000, y: 10_000), scale: 2)
        #expect(high.fingers[0].x == 5_000 && high.fingers[0].y == 5_000)
    }
}
