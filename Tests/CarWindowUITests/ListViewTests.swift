import CarWindowTestingTools
import CarWindowUITestSupport
import Testing

@testable import CarWindowUI

@Suite("List view")
@CarWindowActor
struct ListViewTests {
    func makeList(_ source: NumberedRows) throws -> (Window, ListView, ManualClock) {
        let clock = ManualClock(sleeping: .fails)
        let window = try Window(
            metrics: DisplayMetrics(resolution: Size(width: 800, height: 480), hapticSpatialDataSupported: true),
            clock: clock)
        let list = ListView(dataSource: source)
        list.rowHeight = 60
        window.rootView = list
        window.layoutIfNeeded()
        return (window, list, clock)
    }

    @Test("10,000 rows: only the visible ones are asked for, and rows are reused as the list scrolls")
    func onDemandAndReuse() throws {
        let source = NumberedRows(perSection: 10_000)
        let (window, list, _) = try makeList(source)
        #expect(list.contentSize.height == 600_000)
        #expect(list.visibleIndexPaths == (0..<8).map { IndexPath(row: $0) })
        #expect(source.requested.count == 8)
        for step in 1...200 {
            list.scroll(to: Point(x: 0, y: Double(step) * 250), animated: false)
            window.layoutIfNeeded()
        }
        #expect(list.visibleIndexPaths.first == IndexPath(row: 833))
        #expect(list.visibleRow(at: IndexPath(row: 833))?.text == "Item 833")
        #expect(list.rowsCreated <= 18)  // two screens' worth at most, however far it scrolled
        #expect(list.contentView.subviews.count == list.rowsCreated)
    }

    @Test("after the window widens, a tap at the right end of a row still selects it")
    func resize() throws {
        let source = NumberedRows(perSection: 50)
        let (window, list, _) = try makeList(source)
        try window.resize(to: Size(width: 1024, height: 600))
        window.layoutIfNeeded()
        #expect(list.contentSize.width == 1024)
        var selected: [IndexPath] = []
        list.onSelect = { selected.append($0) }
        window.handleTouch(T.begin(1000, 90, ts: 0))
        window.handleTouch(T.end(1000, 90, ts: 50))
        #expect(selected == [IndexPath(row: 1)])
    }

    @Test("sections with headers and measured rows lay out in order")
    func sectionsAndHeights() throws {
        let source = NumberedRows(sections: 2, perSection: 3, headers: true)
        source.tallRows = [IndexPath(section: 0, row: 1)]
        let (_, list, _) = try makeList(source)
        // header 36, rows 60 + 120 + 60, header 36, rows 3 x 60
        #expect(list.contentSize.height == 36 + 240 + 36 + 180)
        #expect(list.visibleRow(at: IndexPath(section: 0, row: 1))?.frame == Rect(x: 0, y: 96, width: 800, height: 120))
        #expect(list.visibleRow(at: IndexPath(section: 1, row: 0))?.frame.minY == Double(36 + 240 + 36))
        let headers = list.contentView.subviews.compactMap { $0 as? ListHeaderView }.filter { !$0.isHidden }
        #expect(headers.map(\.text).sorted() == ["Section 0", "Section 1"])
    }

    @Test("a tap selects the row under it, highlights only it, and reports it")
    func selection() throws {
        let source = NumberedRows(perSection: 50)
        let (window, list, _) = try makeList(source)
        var selected: [IndexPath] = []
        list.onSelect = { selected.append($0) }
        window.handleTouch(T.begin(300, 150, ts: 0))
        window.handleTouch(T.end(300, 150, ts: 60))
        #expect(selected == [IndexPath(row: 2)])
        #expect(list.selectedIndexPath == IndexPath(row: 2))
        #expect(list.visibleRow(at: IndexPath(row: 2))?.isSelected == true)
        #expect(list.visibleRow(at: IndexPath(row: 1))?.isSelected == false)
        // Scrolled away and back, the reused row shows the selection of the row it now holds.
        list.scroll(to: Point(x: 0, y: 1200), animated: false)
        window.layoutIfNeeded()
        #expect(list.visibleIndexPaths.allSatisfy { list.visibleRow(at: $0)?.isSelected == false })
        list.scroll(to: .zero, animated: false)
        window.layoutIfNeeded()
        #expect(list.visibleRow(at: IndexPath(row: 2))?.isSelected == true)
    }

    @Test("haptic ids follow the row's identity across scrolling and reuse")
    func hapticIDs() throws {
        let source = NumberedRows(perSection: 100)
        let (window, list, _) = try makeList(source)
        // Rects come in tree order, which reuse shuffles; the row at a given y is what matters to the head unit.
        func id(atY y: Double) -> Int? { window.focusableItems().first { $0.rect.minY == y }?.id }
        #expect(window.focusableItems().count == 8)
        let idOfRow3 = try #require(id(atY: 180))
        list.scroll(to: Point(x: 0, y: 120), animated: false)
        #expect(id(atY: 60) == idOfRow3)  // row 3 is now second on screen
        list.scroll(to: Point(x: 0, y: 3000), animated: false)
        #expect(!window.focusableItems().contains { $0.id == idOfRow3 })
        list.scroll(to: Point(x: 0, y: 120), animated: false)
        #expect(id(atY: 60) == idOfRow3)  // a reused view, the same row, the same id
        #expect(Set(window.focusableItems().map(\.id)).count == 8)
    }

    @Test("driver distraction: a cap shows only the first rows; paging moves a page per drag")
    func driverDistraction() throws {
        let source = NumberedRows(perSection: 100)
        let (window, list, clock) = try makeList(source)
        list.distractionBehavior = .cap(rows: 5)
        window.layoutIfNeeded()
        #expect(list.contentSize.height == 6000)  // not distracted: everything
        window.isDriverDistracted = true
        window.layoutIfNeeded()
        #expect(list.contentSize.height == 300)
        #expect(list.visibleIndexPaths.count == 5)
        window.isDriverDistracted = false
        window.layoutIfNeeded()
        #expect(list.contentSize.height == 6000)

        list.distractionBehavior = .page
        window.isDriverDistracted = true
        window.layoutIfNeeded()
        window.handleTouch(T.begin(300, 400, ts: 0))
        window.handleTouch(T.move(300, 250, ts: 10))
        clock.advance(by: .milliseconds(16))
        window.frameTick()
        clock.advance(by: .milliseconds(300))
        window.handleTouch(T.end(300, 250, ts: 400))
        for _ in 0..<30 {
            clock.advance(by: .milliseconds(16))
            window.frameTick()
        }
        #expect(list.contentOffset.y == 480)  // one page, not 150 points
    }
}
