import CarWindow
import CarWindowDemo
import CarWindowTestingTools
import SDLMedia
import SDLRPC
import Testing

/// The projection's one conversion on a fresh ``TouchConverter`` (no previous touch to be a copy of).
private func converted(_ notification: OnTouchEvent, scale: Double) throws -> ProjectionTouch {
    var converter = TouchConverter(scale: scale)
    return try #require(try converter.touch(from: notification))
}
@Suite("OnTouchEvent to ProjectionTouch")
@CarWindowActor
struct TouchAdapterTests {
    static func notification(_ type: TouchType, x: Int, y: Int, ts: Int, id: Int = 0) -> OnTouchEvent {
        OnTouchEvent(type: type, event: [SDLRPC.TouchEvent(id: id, ts: [ts], c: [TouchCoord(x: x, y: y)])])
    }

    @Test(
        "type, ids, timestamps and coordinates carry over, divided by the scale",
        arguments: [
            (TouchType.begin, ProjectionTouch.Kind.begin), (.move, .move), (.end, .end), (.cancel, .cancel),
        ])
    func conversion(type: TouchType, kind: ProjectionTouch.Kind) throws {
        let notification = OnTouchEvent(
            type: type,
            event: [
                SDLRPC.TouchEvent(id: 3, ts: [100, 116], c: [TouchCoord(x: 10, y: 20), TouchCoord(x: 12, y: 24)]),
                SDLRPC.TouchEvent(id: 7, ts: [116], c: [TouchCoord(x: 400, y: 300)]),
            ])
        let touch = try converted(notification, scale: 2)
        #expect(
            touch
                == ProjectionTouch(
                    type: kind,
                    fingers: [
                        .init(id: 3, path: [Point(x: 5, y: 10), Point(x: 6, y: 12)], timestamps: [100, 116]),
                        .init(id: 7, path: [Point(x: 200, y: 150)], timestamps: [116]),
                    ]))
    }

    @Test("an unknown touch type, no fingers or a finger without coordinates is a typed error")
    func badInput() {
        #expect(throws: ProjectionTouch.InvalidTouch.self) {
            try converted(Self.notification(TouchType(rawValue: "HOVER"), x: 1, y: 1, ts: 0), scale: 1)
        }
        #expect(throws: ProjectionTouch.InvalidTouch.self) {
            try converted(OnTouchEvent(type: .begin, event: [SDLRPC.TouchEvent(id: 0, ts: [0], c: [])]), scale: 1)
        }
        #expect(throws: ProjectionTouch.InvalidTouch.self) {
            try converted(OnTouchEvent(type: .begin, event: []), scale: 1)
        }
    }

    @Test("at scale 1.5 a tap at (300, 150) head-unit pixels lands at (200, 100) in the view")
    func scaleRule() throws {
        let clock = ManualClock()
        let window = try Window(
            metrics: DisplayMetrics(resolution: Size(width: 1280, height: 720), scale: 1.5), clock: clock)
        window.rootView = View()
        window.handleTouch(try converted(Self.notification(.begin, x: 300, y: 150, ts: 1000), scale: 1.5))
        window.handleTouch(try converted(Self.notification(.end, x: 300, y: 150, ts: 1060), scale: 1.5))
        clock.advance(to: .milliseconds(500))
        #expect(window.frameTick() == [.singleTap(at: Point(x: 200, y: 100))])
    }

    @Test("a tap on the zoom button, through the adapter and the pump, changes the next frame")
    func tapChangesNextFrame() throws {
        let window = try Window(
            metrics: DisplayMetrics(resolution: Size(width: 1280, height: 720), scale: 1.5),
            clock: ManualClock())
        let screen = NavigationScreen()
        try screen.install(in: window)
        let pump = FramePump(window: window)
        let before = try #require(try pump.tick(at: .milliseconds(33)).frame).pixelRows
        pump.submissionFinished(.accepted)
        #expect(try pump.tick(at: .milliseconds(66)).frame == nil)

        let button = screen.zoomInButton.convertToWindow(screen.zoomInButton.bounds).center
        let (x, y) = (Int((button.x * 1.5).rounded()), Int((button.y * 1.5).rounded()))
        window.handleTouch(try converted(Self.notification(.begin, x: x, y: y, ts: 5000), scale: 1.5))
        window.handleTouch(try converted(Self.notification(.end, x: x, y: y, ts: 5080), scale: 1.5))
        #expect(screen.camera.zoom == 2)

        let tick = try pump.tick(at: .milliseconds(100))
        #expect(tick.outcome == .rendered)
        let after = try #require(tick.frame).pixelRows
        #expect(VideoFrame.differingPixels(before, after) > 10_000)
    }
}
