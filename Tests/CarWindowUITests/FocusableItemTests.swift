import Testing

@testable import CarWindowUI

@Suite("Focusable items")
@CarWindowActor
struct FocusableItemTests {
    @Test("items are the controls' visible frames in window points, whatever the display's scale, in tree order")
    func windowPoints() throws {
        for scale in [1.0, 1.5, 2.0] {
            let metrics = try DisplayMetrics(
                resolution: Size(width: 800 * scale, height: 480 * scale), scale: scale,
                hapticSpatialDataSupported: true)
            let window = try Window(metrics: metrics)
            let root = View()
            let ok = Button(title: "OK")
            ok.frame = Rect(x: 20, y: 400, width: 100, height: 50)
            let cancel = Button(title: "Cancel")
            cancel.frame = Rect(x: 760, y: 400, width: 100, height: 50)  // 40 of its 100 points show
            root.addSubview(ok)
            root.addSubview(cancel)
            window.rootView = root
            let items = window.focusableItems()
            #expect(items.map(\.rect) == [ok.frame, Rect(x: 760, y: 400, width: 40, height: 50)], "scale \(scale)")
            #expect(Set(items.map(\.id)).count == 2)
        }
    }

    @Test("no items when the head unit takes no haptic data")
    func unsupported() throws {
        let window = try Window(metrics: DisplayMetrics(resolution: Size(width: 800, height: 480)))
        let root = View()
        let ok = Button(title: "OK")
        ok.frame = Rect(x: 20, y: 20, width: 100, height: 50)
        root.addSubview(ok)
        window.rootView = root
        #expect(window.focusableItems().isEmpty)
        #expect(window.focusableItemsIfChanged() == nil)
    }
}
