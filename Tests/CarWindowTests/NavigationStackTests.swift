import CarWindowUITestSupport
import SDLRPC
import Testing

@testable import CarWindow
@testable import CarWindowDemo
@testable import CarWindowUI

/// The list, detail, back example (``PlacesScreen``) on a ``NavigationStack``, driven by taps as a driver would.
@Suite("NavigationStack: list, detail, back")
@CarWindowActor
struct NavigationStackTests {
    static func window() throws -> Window {
        try Window(
            metrics: DisplayMetrics(resolution: Size(width: 800, height: 480), hapticSpatialDataSupported: true))
    }

    static func tap(_ window: Window, _ point: Point, ts: Int) {
        window.handleTouch(T.begin(point.x, point.y, ts: ts))
        window.handleTouch(T.end(point.x, point.y, ts: ts + 50))
    }

    static func center(_ view: View) -> Point { view.convertToWindow(view.bounds).center }

    @Test("a tap on a row pushes its detail page; its haptic rects replace the list's in one update; Back returns")
    func listDetailBack() throws {
        let window = try Self.window()
        let screen = PlacesScreen()
        window.rootView = screen.stack
        let listRects = try #require(window.focusableItemsIfChanged())
        #expect(listRects.count >= 5, "the visible rows: \(listRects)")
        #expect(screen.stack.backButton.isHidden, "no Back on the root page")
        #expect(screen.stack.titleLabel.text == "Places")

        // Row 1 sits under the bar (56) and row 0 (72).
        Self.tap(window, Point(x: 400, y: 56 + 72 + 36), ts: 0)
        #expect(screen.stack.pages.count == 2)
        #expect(screen.stack.titleLabel.text == "City Hall")
        #expect(screen.list.superview == nil, "the list left the tree")
        let detailRects = try #require(window.focusableItemsIfChanged(), "one new set for the detail page")
        let listIDs = Set(listRects.map(\.id))
        #expect(detailRects.allSatisfy { !listIDs.contains($0.id) }, "no row of the list is left: \(detailRects)")
        let backID = try #require(screen.stack.backButton.hapticID)
        #expect(detailRects.contains { $0.id == backID })
        #expect(detailRects.count == 4, "Back, Navigate, the toggle and the slider: \(detailRects)")
        #expect(window.focusableItemsIfChanged() == nil, "the swap was one update")

        var navigated: [String] = []
        screen.onNavigate = { navigated.append($0.name) }
        let detail = screen.stack.topPage
        let navigate = try #require(Self.find(Button.self, titled: "Navigate", in: detail))
        Self.tap(window, Self.center(navigate), ts: 1000)
        #expect(navigated == ["City Hall"])

        Self.tap(window, Self.center(screen.stack.backButton), ts: 2000)
        #expect(screen.stack.pages.count == 1)
        #expect(screen.stack.titleLabel.text == "Places")
        #expect(detail.superview == nil)
        #expect(screen.list.superview === screen.stack)
        #expect(window.focusableItemsIfChanged().map { Set($0.map(\.id)) } == listIDs, "the list's rects, as before")
    }

    @Test("a page below the top sees a day/night switch made meanwhile when it comes back; the bar follows it")
    func environmentPassesOn() throws {
        let window = try Self.window()
        let segments = SegmentedControl(segments: ["Fastest", "Shortest"])
        let stack = NavigationStack(root: segments, title: "Route")
        window.rootView = stack
        window.layoutIfNeeded()
        #expect(segments.backgroundColor == Theme.day.palette.track.withAlpha(0.3))
        stack.push(View(), title: "Details")
        window.theme = .night
        stack.pop()
        #expect(segments.backgroundColor == Theme.night.palette.track.withAlpha(0.3))
        var frame = try PixelBuffer(width: 800, height: 480)
        _ = try window.render(into: &frame)
        let bar = try #require(frame.pixel(x: 795, y: 3))
        let surface = Theme.night.palette.surface
        #expect(
            [bar.red, bar.green, bar.blue]
                == [surface.red, surface.green, surface.blue].map { UInt8(($0 * 255).rounded()) })
    }

    @Test("the places list and a detail page look right, day and night (goldens)", arguments: ["day", "night"])
    func goldens(name: String) throws {
        let window = try Self.window()
        window.theme = name == "day" ? .day : .night
        let screen = PlacesScreen()
        window.rootView = screen.stack
        var frame = try PixelBuffer(width: 800, height: 480)
        _ = try window.render(into: &frame)
        try Golden.check(frame, named: "places-list-\(name)-800x480")
        screen.showDetail(of: 4)
        _ = try window.render(into: &frame)
        try Golden.check(frame, named: "places-detail-\(name)-800x480")
    }

    @Test("pop on the root page does nothing; popToRoot leaves only the root")
    func popLimits() {
        let root = View()
        let stack = NavigationStack(root: root, title: "Home")
        #expect(stack.pop() == nil)
        stack.push(View(), title: "One")
        stack.push(View(), title: "Two")
        stack.popToRoot()
        #expect(stack.pages.count == 1 && stack.topPage === root)
        #expect(stack.titleLabel.text == "Home" && stack.backButton.isHidden)
    }

    static func find<V: View>(_ type: V.Type, titled title: String, in view: View) -> V? {
        if let match = view as? V, (match as? Button)?.title == title { return match }
        for subview in view.subviews {
            if let found = find(type, titled: title, in: subview) { return found }
        }
        return nil
    }
}
