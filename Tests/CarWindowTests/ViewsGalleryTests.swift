import CarWindowUITestSupport
import Testing

@testable import CarWindow
@testable import CarWindowUI

/// Golden images of the new views in both themes: a list with a section header, a selected row and the scroll
/// indicator, and a settings column with every standard control.
@Suite("Views gallery")
@CarWindowActor
struct ViewsGalleryTests {
    func makeGallery(theme: Theme) throws -> (Window, NumberedRows, ListView) {
        let window = try Window(metrics: DisplayMetrics(resolution: Size(width: 800, height: 480)))
        window.theme = theme
        let source = NumberedRows(sections: 2, perSection: 20, headers: true)
        let list = ListView(dataSource: source)
        list.selectedIndexPath = IndexPath(section: 0, row: 1)
        let toggle = Toggle(title: "Avoid tolls", isOn: true)
        let disabled = Toggle(title: "Ferries (disabled)")
        disabled.isEnabled = false
        let slider = Slider(value: 0.6)
        let segments = SegmentedControl(segments: ["Day", "Night", "Auto"], selectedIndex: 1)
        let progress = ProgressView(progress: 0.35)
        let settings = StackView(
            axis: .vertical, spacing: 12, insets: EdgeInsets(all: 16), alignment: .fill,
            arrangedSubviews: [toggle, disabled, slider, segments, progress, View()])
        settings.backgroundColor = theme.palette.background
        let root = StackView(axis: .horizontal, arrangedSubviews: [list, settings])
        window.rootView = root
        return (window, source, list)
    }

    @Test("day and night", arguments: ["day", "night"])
    func gallery(name: String) throws {
        let (window, source, list) = try makeGallery(theme: name == "day" ? .day : .night)
        window.layoutIfNeeded()
        list.scroll(to: Point(x: 0, y: 30), animated: false)
        var frame = try PixelBuffer(width: 800, height: 480)
        _ = try window.render(into: &frame)
        try Golden.check(frame, named: "views-\(name)-800x480")
        withExtendedLifetime(source) {}
    }
}
