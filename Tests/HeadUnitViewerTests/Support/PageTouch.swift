import SDLRPC

/// An `OnTouchEvent` as the page's touches become one: each finger one point and one timestamp, head-unit pixels.
func pageTouch(_ type: TouchType, _ fingers: [(id: Int, x: Int, y: Int)], ts: Int = 0) -> OnTouchEvent {
    OnTouchEvent(
        type: type, event: fingers.map { SDLRPC.TouchEvent(id: $0.id, ts: [ts], c: [TouchCoord(x: $0.x, y: $0.y)]) })
}
