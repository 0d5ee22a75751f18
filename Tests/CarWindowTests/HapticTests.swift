import SDLRPC
import Testing

@testable import CarWindow
@testable import CarWindowDemo
@testable import CarWindowUI

@Suite("Haptic regions")
@CarWindowActor
struct HapticTests {
    /// Three buttons in a 100-high row at the bottom (y 380 + 20 insets); scale 1.5 on a 1200x720 head unit (800x480).
    func makeWindow(haptics: Bool = true) throws -> (Window, [Button]) {
        let window = try Window(
            metrics: DisplayMetrics(
                resolution: Size(width: 1200, height: 720), scale: 1.5, hapticSpatialDataSupported: haptics))
        let buttons = ["A", "B", "C"].map { title -> Button in
            let b = Button(title: title)
            b.preferredWidth = 120
            b.preferredHeight = 60
            return b
        }
        let row = StackView(
            axis: .horizontal, spacing: 20, insets: EdgeInsets(all: 20), alignment: .leading, arrangedSubviews: buttons)
        row.preferredHeight = 100
        window.rootView = StackView(axis: .vertical, arrangedSubviews: [View(), row])
        return (window, buttons)
    }

    @Test("rects are the buttons' window frames multiplied by the scale, in tree order")
    func scaledFrames() throws {
        let (window, buttons) = try makeWindow()
        let rects = window.hapticRects()
        #expect(buttons.map(\.frame) == [20, 160, 300].map { Rect(x: $0, y: 20, width: 120, height: 60) })
        #expect(
            rects.map { [$0.x, $0.y, $0.width, $0.height] } == [
                [30, 600, 180, 90], [240, 600, 180, 90], [450, 600, 180, 90],
            ])
        #expect(Set(rects.map(\.id)).count == 3)
    }

    @Test("ids stay with their views across a re-layout and a resize; the preferred item comes first")
    func stableIDs() throws {
        let (window, buttons) = try makeWindow()
        let before = Dictionary(uniqueKeysWithValues: zip(buttons.map(\.title), window.hapticRects().map(\.id)))
        buttons[0].preferredWidth = 200
        try window.resize(to: Size(width: 700, height: 400))
        window.preferredFocusView = buttons[2]
        let after = window.hapticRects()
        #expect(after.map(\.id) == [before["C"], before["A"], before["B"]].compactMap { $0 })
        #expect(after[1].width == 300)
    }

    @Test("a new set is reported only when the rects change; an empty tree clears once")
    func changesOnly() throws {
        let (window, buttons) = try makeWindow()
        let first = try #require(window.focusableItemsIfChanged())
        #expect(first.count == 3)
        #expect(window.focusableItemsIfChanged() == nil)
        buttons[1].isHidden = true
        #expect(window.focusableItemsIfChanged()?.count == 2)
        #expect(window.focusableItemsIfChanged() == nil)
        window.rootView = View()
        #expect(window.focusableItemsIfChanged() == [])
        #expect(window.focusableItemsIfChanged() == nil)
    }

    @Test("nothing is reported when the head unit does not support haptic data")
    func unsupported() throws {
        let (window, _) = try makeWindow(haptics: false)
        #expect(window.focusableItemsIfChanged() == nil)
        #expect(window.hapticRects() == [])
    }

    @Test("canvas regions become rects with ids stable per key, cut to the canvas, slivers left out")
    func canvasRegions() throws {
        let window = try Window(
            metrics: DisplayMetrics(
                resolution: Size(width: 800, height: 480), hapticSpatialDataSupported: true))
        let root = View()
        let canvas = Canvas()
        canvas.frame = Rect(x: 100, y: 100, width: 300, height: 200)
        canvas.hapticRegions = [
            HapticRegion(key: "fuel", rect: Rect(x: 10, y: 10, width: 20, height: 20)),
            HapticRegion(key: "edge", rect: Rect(x: 290, y: 190, width: 20, height: 20)),
            HapticRegion(key: "outside", rect: Rect(x: 400, y: 10, width: 20, height: 20)),
        ]
        root.addSubview(canvas)
        window.rootView = root
        let rects = window.hapticRects()
        // "edge" keeps 10x10 of its 20x20 inside the canvas: less than half a 48-point touch target, a sliver.
        #expect(rects.map { [$0.x, $0.y, $0.width, $0.height] } == [[110, 110, 20, 20]])
        canvas.hapticRegions[1].rect = Rect(x: 270, y: 160, width: 60, height: 60)
        #expect(
            window.hapticRects().map { [$0.x, $0.y, $0.width, $0.height] } == [
                [110, 110, 20, 20], [370, 260, 30, 40],
            ],
            "30x40 of a 60x60 region shows: kept, cut to the canvas")
        canvas.hapticRegions = [HapticRegion(key: "fuel", rect: Rect(x: 50, y: 50, width: 20, height: 20))]
        #expect(window.hapticRects().map(\.id) == [rects[0].id])
    }

    @Test("an item wholly under an opaque view drawn above it sends no rect; a see-through or partial cover keeps it")
    func coveredItems() throws {
        let window = try Window(
            metrics: DisplayMetrics(
                resolution: Size(width: 800, height: 480), hapticSpatialDataSupported: true))
        let root = View()
        let hidden = Button(title: "Under")
        hidden.frame = Rect(x: 20, y: 20, width: 100, height: 50)
        let peeking = Button(title: "Peeks out")
        peeking.frame = Rect(x: 20, y: 300, width: 100, height: 50)
        let sheet = View(frame: Rect(x: 0, y: 0, width: 400, height: 320))
        sheet.backgroundColor = Color(hex: 0x202020)
        let onSheet = Button(title: "On the sheet")
        onSheet.frame = Rect(x: 200, y: 100, width: 100, height: 50)
        sheet.addSubview(onSheet)
        root.addSubview(hidden)
        root.addSubview(peeking)
        root.addSubview(sheet)
        window.rootView = root
        let rect = { (r: HapticRect) in [r.x, r.y, r.width, r.height] }
        // The sheet hides "Under"; "Peeks out" sticks out below it; the sheet's own button is above it.
        #expect(window.hapticRects().map(rect) == [[20, 300, 100, 50], [200, 100, 100, 50]])

        sheet.alpha = 0.9
        #expect(window.hapticRects().count == 3, "a translucent sheet hides nothing")
        sheet.alpha = 1
        sheet.backgroundColor = Color(hex: 0x202020, alpha: 0.5)
        #expect(window.hapticRects().count == 3, "a translucent background hides nothing")
        sheet.backgroundColor = Color(hex: 0x202020)
        sheet.isHidden = true
        #expect(window.hapticRects().map(rect) == [[20, 20, 100, 50], [20, 300, 100, 50]])
        sheet.isHidden = false
        // Drawn below instead of above, the sheet covers nothing.
        root.insertSubview(sheet, at: 0)
        #expect(window.hapticRects().count == 3)
    }

    @Test("the sample screen reports its buttons and map pins, zoom-in first")
    func sampleScreen() throws {
        let window = try Window(
            metrics: DisplayMetrics(
                resolution: Size(width: 800, height: 480), hapticSpatialDataSupported: true))
        let screen = NavigationScreen()
        try screen.install(in: window)
        let rects = window.hapticRects()
        let zoomIn = screen.zoomInButton.convertToWindow(screen.zoomInButton.bounds)
        #expect(rects.first.map { Rect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) } == zoomIn)
        #expect(rects.count >= 4)
    }
    @Test("after a fractional scroll, rects are whole head-unit pixels inside the screen and slivers are left out")
    func wholePixelsNoSlivers() throws {
        // 800x480 points at scale 1.5; a 60-point header, then a list of 72-point rows scrolled 70.7677 points:
        // the first row shows 1.2323 points (a sliver), the rest sit at fractional positions.
        let window = try Window(
            metrics: DisplayMetrics(
                resolution: Size(width: 1200, height: 720), scale: 1.5, hapticSpatialDataSupported: true))
        let rows = (0..<20).map { index -> Button in
            let row = Button(title: "Place \(index)")
            row.preferredHeight = 72
            return row
        }
        let header = View()
        header.preferredHeight = 60
        let scroll = ScrollView(content: StackView(axis: .vertical, arrangedSubviews: rows))
        window.rootView = StackView(axis: .vertical, arrangedSubviews: [header, scroll])
        window.layoutIfNeeded()
        scroll.scroll(to: Point(x: 0, y: 70.7677), animated: false)
        let rects = window.hapticRects()
        for rect in rects {
            let sides = [rect.x, rect.y, rect.width, rect.height]
            #expect(sides.allSatisfy { $0 == $0.rounded() }, "\(rect) is not in whole pixels")
            #expect(rect.x >= 0 && rect.y >= 0 && rect.x + rect.width <= 1200 && rect.y + rect.height <= 720)
        }
        // Row 0 shows 1.8 pixels: no rect. Row 1 runs from 91.85 to 199.85 pixels; row 6 is cut by the screen's
        // bottom edge (58.8 points still show, more than half a 48-point touch target).
        #expect(!rects.contains { $0.id == rows[0].hapticID }, "\(rects)")
        let byID = Dictionary(
            rects.map { ($0.id, [$0.x, $0.y, $0.width, $0.height]) }, uniquingKeysWith: { a, _ in a })
        #expect(rows[1].hapticID.flatMap { byID[$0] } == [0, 92, 1200, 108])
        #expect(rows[6].hapticID.flatMap { byID[$0] } == [0, 632, 1200, 88])
        #expect(rects.count == 6, "rows 1 to 6: \(rects)")
    }
}
