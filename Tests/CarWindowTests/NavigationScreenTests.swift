import CarWindowTestingTools
import CarWindowUITestSupport
import Testing

@testable import CarWindow
@testable import CarWindowDemo
@testable import CarWindowUI

@Suite("Sample navigation screen")
@CarWindowActor
struct NavigationScreenTests {
    func make() throws -> (NavigationScreen, Window, ManualClock, PixelBuffer) {
        let clock = ManualClock(sleeping: .fails)
        let window = try Window(metrics: DisplayMetrics(resolution: Size(width: 800, height: 480)), clock: clock)
        let screen = NavigationScreen()
        try screen.install(in: window)
        var frame = try PixelBuffer(width: 800, height: 480)
        _ = try window.render(into: &frame)
        #expect(!window.isDirty)
        return (screen, window, clock, frame)
    }

    @Test("tapping zoom in doubles the zoom at once and the next frame differs")
    func zoomButton() throws {
        var (screen, window, _, frame) = try make()
        let before = frame
        let center = screen.zoomInButton.convertToWindow(screen.zoomInButton.bounds).center
        window.handleTouch(T.begin(center.x, center.y, ts: 0))
        window.handleTouch(T.end(center.x, center.y, ts: 60))
        #expect(screen.camera.zoom == 2)
        #expect(screen.statusLabel.text == "Zoom 2× · last: zoomIn")
        #expect(try window.render(into: &frame).wasDirty)
        #expect(Golden.differingPixels(before, frame) > 10_000)
        screen.recenterButton.sendAction()
        #expect(screen.camera == MapCamera(center: screen.map.vehiclePosition, zoom: 1))
    }

    @Test("a pan moves the map with the finger and a pinch zooms about its centre")
    func panAndPinch() throws {
        let (screen, window, clock, _) = try make()
        window.handleTouch(T.begin(200, 300, ts: 0))
        window.handleTouch(T.move(260, 340, ts: 30))
        clock.advance(by: .milliseconds(33))
        window.frameTick()
        window.handleTouch(T.end(260, 340, ts: 60))
        #expect(screen.camera.center == Point(x: -60, y: -40))
        #expect(screen.lastGesture == "panEnded")

        window.handleTouch(T.begin(300, 240, ts: 1000))
        window.handleTouch(T.begin(400, 240, id: 1, ts: 1010))
        window.handleTouch(T.two(.move, (250, 240), (450, 240), ts: 1040))
        clock.advance(by: .milliseconds(33))
        window.frameTick()
        #expect(screen.camera.zoom == 2)
        // The world point under the pinch centre (350, 240) stays put.
        #expect(
            screen.camera.viewPoint(Point(x: -110, y: -40), in: Size(width: 800, height: 480)) == Point(x: 350, y: 240))
    }

    @Test("a double tap on the map zooms in; the compact root takes over below 400x300")
    func doubleTapAndCompact() throws {
        let (screen, window, _, _) = try make()
        window.handleTouch(T.begin(200, 300, ts: 0))
        window.handleTouch(T.end(200, 300, ts: 40))
        window.handleTouch(T.begin(205, 300, ts: 150))
        window.handleTouch(T.end(205, 300, ts: 190))
        #expect(screen.camera.zoom == 2)
        #expect(screen.lastGesture == "doubleTap")
        try window.resize(to: Size(width: 320, height: 240))
        #expect(window.activeRootView === screen.compactRootView)
        #expect(screen.rootView.window == nil)
        #expect(screen.compactRootView.frame.size == Size(width: 320, height: 240))
    }

    @Test("the demo's map zooms on NAV_ZOOM_IN and NAV_ZOOM_OUT with nothing focused; other buttons pass")
    func mapZoom() throws {
        let window = try Window(
            metrics: DisplayMetrics(resolution: Size(width: 800, height: 480)),
            clock: ManualClock(sleeping: .fails))
        let screen = NavigationScreen()
        try screen.install(in: window)
        window.layoutIfNeeded()
        let zoom = screen.camera.zoom
        #expect(window.handleButton(ProjectionButton(.navZoomIn, .shortPress)))
        #expect(screen.camera.zoom == zoom * 2)
        #expect(screen.compactMap.camera.zoom == zoom * 2)
        #expect(window.handleButton(ProjectionButton(.navZoomOut, .shortPress)))
        #expect(screen.camera.zoom == zoom)
        #expect(!window.handleButton(ProjectionButton(.navZoomIn, .down)))
        #expect(!window.handleButton(ProjectionButton(.search, .shortPress)))
        #expect(screen.camera.zoom == zoom)
    }
}
