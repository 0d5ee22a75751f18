public import SDLRPC

extension OnTouchEvent {
    /// The highest finger id SDL allows (MOBILE_API.xml `TouchEvent.id` maxvalue 9).
    public static let maximumFingerID = 9

    /// Throws ``ViewerError`` when the event has no fingers, too many, a bad id, a finger without exactly one
    /// coordinate, or a coordinate outside `screen`: what the page may send the head unit.
    ///
    /// ```swift
    /// let tap = OnTouchEvent(type: .begin, event: [TouchEvent(id: 0, ts: [1_000], c: [TouchCoord(x: 400, y: 240)])])
    /// try backend.perform(.touch(try tap.validated(on: .wvga)))
    /// ```
    public func validated(on screen: ViewerScreen) throws(ViewerError) -> OnTouchEvent {
        guard [TouchType.begin, .move, .end, .cancel].contains(type) else {
            throw ViewerError(.invalidCommand, "touch type \"\(type.rawValue)\" is not BEGIN, MOVE, END or CANCEL")
        }
        guard !event.isEmpty, event.count <= Self.maximumFingerID + 1 else {
            throw ViewerError(.invalidCommand, "touch event with \(event.count) fingers")
        }
        for finger in event {
            guard (0...Self.maximumFingerID).contains(finger.id) else {
                throw ViewerError(.invalidCommand, "finger id \(finger.id) is outside 0...\(Self.maximumFingerID)")
            }
            guard finger.c.count == 1, finger.ts.count == 1 else {
                throw ViewerError(.invalidCommand, "finger \(finger.id) needs one coordinate and one timestamp")
            }
            for point in finger.c where !(0..<screen.width).contains(point.x) || !(0..<screen.height).contains(point.y)
            {
                throw ViewerError(.invalidCommand, "touch (\(point.x), \(point.y)) is outside \(screen)")
            }
        }
        return self
    }
}
