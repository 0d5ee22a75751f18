import BrowserTestSupport
import Foundation
import Testing

/// `carwindow headunit --viewer` in a real headless Chromium, with the app in a process of its own
/// (`carwindow stream --source demo`): the page a developer opens to see their own app.
///
/// Every wait is for a condition with a generous bound; both processes and Chromium are ended on every path.
@Suite("carwindow headunit --viewer in headless Chromium", .timeLimit(.minutes(4)))
struct HeadUnitViewerBrowserTests {
    @Test("the page shows whatever app connects: its video, its haptic rects, the HMI control and a tap reach it")
    func viewerForAnyApp() async throws {
        let carwindow = BinaryRunner.productsDirectory.appendingPathComponent("carwindow")
        let headUnit = try ChildProcess.launch(
            executable: carwindow, arguments: ["headunit", "--port", "0", "--viewer", "--viewer-port", "0"])
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
        let sample: CanvasSample
        let shown: String
        do {
            (sample, shown) = try await withDeadline(seconds: 180) {
                try await chromium.withPage(url) { cdp in
                    try await cdp.call(
                        "Emulation.setDeviceMetricsOverride",
                        ["width": 1280, "height": 1000, "deviceScaleFactor": 1, "mobile": false])
                    try await cdp.waitFor(
                        "viewer.state && viewer.state.hmiLevel === 'FULL' && viewer.state.isStreaming", seconds: 60)
                    let sample = try await cdp.sampleCanvas(afterFrames: 3, seconds: 60)
                    try await cdp.waitFor("viewer.state.hapticRects.length > 0", seconds: 60)
                    // The app picker lists the one app and shows it.
                    let shown = try await cdp.evaluate(
                        "document.getElementById('app-pick').value + ' of ' "
                            + "+ document.getElementById('app-pick').options.length") as? String ?? "?"
                    // A click at the centre of the first haptic rect reaches the app as a touch.
                    let target = try await cdp.evaluate(
                        """
                        (() => {
                          const r = viewer.state.hapticRects[0].rect, s = viewer.state.screen;
                          const box = document.getElementById('video').getBoundingClientRect();
                          return [box.left + (r.x + r.width / 2) / s.width * box.width,
                                  box.top + (r.y + r.height / 2) / s.height * box.height];
                        })()
                        """)
                    guard let point = (target as? [Any])?.compactMap(number), point.count == 2 else {
                        throw HarnessError("no point for the first haptic rect: \(String(describing: target))")
                    }
                    try await cdp.click(x: point[0], y: point[1])
                    // The page's HMI control: LIMITED reaches the app.
                    _ = try await cdp.evaluate(
                        """
                        (() => { const s = document.getElementById('hmi-level'); s.value = 'LIMITED';
                          s.dispatchEvent(new Event('change')); return true; })()
                        """)
                    try await cdp.waitFor("viewer.state.hmiLevel === 'LIMITED'", seconds: 30)
                    return (sample, shown)
                }
            }
            try await app.waitForLine("the tap as a touch", in: .stdout, timeout: .seconds(30)) {
                $0.contains(#""event":"touch""#) && $0.contains(#""type":"BEGIN""#)
            }
            try await app.waitForLine("LIMITED", in: .stdout, timeout: .seconds(30)) {
                $0.contains(#""event":"hmiStatus","hmiLevel":"LIMITED""#)
            }
        } catch {
            throw HarnessError(
                "\(error)\nthe head unit's last lines:\n\(headUnit.tail(30))\nthe app's:\n\(app.tail(20))")
        }
        await chromium.shutdown()
        _ = await app.stop(signal: SIGINT, grace: .seconds(20))
        let status = await headUnit.stop(signal: SIGINT, grace: .seconds(20))
        print("headunit --viewer: \(sample); app picker \(shown)")
        #expect(sample.width == 800 && sample.height == 480, "\(sample)")
        #expect(sample.nonBlank > 800 * 480 / 2, "\(sample)")
        #expect(shown == "1 of 1")
        #expect(status == 0, "carwindow headunit did not end cleanly on SIGINT:\n\(headUnit.tail())")
        #expect(headUnit.lines.contains { $0.text == "head unit stopped" })
        #expect(
            !headUnit.lines.contains { $0.text.contains(" error ") }, "a clean stop logs no error:\n\(headUnit.tail())")
    }
}
