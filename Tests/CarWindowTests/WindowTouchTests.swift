import CarWindowTestingTools
import CarWindowUITestSupport
import Foundation
import SDLRPC
import Testing

@testable import CarWindow
@testable import CarWindowUI

/// The projection's one conversion on a fresh ``TouchConverter`` (no previous touch to be a copy of).
private func converted(_ notification: OnTouchEvent, scale: Double) throws -> ProjectionTouch {
    var converter = TouchConverter(scale: scale)
    return try #require(try converter.touch(from: notification))
}
@Suite("Window touch handling")
@CarWindowActor
struct WindowTouchTests {
    /// A window with one button at 20,20 120x60 (view coordinates).
    func makeWindow(resolution: Size = Size(width: 800, height: 480), scale: Double? = nil) throws -> (
        Window, Button, ManualClock
    ) {
        let clock = ManualClock(sleeping: .fails)
        let window = try Window(
            metrics: DisplayMetrics(resolution: resolution, scale: scale, hapticSpatialDataSupported: true),
            clock: clock)
        let root = View()
        let button = Button(title: "OK")
        button.frame = Rect(x: 20, y: 20, width: 120, height: 60)
        root.addSubview(button)
        window.rootView = root
        return (window, button, clock)
    }

    /// An `OnTouchEvent` as the projection turns it into a touch: the one conversion, divided by `scale`.
    static func touch(_ type: TouchType, _ x: Int, _ y: Int, ts: Int, scale: Double = 1) throws -> ProjectionTouch {
        try converted(
            OnTouchEvent(type: type, event: [SDLRPC.TouchEvent(id: 0, ts: [ts], c: [TouchCoord(x: x, y: y)])]),
            scale: scale)
    }

    @Test("a touch converted at scale 2 is recognised in view points")
    func scaled() throws {
        let (window, _, clock) = try makeWindow(resolution: Size(width: 1600, height: 960), scale: 2)
        window.handleTouch(try Self.touch(.begin, 400, 300, ts: 0, scale: 2))
        window.handleTouch(try Self.touch(.end, 400, 300, ts: 50, scale: 2))
        clock.advance(by: .milliseconds(500))
        #expect(window.frameTick() == [.singleTap(at: p(200, 150))])
    }

    @Test("identical consecutive notifications are dropped, so a duplicated tap is one tap")
    func duplicates() throws {
        let (window, _, clock) = try makeWindow()
        func event(_ type: TouchType, _ x: Int, ts: Int) -> OnTouchEvent {
            OnTouchEvent(type: type, event: [SDLRPC.TouchEvent(id: 0, ts: [ts], c: [TouchCoord(x: x, y: x)])])
        }
        var converter = TouchConverter()
        for notification in [
            event(.begin, 300, ts: 10), event(.begin, 300, ts: 10), event(.end, 300, ts: 60), event(.end, 300, ts: 60),
        ] {
            guard let touch = try converter.touch(from: notification) else { continue }
            #expect(window.handleTouch(touch) == [])
        }
        clock.advance(by: .milliseconds(500))
        #expect(window.frameTick() == [.singleTap(at: p(300, 300))])
        let verdicts = try [event(.move, 1, ts: 5), event(.move, 1, ts: 5), event(.move, 1, ts: 6)].map {
            try converter.touch(from: $0) != nil
        }
        #expect(verdicts == [true, false, true])
        converter.restart()
        #expect(try converter.touch(from: event(.move, 1, ts: 6)) != nil, "a restarted converter drops nothing")
    }

    @Test("a tap on a button runs its action at once, highlighted while pressed, reported as one tap")
    func buttonTap() throws {
        let (window, button, clock) = try makeWindow()
        var presses = 0
        button.action = { presses += 1 }
        window.handleTouch(T.begin(50, 40, ts: 0))
        #expect(button.isHighlighted)
        #expect(window.handleTouch(T.end(52, 41, ts: 80)) == [.singleTap(at: p(52, 41))])
        #expect(presses == 1)
        #expect(!button.isHighlighted)
        clock.advance(by: .seconds(1))
        #expect(window.frameTick() == [])
        // A pan that starts on the button does not press it.
        window.handleTouch(T.begin(50, 40, ts: 2000))
        window.handleTouch(T.move(300, 40, ts: 2030))
        #expect(!button.isHighlighted)
        window.handleTouch(T.end(300, 40, ts: 2060))
        #expect(presses == 1)
    }

