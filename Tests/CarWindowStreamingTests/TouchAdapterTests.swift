import CarWindowTestingTools
import CarWindow
import SDLRPC
import SDLMedia
import Testing

@Suite("OnTouchEvent adapter")
@CarWindowActor
struct TouchAdapterTests {
    static func notification(_ type: TouchType, x: Int, y: Int, ts: Int, id: Int = 0) -> OnTouchEvent {
        OnTouchEvent(type: type, event: [SDLRPC.TouchEvent(id: id, ts: [ts], c: [TouchCoord(x: x, y: y)])])
    }

    @Test("type, ids, timestamps and coordinates carry over unscaled", arguments: [
        (TouchType.begin, CarWindow.TouchNotification.Kind.begin), (.move, .move), (.end, .end), (.cancel, .cancel),
    ])
    func conversion(type: TouchType, kind: CarWindow.TouchNotification.Kind) throws {
        let notification = OnTouchEvent(type: type, event: [
            SDLRPC.TouchEvent(id: 3, ts: [100, 116], c: [TouchCoord(x: 10, y: 20), TouchCoord(x: 12, y: 24)]),
            SDLRPC.TouchEvent(id: 7, ts: [116], c: [TouchCoord(x: 400, y: 300)]),
        ])
        let event = try CarWindow.TouchNotification(notification)
        #expect(event == CarWindow.TouchNotification(type: kind, touches: [
            .init(id: 3, timestamps: [100, 116], coordinates: [.init(x: 10, y: 20), .init(x: 12, y: 24)]),
            .init(id: 7, timestamps: [116], coordinates: [.init(x: 400, y: 300)]),
        ]))
    }

    @Test("an unknown touch type or a finger without coordinates is a typed error")
    func badInput() {
        #expect(throws: CarWindowError.self) {
            try CarWindow.TouchNotification(Self.notification(TouchType(rawValue: "HOVER"), x: 1, y: 1, ts: 0))
        }
        #expect(throws: CarWindowError.self) {
            try CarWindow.TouchNotification(OnTouchEvent(type: .begin, event: [SDLRPC.TouchEvent(id: 0, ts: [0], c: [])]))
        }
    }

    @Test("a coordinate outside MOBILE_API's 0...10000 is a typed error, not a point", arguments: [
        (Int.max, Int.max), (10_001, 0), (0, -1),
    ])
    func outOfRange(x: Int, y: Int) {
        #expect(throws: CarWindowError.self) {
            try CarWindow.TouchNotification(Self.notification(.move, x: x, y: y, ts: 0))
        }
    }

    @Test("at scale 1.5 a tap at (300, 150) head-unit pixels lands at (200, 100) in the view")
    func scaleRule() throws {
        let clock = ManualClock()
        let window = try Window(
            capabilities: DisplayMetrics(resolution: Size(width: 1280, height: 720), scale: 1.5), clock: clock)
        window.rootView = View()
        try window.handle(Self.notification(.begin, x: 300, y: 150, ts: 1000))
        try window.handle(Self.notification(.end, x: 300, y: 150, ts: 1060))
        clock.advance(to: .milliseconds(500))
        #expect(window.frameTick() == [.singleTap(at: Point(x: 200, y: 100))])
    }

    @Test("a tap on the zoom button, through the adapter and the pump, changes the next frame")
    func tapChangesNextFrame() throws {
        let window = try Window(
            capabilities: DisplayMetrics(resolution: Size(width: 1280, height: 720), scale: 1.5),
            clock: ManualClock())
        let screen = NavigationScreen()
        try screen.install(in: window)
        let pump = FramePump(window: window)
        let before = try #require(try pump.tick(at: .milliseconds(33)).frame).pixelRows
        pump.submissionFinished(.accepted)
        #expect(try pump.tick(at: .milliseconds(66)).frame == nil)

        let button = screen.zoomInButton.convertToWindow(screen.zoomInButton.bounds).center
        let (x, y) = (Int((button.x * 1.5).rounded()), Int((button.y * 1.5).rounded()))
        try window.handle(Self.notification(.begin, x: x, y: y, ts: 5000))
        try window.handle(Self.notification(.end, x: x, y: y, ts: 5080))
        #expect(screen.camera.zoom == 2)

        let tick = try pump.tick(at: .milliseconds(100))
        #expect(tick.outcome == .rendered)
        let after = try #require(tick.frame).pixelRows
        #expect(VideoFrame.differingPixels(before, after) > 10_000)
    }
}
