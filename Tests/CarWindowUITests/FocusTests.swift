import CarWindowTestingTools
import CarWindowUITestSupport
import Testing

@testable import CarWindowUI

/// The focus engine: geometry, reading order, scrolling a list, the ring, and the buttons that drive it.
@Suite("Focus engine")
@CarWindowActor
struct FocusTests {
    /// Two rows of two: (0,0) (200,0) / (0,100) (200,100), each 100x50.
    static let grid = [
        Rect(x: 0, y: 0, width: 100, height: 50), Rect(x: 200, y: 0, width: 100, height: 50),
        Rect(x: 0, y: 100, width: 100, height: 50), Rect(x: 200, y: 100, width: 100, height: 50),
    ]

    @Test("geometric next focus in four directions, and nothing beyond the edge")
    func geometry() {
        let grid = Self.grid
        #expect(FocusSearch.next(from: grid[0], in: grid, direction: .down) == 2)
        #expect(FocusSearch.next(from: grid[0], in: grid, direction: .right) == 1)
        #expect(FocusSearch.next(from: grid[3], in: grid, direction: .up) == 1)
        #expect(FocusSearch.next(from: grid[3], in: grid, direction: .left) == 2)
        #expect(FocusSearch.next(from: grid[0], in: grid, direction: .left) == nil)
        #expect(FocusSearch.next(from: grid[0], in: grid, direction: .up) == nil)
        // Straight below beats nearer but off to the side.
        let below = Rect(x: 0, y: 300, width: 100, height: 50)
        let aside = Rect(x: 400, y: 160, width: 100, height: 50)
        #expect(FocusSearch.next(from: grid[0], in: [grid[0], aside, below], direction: .down) == 2)
    }

    @Test("reading order: rows top to bottom, left to right in a row; none before the first")
    func readingOrder() {
        let shuffled = [Self.grid[3], Self.grid[0], Self.grid[2], Self.grid[1]]
        #expect(FocusSearch.readingOrder(shuffled) == [1, 3, 2, 0])
        #expect(FocusSearch.next(from: nil, in: shuffled, direction: .next) == 1)
        #expect(FocusSearch.next(from: Self.grid[1], in: shuffled, direction: .next) == 2)
        #expect(FocusSearch.next(from: Self.grid[0], in: shuffled, direction: .previous) == nil)
    }

    func makeList(_ source: NumberedRows) throws -> (Window, ListView) {
        let window = try Window(
            metrics: DisplayMetrics(resolution: Size(width: 800, height: 480), hapticSpatialDataSupported: true),
            clock: ManualClock(sleeping: .fails))
        let list = ListView(dataSource: source)
        list.rowHeight = 60
        window.rootView = list
        window.layoutIfNeeded()
        return (window, list)
    }