    @Test("gestures reach the view under them and bubble up until handled")
    func dispatch() throws {
        let (window, _, clock) = try makeWindow()
        let canvas = Canvas()
        canvas.frame = Rect(x: 400, y: 200, width: 200, height: 200)
        var seen: [Gesture] = []
        canvas.gestureHandler = {
            seen.append($0)
            return true
        }
        window.rootView?.addSubview(canvas)
        window.handleTouch(T.begin(450, 250, ts: 0))
        window.handleTouch(T.move(700, 250, ts: 20))  // leaves the canvas: the pan stays with it
        clock.advance(by: .milliseconds(33))
        window.frameTick()
        window.handleTouch(T.end(700, 250, ts: 40))
        window.handleTouch(T.begin(10, 400, ts: 100))  // outside the canvas
        window.handleTouch(T.end(10, 400, ts: 140))
        clock.advance(by: .seconds(1))
        window.frameTick()
        #expect(
            seen == [
                .panBegan(at: p(450, 250)), .panMoved(from: p(450, 250), to: p(700, 250)), .panEnded(at: p(700, 250)),
            ])
    }

    @Test("the app receives every gesture through onGesture, in order")
    func handler() throws {
        let (window, _, clock) = try makeWindow()
        var handled: [Gesture] = []
        window.onGesture = { handled.append($0) }
        window.handleTouch(T.begin(300, 300, ts: 0))
        window.handleTouch(T.move(400, 300, ts: 10))
        window.handleTouch(T.end(400, 300, ts: 20))
        clock.advance(by: .seconds(1))
        window.frameTick()
        let expected: [Gesture] = [
            .panBegan(at: p(300, 300)), .panMoved(from: p(300, 300), to: p(400, 300)), .panEnded(at: p(400, 300)),
        ]
        #expect(handled == expected)
    }

    @Test("touch can be turned off, and cancelPendingGestures stops a pan in progress")
    func disabledAndCancel() throws {
        let (window, _, clock) = try makeWindow()
        window.isTouchEnabled = false
        #expect(window.handleTouch(T.begin(300, 300, ts: 0)) == [])
        window.isTouchEnabled = true
        window.handleTouch(T.begin(300, 300, ts: 10))
        #expect(window.handleTouch(T.move(350, 300, ts: 20)) == [.panBegan(at: p(300, 300))])
        #expect(window.cancelPendingGestures() == [.cancelled(at: p(350, 300))])
        window.handleTouch(T.move(380, 300, ts: 30))
        clock.advance(by: .seconds(1))
        #expect(window.frameTick() == [])
    }

    @Test("the Core 8.2 trace (tap, 5-move pan, pinch, each delivered twice) gives exactly the expected gestures")
    func coreTrace() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/core-8.2-touch-events.jsonl")
        struct Line: Decodable {
            var t: Double
            var params: OnTouchEvent
        }
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map {
            try JSONDecoder().decode(Line.self, from: Data($0.utf8))
        }
        #expect(lines.count == 34)
        let (window, _, clock) = try makeWindow()
        window.rootView = View()  // no button in the way
        // Drive a 30 fps frame clock between the notifications, at their recorded arrival times.
        let frame = Duration.nanoseconds(33_333_333)
        var nextTick = Duration.zero
        var result: [Gesture] = []
        // The projection's path: Core's copy dropped, then the one conversion to view points.
        var converter = TouchConverter()
        for line in lines {
            guard let touch = try converter.touch(from: line.params) else { continue }
            let arrival = Duration.nanoseconds(Int64(line.t * 1e9))
            while nextTick <= arrival {
                clock.advance(to: ManualClock.Instant(offset: nextTick))
                result += window.frameTick()
                nextTick += frame
            }
            clock.advance(to: ManualClock.Instant(offset: arrival))
            result += window.handleTouch(touch)
        }
        clock.advance(by: .seconds(1))
        result += window.frameTick()
        let expected: [Gesture] = [
            .singleTap(at: p(200, 150)),
            .panBegan(at: p(100, 100)),
            .panMoved(from: p(100, 100), to: p(160, 140)),
            .panMoved(from: p(160, 140), to: p(220, 180)),
            .panMoved(from: p(220, 180), to: p(280, 220)),
            .panMoved(from: p(280, 220), to: p(340, 260)),
            .panMoved(from: p(340, 260), to: p(400, 300)),
            .panEnded(at: p(400, 300)),
            .pinchBegan(center: p(400, 240)),
            .pinchMoved(center: p(400, 240), scale: 1.5),
            .pinchMoved(center: p(400, 240), scale: 200.0 / 150.0),
            .pinchMoved(center: p(400, 240), scale: 1.25),
            .pinchMoved(center: p(400, 240), scale: 1.2),
            .pinchEnded(center: p(400, 240)),
        ]
        #expect(result == expected)
    }

    @Test("the trace's duplicates are exactly every second notification")
    func traceDuplicates() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/core-8.2-touch-events.jsonl")
        struct Line: Decodable { var params: OnTouchEvent }
        let events = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map {
            try JSONDecoder().decode(Line.self, from: Data($0.utf8)).params
        }
        var converter = TouchConverter()
        let kept = try events.filter { try converter.touch(from: $0) != nil }
        #expect(kept.count == 17)
        #expect(kept == stride(from: 0, to: events.count, by: 2).map { events[$0] })
    }
}
