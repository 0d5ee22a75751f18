import BrowserTestSupport
import Foundation
import Testing

/// The demo's views through the viewer in a real headless Chromium: open the destination search with a click,
/// type a destination by clicking the keys of the viewer's on-screen keyboard (the app's TextField opened the head
/// unit's keyboard), scroll the result list with a drag, and switch the car to night. Every wait is for a condition
/// with a bound.
@Suite("carwindow demo views in headless Chromium", .timeLimit(.minutes(4)))
struct DemoViewsBrowserTests {
    /// JavaScript: the centre of the haptic rect `pick` chooses, in CSS pixels of the page, or null.
    static func centre(of pick: String) -> String {
        """
        (() => {
          const s = viewer.state.screen;
          const rects = viewer.state.hapticRects.map(
            h => ({ id: h.id, x: h.rect.x, y: h.rect.y, w: h.rect.width, h: h.rect.height }));
          const r = (\(pick))(rects, s);
          if (!r) return null;
          const box = document.getElementById('video').getBoundingClientRect();
          return [box.left + (r.x + r.w / 2) / s.width * box.width, box.top + (r.y + r.h / 2) / s.height * box.height];
        })()
        """
    }

    /// The Search button: the leftmost wide rect in the lower left quarter.
    static let searchButton =
        "(rects, s) => rects.filter(r => r.w > r.h && r.h >= 48 && r.x + r.w < s.width / 2 && r.y > s.height / 2)"
        + ".sort((a, b) => a.x - b.x)[0]"
    /// The search's text field: the wide rect at the top.
    static let textField = "(rects, s) => rects.filter(r => r.w > s.width / 2 && r.y < 100)[0]"
    /// The ids of the list's rows: the rects below the field.
    static let rowIDs = "JSON.stringify(viewer.state.hapticRects.filter(r => r.rect.y > 80).map(r => r.id).sort())"

    func point(_ value: Any?) throws -> (x: Double, y: Double) {
        guard let numbers = (value as? [Any])?.compactMap(number), numbers.count == 2 else {
            throw HarnessError("no such haptic rect on the page: \(String(describing: value))")
        }
        return (numbers[0], numbers[1])
    }

    @Test("search by click, type a destination on the viewer's on-screen keys, scroll the list by drag, night theme")
    func searchTypeScrollNight() async throws {
        let demo = try ChildProcess.launch(
            executable: BinaryRunner.productsDirectory.appendingPathComponent("carwindow"),
            arguments: ["demo", "--port", "0", "--viewer-port", "0", "--duration", "600", "--events", "-"])
        defer { demo.kill() }
        let urlLine = try await demo.waitForLine("the viewer's URL", in: .stderr, timeout: .seconds(60)) {
            $0.hasPrefix("viewer: http://127.0.0.1:")
        }
        let url = String(urlLine.text.dropFirst("viewer: ".count))
        let chromium = try await Chromium.launch()
        defer { chromium.close() }
        let (typedRows, scrolledRows, log): (String, String, [String])
        do {
            (typedRows, scrolledRows, log) = try await withDeadline(seconds: 180) {
                try await chromium.withPage(url) { cdp in
                    try await cdp.call(
                        "Emulation.setDeviceMetricsOverride",
                        ["width": 1280, "height": 1000, "deviceScaleFactor": 1, "mobile": false])
                    try await cdp.waitFor(
                        "viewer.state && viewer.state.hmiLevel === 'FULL' && viewer.state.isStreaming", seconds: 60)
                    // Search: a click on its haptic rect; the search panel's field and rows replace the map's rects.
                    try await cdp.waitFor("(\(Self.centre(of: Self.searchButton))) !== null", seconds: 60)
                    let search = try point(try await cdp.evaluate(Self.centre(of: Self.searchButton)))
                    try await cdp.click(x: search.x, y: search.y)
                    try await cdp.waitFor("(\(Self.centre(of: Self.textField))) !== null", seconds: 60)
                    let field = try point(try await cdp.evaluate(Self.centre(of: Self.textField)))
                    let allRows = try await cdp.evaluate(Self.rowIDs) as? String ?? ""

                    // The field opens the head unit's keyboard; the page shows its on-screen keyboard, and clicks
                    // on its keys type the destination (one KEYPRESS each), then its Submit key submits it.
                    try await cdp.click(x: field.x, y: field.y)
                    try await cdp.waitFor("viewer.log.some(e => e.text.includes('keyboard opened'))", seconds: 60)
                    try await cdp.waitFor("!document.getElementById('keyboard').hidden", seconds: 60)
                    for key in ["shift", "m", "a", "r", "k", "e", "t", "space", "1", "2", "backspace", "submit"] {
                        let box = try await cdp.rect(ofElement: "key-" + key)
                        try await cdp.click(x: box.x + box.width / 2, y: box.y + box.height / 2)
                    }
                    try await cdp.waitFor(
                        "viewer.log.some(e => e.text.includes(\"keyboard closed SUCCESS: 'Market 1'\"))", seconds: 60)
                    // The list now holds other rows (Market Square 1, 10...): new identities, new haptic ids.
                    try await cdp.waitFor(
                        "\(Self.rowIDs) !== \(Self.quoted(allRows)) && \(Self.rowIDs) !== '[]'", seconds: 60)
                    let typedRows = try await cdp.evaluate(Self.rowIDs) as? String ?? ""

                    // A drag up the list scrolls it: rows leave and others come, with ids of their own.
                    let list = try await cdp.rect(ofElement: "video")
                    let x = list.x + list.width / 3
                    try await cdp.drag(
                        from: (x, list.y + list.height * 0.85), to: (x, list.y + list.height * 0.35), modifiers: 0)
                    // (The page may pass through an empty set while the app's rects change; wait for rows.)
                    try await cdp.waitFor(
                        "\(Self.rowIDs) !== \(Self.quoted(typedRows)) && \(Self.rowIDs) !== '[]'", seconds: 60)
                    let scrolledRows = try await cdp.evaluate(Self.rowIDs) as? String ?? ""

                    // Submitted, the on-screen keyboard goes away.
                    try await cdp.waitFor("document.getElementById('keyboard').hidden", seconds: 60)
                    // Night: the car's light sensor, which the app follows (the viewer allows headLampStatus).
                    _ = try await cdp.evaluate("document.getElementById('night').click(); true")
                    let log = try await cdp.evaluate("viewer.log.map(e => e.text)") as? [String] ?? []
                    return (typedRows, scrolledRows, log)
                }
            }
        } catch {
            throw HarnessError("\(error)\nthe demo's last lines:\n\(demo.tail(40))")
        }
        let night = try await demo.waitForLine("the app's night theme", in: .stdout, timeout: .seconds(60)) {
            $0.contains(#""event":"appearance""#) && $0.contains(#""theme":"night""#)
        }
        await chromium.shutdown()
        let status = await demo.stop(signal: SIGINT, grace: .seconds(30))
        print("demo views: typed rows \(typedRows); scrolled rows \(scrolledRows); \(night.text)")
        #expect(typedRows != scrolledRows && typedRows != "[]" && scrolledRows != "[]")
        #expect(log.contains { $0.contains("keyboard opened: 'Where to?'") }, "\(log)")
        let pans = demo.lines.filter { $0.text.contains(#""event":"gesture""#) && $0.text.contains("pan") }
        #expect(!pans.isEmpty, "no pan gesture in the demo's events")
        #expect(status == 0, "the demo did not exit cleanly on SIGINT; its last lines:\n\(demo.tail())")
    }

    /// A JavaScript string literal for `text`.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