    @Test(
        "stepping through a 30-row list scrolls it; the focused row is whole on screen and a focusable item",
        arguments: [false, true])
    func listScrolls(headers: Bool) throws {
        let source = headers ? NumberedRows(sections: 3, perSection: 10, headers: true) : NumberedRows(perSection: 30)
        let (window, list) = try makeList(source)
        let viewport = Rect(origin: .zero, size: window.frameSize)
        var visited: [IndexPath] = []
        while window.moveFocus(.next) {
            let row = try #require(window.focusedView as? ListRow)
            visited.append(row.indexPath)
            let frame = row.convertToWindow(row.bounds)
            #expect(viewport.intersection(frame) == frame, "row \(row.indexPath) at \(frame) is not whole on screen")
            #expect(
                window.focusableItems().contains { $0.rect == frame }, "row \(row.indexPath) is no focusable item")
            try #require(visited.count <= 30)
        }
        try #require(visited.count == 30)
        let expected = (0..<3).flatMap { section in (0..<10).map { IndexPath(section: section, row: $0) } }
        #expect(visited == (headers ? expected : (0..<30).map { IndexPath(row: $0) }))
        #expect(list.contentOffset.y == list.maximumOffset.y)
        // And back up: the list scrolls the other way.
        #expect(window.moveFocus(.previous))
        #expect((window.focusedView as? ListRow)?.indexPath == visited[28])
        for _ in 0..<28 { window.moveFocus(.up) }
        #expect((window.focusedView as? ListRow)?.indexPath == visited[0])
        #expect(list.contentOffset.y == 0 || headers)
    }

    @Test("a focused row scrolled away by touch: its reused view is not focused; scrolled back, the row is again")
    func focusFollowsReusedRow() throws {
        // Held here: a list's data source is weak.
        let source = NumberedRows(perSection: 30)
        let (window, list) = try makeList(source)
        var selected: [IndexPath] = []
        list.onSelect = { selected.append($0) }
        #expect(window.moveFocus(.next))
        let first = try #require(window.focusedView as? ListRow)
        #expect(first.indexPath == IndexPath(row: 0))
        // A finger scrolls down, a row at a time, until row 0's view went back to the pool and came out as another
        // row.
        var frame = try PixelBuffer(width: 800, height: 480)
        for step in 1...20 where first.isHidden || first.indexPath == IndexPath(row: 0) {
            list.scroll(to: Point(x: 0, y: Double(step) * 60), animated: false)
            _ = try window.render(into: &frame)
        }
        try #require(!first.isHidden && first.indexPath != IndexPath(row: 0), "the test needs row 0's view reused")
        #expect(window.resolvedFocus() == nil)
        #expect(!window.activateFocus(), "OK pressed row \(first.indexPath), not the focused row 0")
        #expect(selected.isEmpty)
        // Back to the top: row 0 shows again, in whichever view, and has the focus and its OK.
        list.scroll(to: .zero, animated: false)
        _ = try window.render(into: &frame)
        let shown = list.visibleRow(at: IndexPath(row: 0))
        let key = String(describing: window.focusedRowKey)
        let detail: Comment = "row 0 shown by \(String(describing: shown?.hapticKey)), focused key \(key)"
        let again = try #require(window.resolvedFocus() as? ListRow, detail)
        #expect(again.indexPath == IndexPath(row: 0))
        #expect(window.focusedView === again)
        #expect(window.activateFocus())
        #expect(selected == [IndexPath(row: 0)])
        withExtendedLifetime(source) {}
    }

    @Test("OK activates the focused control; pan buttons move focus; down and up events do nothing")
    func buttons() throws {
        let window = try Window(
            metrics: DisplayMetrics(resolution: Size(width: 800, height: 480)),
            clock: ManualClock(sleeping: .fails))
        var tapped: [String] = []
        let names = ["Search", "Settings", "Back"]
        let buttons = names.map { name in Button(title: name) { tapped.append(name) } }
        window.rootView = StackView(
            axis: .vertical, spacing: 12, insets: EdgeInsets(all: 16), arrangedSubviews: buttons)
        window.layoutIfNeeded()
        #expect(!window.handleButton(ProjectionButton(.ok, .shortPress)))  // nothing focused yet
        #expect(window.handleButton(ProjectionButton(.navPanDown, .shortPress)))
        #expect(window.focusedView === buttons[0])
        #expect(!window.handleButton(ProjectionButton(.navPanDown, .down)))
        #expect(window.focusedView === buttons[0])
        #expect(window.handleButton(ProjectionButton(.navPanDown, .shortPress)))
        #expect(window.handleButton(ProjectionButton(.ok, .shortPress)))
        #expect(tapped == ["Settings"])
        #expect(!window.handleButton(ProjectionButton(.ok, .up)))
        #expect(tapped == ["Settings"])
        #expect(window.handleButton(ProjectionButton(.navPanDown, .longPress)))
        #expect(!window.handleButton(ProjectionButton(.navPanDown, .shortPress)))  // the last one
        #expect(window.handleButton(ProjectionButton(.ok, .shortPress)))
        #expect(tapped == ["Settings", "Back"])
        buttons[2].isHidden = true
        #expect(!window.activateFocus())
        #expect(tapped == ["Settings", "Back"])
    }

    @Test("the focused control has a ring in the theme's primary text colour, over the button's accent fill")
    func ring() throws {
        let window = try Window(
            metrics: DisplayMetrics(resolution: Size(width: 400, height: 300)),
            clock: ManualClock(sleeping: .fails))
        let button = Button(title: "OK")
        window.rootView = StackView(axis: .vertical, insets: EdgeInsets(all: 40), arrangedSubviews: [button])
        window.layoutIfNeeded()
        var before = try PixelBuffer(width: 400, height: 300)
        _ = try window.render(into: &before)
        #expect(window.focus(button))
        var after = try PixelBuffer(width: 400, height: 300)
        _ = try window.render(into: &after)
        let frame = button.convertToWindow(button.bounds)
        // Inside the left edge, halfway down: the ring's 4-point stroke is centred 2 points in.
        let x = Int(frame.minX) + 2
        let y = Int(frame.midY)
        let ink = window.theme.palette.primaryText
        let pixel = try #require(after.pixel(x: x, y: y))
        #expect(abs(Double(pixel.blue) - ink.blue * 255) < 8 && abs(Double(pixel.red) - ink.red * 255) < 8)
        #expect(before.pixel(x: x, y: y) != pixel)
    }
}
