import CarWindowTestingTools
import CarWindowUITestSupport
import SDLRPC
import Testing

@testable import CarWindow
@testable import CarWindowDemo
@testable import CarWindowUI

@Suite("Demo app: search, settings, transitions, theme")
@CarWindowActor
struct DemoAppTests {
    func makeDemo() throws -> (Window, DemoAppScreen, ScriptedKeyboard, ManualClock) {
        let clock = ManualClock(sleeping: .fails)
        let window = try Window(
            metrics: DisplayMetrics(resolution: Size(width: 800, height: 480), hapticSpatialDataSupported: true),
            clock: clock)
        let demo = DemoAppScreen()
        try demo.install(in: window)
        let keyboard = ScriptedKeyboard()
        window.keyboardPresenter = keyboard
        window.layoutIfNeeded()
        return (window, demo, keyboard, clock)
    }

    func tap(_ window: Window, _ view: View, ts: Int) {
        let center = view.convertToWindow(view.bounds).center
        window.handleTouch(T.begin(center.x, center.y, ts: ts))
        window.handleTouch(T.end(center.x, center.y, ts: ts + 50))
    }

    func settle(_ window: Window, _ clock: ManualClock) {
        for _ in 0..<30 {
            clock.advance(by: .milliseconds(16))
            window.frameTick()
            window.layoutIfNeeded()
        }
    }

    @Test("search: fades in, typing filters the list, a drag scrolls it, a chosen row sets the status and fades out")
    func search() throws {
        let (window, demo, keyboard, clock) = try makeDemo()
        tap(window, demo.searchButton, ts: 0)
        #expect(!demo.search.isHidden && demo.search.alpha == 0)
        clock.advance(by: .milliseconds(125))
        window.frameTick()
        #expect(demo.search.alpha > 0 && demo.search.alpha < 1)  // mid-transition
        settle(window, clock)
        #expect(demo.search.alpha == 1)
        // Covered, the map's buttons send no haptic rects: only the field, Close and the rows.
        #expect(demo.navigation.rootView.isHidden)
        #expect(!window.hapticRects().contains { $0.width == 64 && $0.height == 64 })

        tap(window, demo.search.field, ts: 1000)
        let field = try #require(keyboard.presented.first)
        field.keyboardDidType("Market")
        field.keyboardDidClose(.submitted("Market"))
        window.layoutIfNeeded()
        #expect(demo.search.matches.count == 200 && demo.search.matches.allSatisfy { $0.hasPrefix("Market Square") })

        window.handleTouch(T.begin(400, 400, ts: 2000))
        window.handleTouch(T.move(400, 200, ts: 2016))
        clock.advance(by: .milliseconds(16))
        window.frameTick()
        window.handleTouch(T.end(400, 200, ts: 2032))
        settle(window, clock)
        #expect(demo.search.results.contentOffset.y > 200)  // the drag plus its momentum

        let row = try #require(demo.search.results.visibleIndexPaths.first)
        let chosen = demo.search.matches[row.row]
        tap(window, try #require(demo.search.results.visibleRow(at: row)), ts: 5000)
        #expect(demo.navigation.statusLabel.text == "To \(chosen)")
        settle(window, clock)
        #expect(demo.search.isHidden && !demo.navigation.rootView.isHidden)
    }

    @Test("settings: the sheet slides up; its controls write the observable model; Night switches the theme")
    func settings() throws {
        let (window, demo, _, clock) = try makeDemo()
        var frame = try PixelBuffer(width: 800, height: 480)
        tap(window, demo.settingsButton, ts: 0)
        let start = demo.sheet.frame.minY
        #expect(start == 480)  // below the screen
        settle(window, clock)
        #expect(demo.sheet.frame.maxY == 480 - 16)
        tap(window, demo.sheet.tolls, ts: 1000)
        #expect(demo.settings.avoidTolls)
        _ = try window.render(into: &frame)
        #expect(demo.summaryLabel.text.hasPrefix("Tolls avoided"))
        let night = demo.sheet.appearance.segments[1]
        tap(window, night, ts: 2000)
        _ = try window.render(into: &frame)
        #expect(window.theme == .night)
        tap(window, demo.sheet.doneButton, ts: 3000)
        settle(window, clock)
        #expect(demo.sheet.isHidden)
    }

    @Test("golden: the search at night with the settings sheet's choices applied")
    func golden() throws {
        let (window, demo, keyboard, clock) = try makeDemo()
        demo.settings.appearance = .night
        demo.showSearch()
        settle(window, clock)
        demo.search.field.beginEditing()
        keyboard.presented.first?.keyboardDidClose(.submitted("Main 1"))
        window.layoutIfNeeded()
        var frame = try PixelBuffer(width: 800, height: 480)
        _ = try window.render(into: &frame)
        #expect(window.theme == .night)
        try Golden.check(frame, named: "demo-search-night-800x480")
    }
}
