import BrowserTestSupport
import Foundation
import Testing

/// The viewer's cloud-app list in a real headless Chromium: `carwindow headunit --viewer --cloud-app` lists the
/// listening app (`carwindow stream --listen --source demo`) before it is connected; a click on "Activate" dials it,
/// as picking a cloud app in the car's app list makes SDL Core dial it, and the page then shows it streaming.
@Suite("The viewer's cloud apps in headless Chromium", .timeLimit(.minutes(4)))
struct ViewerCloudAppBrowserTests {
    @Test("the page lists the cloud app not connected; Activate dials it, it registers over ws and streams")
    func activateFromThePage() async throws {
        let carwindow = BinaryRunner.productsDirectory.appendingPathComponent("carwindow")
        let app = try ChildProcess.launch(
            executable: carwindow,
            arguments: [
                "stream", "--listen", "ws://127.0.0.1:0", "--app-id", "swiftsdl-nav", "--source", "demo",
                "--duration", "600", "--events", "-",
            ])
        defer { app.kill() }
        let port = try await StreamSourceMatrixTests.cloudPort(of: app)
        let headUnit = try ChildProcess.launch(
            executable: carwindow,
            arguments: [
                "headunit", "--port", "0", "--viewer", "--viewer-port", "0", "--cloud-app",
                "swiftsdl-nav=ws://127.0.0.1:\(port),auth=page-token",
            ])
        defer { headUnit.kill() }
        let urlLine = try await headUnit.waitForLine("the viewer's URL", in: .stdout, timeout: .seconds(60)) {
            $0.hasPrefix("viewer: http://127.0.0.1:")
        }
        let url = String(urlLine.text.dropFirst("viewer: ".count))
        let chromium = try await Chromium.launch()
        defer { chromium.close() }

        let before: String
        let after: String
        let registered: ChildProcess.Line
        do {
            (before, after) = try await withDeadline(seconds: 180) {
                try await chromium.withPage(url) { cdp in try await Self.drive(&cdp) }
            }
            registered = try await app.waitForLine("registered", in: .stdout, timeout: .seconds(30)) {
                $0.contains(#""event":"registered""#)
            }
        } catch {
            throw HarnessError(
                "\(error)\nthe head unit's last lines:\n\(headUnit.tail(30))\nthe app's:\n\(app.tail(20))")
        }
        await chromium.shutdown()
        _ = await app.stop(signal: SIGINT, grace: .seconds(20))
        _ = await headUnit.stop(signal: SIGINT, grace: .seconds(20))

        #expect(before.hasPrefix("Activate swiftsdl-nav") && before.contains("not connected"), "\(before)")
        #expect(after.hasPrefix("Show swiftsdl-nav") && after.contains("connected as app 1"), "\(after)")
        #expect(registered.text.hasSuffix(#","transport":"ws","authToken":"received"}"#), "\(registered.text)")
    }

    /// Reads the cloud app's row, clicks Activate, waits for the video, reads the row again.
    static func drive(_ cdp: inout CDPSession) async throws -> (String, String) {
        try await cdp.call(
            "Emulation.setDeviceMetricsOverride",
            ["width": 1280, "height": 1000, "deviceScaleFactor": 1, "mobile": false])
        try await cdp.waitFor("viewer.state && viewer.state.cloudApps && viewer.state.cloudApps.length === 1")
        let row = "document.querySelector('#cloud-apps .cloud-app').textContent"
        let before = try await cdp.evaluate(row) as? String ?? ""
        let centre = try await cdp.evaluate(
            """
            (() => { const r = document.querySelector('#cloud-apps button').getBoundingClientRect();
              return [r.left + r.width / 2, r.top + r.height / 2]; })()
            """)
        guard let point = (centre as? [Any])?.compactMap(number), point.count == 2 else {
            throw HarnessError("no Activate button: \(String(describing: centre))")
        }
        try await cdp.click(x: point[0], y: point[1])
        try await cdp.waitFor(
            "viewer.state.hmiLevel === 'FULL' && viewer.state.isStreaming && viewer.state.cloudApps[0].connected",
            seconds: 90)
        _ = try await cdp.sampleCanvas(afterFrames: 3, seconds: 60)
        let after = try await cdp.evaluate(row) as? String ?? ""
        return (before, after)
    }
}
