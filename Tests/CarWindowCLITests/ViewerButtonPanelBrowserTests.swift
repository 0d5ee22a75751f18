import BrowserTestSupport
import Foundation
import Testing

/// The viewer's button panel and haptic-focus mode in a real headless Chromium: `carwindow headunit --viewer` as a
/// car with map buttons and no touch screen, the demo app in a process of its own (`carwindow stream --source demo`),
/// whose event log shows what reached it.
@Suite("The viewer's buttons and knob in headless Chromium", .timeLimit(.minutes(4)))
struct ViewerButtonPanelBrowserTests {
    @Test("the panel's zoom-in reaches the app as NAV_ZOOM_IN; the knob walks the rects in order and selects by tap")
    func buttonsAndHapticFocus() async throws {
        let carwindow = BinaryRunner.productsDirectory.appendingPathComponent("carwindow")
        let headUnit = try ChildProcess.launch(
            executable: carwindow,
            arguments: [
                "headunit", "--port", "0", "--viewer", "--viewer-port", "0", "--buttons", "OK,nav", "--no-touch",
            ])
        defer { headUnit.kill() }
        let listening = try await headUnit.waitForLine("the listening line", in: .stdout, timeout: .seconds(60)) {
            $0.hasPrefix("carwindow head unit listening on ")
        }
        let address = listening.text.dropFirst("carwindow head unit listening on ".count).prefix { $0 != " " }
        guard let port = address.split(separator: ":").last.flatMap({ Int($0) }) else {
            throw HarnessError("no port in '\(listening.text)'")
        }
        let urlLine = try await headUnit.waitForLine("the viewer's URL", in: .stdout, timeout: .seconds(30)) {
            $0.hasPrefix("viewer: http://127.0.0.1:")
        }
        let url = String(urlLine.text.dropFirst("viewer: ".count))
        let app = try ChildProcess.launch(
            executable: carwindow,
            arguments: [
                "stream", "--core", "127.0.0.1:\(port)", "--app-id", "swiftsdl-nav", "--source", "demo",
                "--duration", "600", "--events", "-",
            ])
        defer { app.kill() }
        let chromium = try await Chromium.launch()
        defer { chromium.close() }

        let page: PageObservation
        let zoom: ChildProcess.Line
        let touch: ChildProcess.Line
        do {
            page = try await withDeadline(seconds: 180) {
                try await chromium.withPage(url) { cdp in try await Self.drive(&cdp, app: app) }
            }
            zoom = try await app.waitForLine("NAV_ZOOM_IN", in: .stdout, timeout: .seconds(30)) {
                $0.contains(#""event":"button""#) && $0.contains(#""NAV_ZOOM_IN""#)
            }
            touch = try await app.waitForLine("the knob's select as a touch", in: .stdout, timeout: .seconds(30)) {
                $0.contains(#""event":"touch""#) && $0.contains(#""type":"BEGIN""#)
            }
        } catch {
            throw HarnessError(
                "\(error)\nthe head unit's last lines:\n\(headUnit.tail(30))\nthe app's:\n\(app.tail(20))")
        }
        await chromium.shutdown()
        _ = await app.stop(signal: SIGINT, grace: .seconds(20))
        _ = await headUnit.stop(signal: SIGINT, grace: .seconds(20))
        print("viewer buttons: \(page); \(zoom.text); \(touch.text)")

        // The panel shows the car's buttons only: the map set and OK, no SEARCH (not in --buttons).
        #expect(page.shownButtons.contains("NAV_ZOOM_IN") && page.shownButtons.contains("OK"), "\(page)")
        #expect(!page.shownButtons.contains("SEARCH"), "\(page)")
        #expect(page.hapticFocusOn, "a car without a touch screen starts in haptic-focus mode")
        #expect(page.clickRefused, "a click on the picture is no touch in haptic-focus mode")
        // The knob's order is reading order: the first turn highlights the top-left rect, the second the next one.
        try #require(page.highlights.count == 2 && page.orders.count == 2, "\(page)")
        #expect(page.highlights[0] == page.orders[0].first, "\(page)")
        // The second turn steps on from the first highlight in the order of the rects then (the same, unless the
        // app sent new ones in between).
        let second = page.orders[1]
        let next = second.firstIndex(of: page.highlights[0]).map { second[(($0 + 1) % second.count)] }
        #expect(page.highlights[1] == next, "\(page)")
        #expect(page.focusedBoxes == 1, "the highlighted rect is drawn once as the focus: \(page)")
        // Select taps the highlighted rect's centre.
        let object = try JSONSerialization.jsonObject(with: Data(touch.text.utf8)) as? [String: Any]
        let x = try #require(number(object?["x"]), "\(touch.text)")
        let y = try #require(number(object?["y"]), "\(touch.text)")
        #expect(abs(x - page.selectedCentre.x) <= 1 && abs(y - page.selectedCentre.y) <= 1, "\(touch.text) \(page)")
    }

    struct PageObservation: Sendable, CustomStringConvertible {
        var shownButtons: [String]
        var hapticFocusOn: Bool
        var clickRefused: Bool
        /// The rect ids the knob highlighted after each of two turns.
        var highlights: [Int]
        /// The rect ids in reading order (top to bottom, then left to right) at each turn.
        var orders: [[Int]]
        var focusedBoxes: Int
        var selectedCentre: (x: Double, y: Double)

        var description: String {
            "buttons \(shownButtons), haptic focus \(hapticFocusOn), click refused \(clickRefused), highlights "
                + "\(highlights) of \(orders), \(focusedBoxes) focused box(es), select at \(selectedCentre)"
        }
    }

    static func drive(_ cdp: inout CDPSession, app: ChildProcess) async throws -> PageObservation {
        try await cdp.call(
            "Emulation.setDeviceMetricsOverride",
            ["width": 1280, "height": 1000, "deviceScaleFactor": 1, "mobile": false])
        try await cdp.waitFor(
            "viewer.state && viewer.state.hmiLevel === 'FULL' && viewer.state.isStreaming", seconds: 60)
        _ = try await cdp.sampleCanvas(afterFrames: 3, seconds: 60)
        try await cdp.waitFor("viewer.state.hapticRects.length > 1", seconds: 60)
        // The app subscribes after it registered; a press before that would reach no app.
        try await app.waitForLine("NAV_ZOOM_IN subscribed", in: .stdout, timeout: .seconds(30)) {
            $0.contains(#""event":"buttonSubscription""#) && $0.contains(#""NAV_ZOOM_IN""#)
                && $0.contains(#""SUCCESS""#)
        }
        let shown =
            try await cdp.evaluate(
                "[...document.querySelectorAll('#car-buttons button[data-button]')].filter(b => !b.hidden)"
                    + ".map(b => b.dataset.button)") as? [String] ?? []
        let hapticFocusOn = try await cdp.evaluate("document.getElementById('haptic-focus').checked") as? Bool ?? false

        // A click on the picture: no touch, a line in the page's log.
        let canvas = try await cdp.rect(ofElement: "video")
        try await cdp.click(x: canvas.x + canvas.width / 2, y: canvas.y + canvas.height / 2)
        let clickRefused =
            (try? await cdp.waitFor("viewer.log.some(e => e.text.startsWith('haptic focus: the screen takes'))")) != nil

        // The wheel over the screen turns the knob one step per notch. [highlighted id, the ids in reading order]
        let observe = """
            [viewer.state.knobHighlight.id].concat(viewer.state.hapticRects.slice()
              .sort((a, b) => a.rect.y - b.rect.y || a.rect.x - b.rect.x || a.id - b.id).map(r => r.id))
            """
        var highlights: [Int] = []
        var orders: [[Int]] = []
        for step in 1...2 {
            try await cdp.call(
                "Input.dispatchMouseEvent",
                [
                    "type": "mouseWheel", "x": canvas.x + canvas.width / 2, "y": canvas.y + canvas.height / 2,
                    "deltaX": 0, "deltaY": 100,
                ])
            let previous = highlights.last.map { "viewer.state.knobHighlight.id !== \($0)" } ?? "true"
            try await cdp.waitFor(
                "viewer.state.knobHighlight && \(previous)", detail: "'step \(step)'")
            let ids = (try await cdp.evaluate(observe) as? [Any])?.compactMap(number).map { Int($0) } ?? []
            highlights.append(ids.first ?? -1)
            orders.append(Array(ids.dropFirst()))
        }
        let focused = try await cdp.evaluate("document.querySelectorAll('#haptics div.focused').length")
        let screenshot = try await cdp.saveScreenshot(name: "viewer-buttons.png")
        print("viewer buttons screenshot: \(screenshot.path)")
        let centre = try await cdp.evaluate(
            "(r => [r.x + r.width / 2, r.y + r.height / 2])(viewer.state.knobHighlight.rect)")
        guard let selected = (centre as? [Any])?.compactMap(number), selected.count == 2 else {
            throw HarnessError("no highlighted rect: \(String(describing: centre))")
        }
        // Enter selects: the head unit taps the highlighted rect's centre.
        for type in ["keyDown", "keyUp"] {
            try await cdp.call(
                "Input.dispatchKeyEvent",
                ["type": type, "key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13])
        }
        try await cdp.waitFor("viewer.log.some(e => e.text.includes('OnTouchEvent'))")

        // The panel's zoom-in, last: the tap may have opened another screen, but the app hears every button.
        let zoomIn = try await cdp.evaluate(
            """
            (() => { const b = document.querySelector('#car-buttons [data-button="NAV_ZOOM_IN"]');
              const r = b.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()
            """)
        guard let point = (zoomIn as? [Any])?.compactMap(number), point.count == 2 else {
            throw HarnessError("no zoom-in button: \(String(describing: zoomIn))")
        }
        try await cdp.click(x: point[0], y: point[1])
        return PageObservation(
            shownButtons: shown, hapticFocusOn: hapticFocusOn, clickRefused: clickRefused, highlights: highlights,
            orders: orders, focusedBoxes: Int(number(focused) ?? -1),
            selectedCentre: (selected[0], selected[1]))
    }
}
