import CarWindowTestingTools
import CarWindowUITestSupport
import Testing

@testable import CarWindowUI

@Suite("Gesture recognizer")
struct GestureRecognizerTests {
    @Test("a press that moves within the pan threshold is a tap, reported after the double-tap window")
    func tapWithJitter() {
        let result = gestures([
            .event(0, T.begin(100, 100, ts: 0)),
            .event(30, T.move(105, 108, ts: 30)),
            .event(60, T.end(106, 108, ts: 60)),
            .tick(400),
            .tick(460),
        ])
        #expect(result == [.singleTap(at: p(106, 108))])
    }

    @Test("the single tap is held back until its deadline")
    func singleTapWaits() {
        let early = gestures([.event(0, T.begin(10, 10, ts: 0)), .event(50, T.end(10, 10, ts: 50)), .tick(449)])
        #expect(early == [])
    }

    @Test("moving beyond 8 px on one axis makes a pan that starts where the finger went down")
    func smallPan() {
        let result = gestures([
            .event(0, T.begin(100, 100, ts: 0)),
            .event(30, T.move(109, 100, ts: 30)),
            .tick(33),
            .event(60, T.end(109, 100, ts: 60)),
            .tick(1000),
        ])
        #expect(
            result == [
                .panBegan(at: p(100, 100)), .panMoved(from: p(100, 100), to: p(109, 100)), .panEnded(at: p(109, 100)),
            ])
    }

    @Test(
        "double tap: within 0.4 s and 50 px per axis; otherwise two single taps, the first not lost",
        arguments: [
            // (second tap's start ms, x of the second tap, expected)
            (300, 140.0, [Gesture.doubleTap(at: p(120, 100))]),
            (300, 150.0, [Gesture.doubleTap(at: p(125, 100))]),
            (300, 151.0, [Gesture.singleTap(at: p(100, 100)), .singleTap(at: p(151, 100))]),
            (450, 100.0, [Gesture.singleTap(at: p(100, 100)), .singleTap(at: p(100, 100))]),
        ])
    func doubleTap(secondStart: Int, secondX: Double, expected: [Gesture]) {
        let result = gestures([
            .event(0, T.begin(100, 100, ts: 0)),
            .event(40, T.end(100, 100, ts: 40)),
            .event(secondStart, T.begin(secondX, 100, ts: secondStart)),
            .event(secondStart + 40, T.end(secondX, 100, ts: secondStart + 40)),
            .tick(secondStart + 1000),
        ])
        #expect(result == expected)
    }

    @Test("head-unit timestamps decide double-tap timing even when the local clock has not moved")
    func doubleTapUsesHeadUnitTime() {
        let result = gestures([
            .event(0, T.begin(100, 100, ts: 1000)),
            .event(0, T.end(100, 100, ts: 1040)),
            .event(0, T.begin(100, 100, ts: 1500)),
            .event(0, T.end(100, 100, ts: 1540)),
            .tick(1000),
        ])
        #expect(result == [.singleTap(at: p(100, 100)), .singleTap(at: p(100, 100))])
    }

    @Test("a tap time threshold of zero reports taps at once and never double taps")
    func zeroTapTime() {
        var configuration = GestureConfiguration()
        configuration.tapTimeThreshold = .zero
        let result = gestures(
            [
                .event(0, T.begin(10, 10, ts: 0)), .event(20, T.end(10, 10, ts: 20)),
                .event(40, T.begin(10, 10, ts: 40)), .event(60, T.end(10, 10, ts: 60)),
            ], configuration: configuration)
        #expect(result == [.singleTap(at: p(10, 10)), .singleTap(at: p(10, 10))])
    }

    @Test(
        "taps reported at once: each tap at its END, and a second tap close in time and place also says doubleTap",
        arguments: [
            // (second tap's start ms, x of the second tap, expected)
            (300, 140.0, [Gesture.singleTap(at: p(100, 100)), .doubleTap(at: p(120, 100))]),
            (300, 151.0, [Gesture.singleTap(at: p(100, 100)), .singleTap(at: p(151, 100))]),
            (450, 100.0, [Gesture.singleTap(at: p(100, 100)), .singleTap(at: p(100, 100))]),
        ])
    func tapsAtOnce(secondStart: Int, secondX: Double, expected: [Gesture]) {
        var configuration = GestureConfiguration()
        configuration.reportsTapsAtOnce = true
        // Nothing waits for a tick: the first tap is out at its END, before the second begins.
        let first = gestures(
            [.event(0, T.begin(100, 100, ts: 0)), .event(40, T.end(100, 100, ts: 40))], configuration: configuration)
        #expect(first == [.singleTap(at: p(100, 100))])
        let result = gestures(
            [
                .event(0, T.begin(100, 100, ts: 0)),
                .event(40, T.end(100, 100, ts: 40)),
                .tick(100),
                .event(secondStart, T.begin(secondX, 100, ts: secondStart)),
                .event(secondStart + 40, T.end(secondX, 100, ts: secondStart + 40)),
                .tick(secondStart + 1000),
            ], configuration: configuration)
        #expect(result == expected)
    }

    @Test("synced panning coalesces moves to one per frame tick")
    func syncedPanning() {
        let result = gestures([
            .event(0, T.begin(0, 0)),
            .event(10, T.move(20, 0)),
            .event(20, T.move(30, 0)),
            .event(30, T.move(40, 0)),
            .tick(33),
            .event(40, T.move(50, 0)),
            .tick(66),
            .tick(99),
            .event(100, T.end(60, 0)),
        ])
        #expect(
            result == [
                .panBegan(at: p(0, 0)), .panMoved(from: p(0, 0), to: p(40, 0)), .panMoved(from: p(40, 0), to: p(50, 0)),
                .panMoved(from: p(50, 0), to: p(60, 0)), .panEnded(at: p(60, 0)),
            ])
    }

    @Test("without synced panning every move is reported at once, including a pan through (0, 0)")
    func unsyncedPanThroughOrigin() {
        var configuration = GestureConfiguration()
        configuration.isSyncedPanningEnabled = false
        let result = gestures(
            [
                .event(0, T.begin(20, 20)), .event(10, T.move(0, 0)), .event(20, T.move(-10, 5)),
                .event(30, T.end(-10, 5)),
            ],
            configuration: configuration)
        #expect(
            result == [
                .panBegan(at: p(20, 20)), .panMoved(from: p(20, 20), to: p(0, 0)),
                .panMoved(from: p(0, 0), to: p(-10, 5)), .panEnded(at: p(-10, 5)),
            ])
    }

    @Test("a second finger joining mid-pan ends the pan and begins a pinch")
    func secondFingerMidPan() {
        let result = gestures([
            .event(0, T.begin(100, 100)),
            .event(10, T.move(150, 100)),
            .tick(33),
            .event(40, T.move(160, 100)),
            .event(50, T.begin(260, 100, id: 1)),
            .event(60, T.two(.move, (150, 100), (270, 100))),
            .tick(66),
        ])
        #expect(
            result == [
                .panBegan(at: p(100, 100)), .panMoved(from: p(100, 100), to: p(150, 100)),
                .panMoved(from: p(150, 100), to: p(160, 100)), .panEnded(at: p(160, 100)),
                .pinchBegan(center: p(210, 100)), .pinchMoved(center: p(210, 100), scale: 1.2),
            ])
    }

    @Test("CANCEL mid-pinch reports cancelled; later moves and ends of those fingers report nothing")
    func cancelMidPinch() {
        let result = gestures([
            .event(0, T.begin(100, 100)),
            .event(10, T.begin(200, 100, id: 1)),
            .event(20, T.two(.move, (90, 100), (210, 100))),
            .event(30, T.two(.cancel, (90, 100), (210, 100))),
            .event(40, T.two(.move, (50, 100), (250, 100))),
            .tick(66),
            .event(70, T.end(50, 100, id: 1)),
            .tick(1000),
        ])
        #expect(result == [.pinchBegan(center: p(150, 100)), .cancelled(at: p(150, 100))])
    }

    @Test("lifting one pinch finger ends the pinch; the other finger does not start a pan")
    func pinchEndThenRemainingFinger() {
        let result = gestures([
            .event(0, T.begin(100, 100)),
            .event(10, T.begin(200, 100, id: 1)),
            .event(20, T.end(200, 100, id: 1)),
            .event(30, T.move(300, 300)),
            .tick(33),
            .event(40, T.end(300, 300)),
            .tick(1000),
            .event(1100, T.begin(10, 10)),
            .event(1110, T.end(10, 10)),
            .tick(2000),
        ])
        #expect(
            result == [.pinchBegan(center: p(150, 100)), .pinchEnded(center: p(150, 100)), .singleTap(at: p(10, 10))])
    }

    @Test("any finger ids work, and a third finger is ignored")
    func idsAndThirdFinger() {
        let result = gestures([
            .event(0, T.begin(100, 100, id: 5)),
            .event(10, T.begin(300, 100, id: 7)),
            .event(20, T.begin(500, 500, id: 2)),
            .event(30, T.move(0, 100, id: 7)),
            .event(31, T.move(900, 900, id: 2)),
            .tick(33),
            .event(40, T.end(900, 900, id: 2)),
            .event(50, T.end(0, 100, id: 7)),
        ])
        #expect(
            result == [
                .pinchBegan(center: p(200, 100)), .pinchMoved(center: p(50, 100), scale: 0.5),
                .pinchEnded(center: p(50, 100)),
            ])
    }

    @Test("cancelPendingGestures cancels a pan and drops a held-back tap")
    func cancelPending() {
        var recognizer = GestureRecognizer<ManualClock.Instant>()
        let t = { (ms: Int) in ManualClock.Instant(offset: .milliseconds(ms)) }
        _ = recognizer.handle(T.begin(10, 10), now: t(0))
        _ = recognizer.handle(T.end(10, 10), now: t(10))
        #expect(recognizer.nextDeadline == t(410))
        _ = recognizer.handle(T.begin(100, 100, id: 3), now: t(100))
        _ = recognizer.handle(T.move(200, 100, id: 3), now: t(110))
        #expect(recognizer.cancelPendingGestures().contains(.gesture(.cancelled(at: p(200, 100)))))
        #expect(recognizer.nextDeadline == nil)
        #expect(recognizer.handle(T.move(300, 100, id: 3), now: t(120)) == [])
        #expect(recognizer.handle(T.end(300, 100, id: 3), now: t(130)) == [])
        #expect(recognizer.frameTick(now: t(1000)) == [])
        #expect(recognizer.handle(T.begin(5, 5), now: t(1100)) == [.pressBegan(at: p(5, 5))])
    }

    @Test("malformed touches are skipped: no coordinates, non-finite values, too many touches")
    func malformed() {
        let empty = ProjectionTouch(type: .begin, fingers: [.init(id: 0, path: [])])
        let nan = T.begin(.nan, 1)
        let crowd = ProjectionTouch(type: .begin, fingers: (0..<11).map { .init(id: $0, path: [Point(x: 1, y: 1)]) })
        #expect(gestures([.event(0, empty), .event(1, nan), .event(2, crowd), .tick(1000)]) == [])
    }
}

@Suite("Gesture recognizer: immediate taps")
struct ImmediateTapTests {
    @Test("an immediate tap is reported at once, after flushing a held-back tap, and never makes a double tap")
    func immediate() {
        var recognizer = GestureRecognizer<ManualClock.Instant>()
        let t = { (ms: Int) in ManualClock.Instant(offset: .milliseconds(ms)) }
        _ = recognizer.handle(T.begin(10, 10, ts: 0), now: t(0))
        _ = recognizer.handle(T.end(10, 10, ts: 20), now: t(20))
        _ = recognizer.handle(T.begin(20, 10, ts: 100), now: t(100))
        let actions = recognizer.handle(T.end(20, 10, ts: 120), now: t(120), isImmediateTap: { $0.x > 15 })
        #expect(
            actions == [
                .gesture(.singleTap(at: p(10, 10))), .pressEnded(at: p(20, 10), isTap: true),
                .gesture(.singleTap(at: p(20, 10))),
            ])
        #expect(recognizer.nextDeadline == nil)
    }
}
