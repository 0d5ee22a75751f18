import BrowserTestSupport
import CarWindow
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One run of `carwindow bench glass`: the demo as a child process, Chromium on its viewer, the clicks.
struct BenchGlassRun: Sendable {
    var taps: Int
    var size: BenchSize
    var method: BenchGlassMethod
    var chromium: String
    /// The `carwindow` binary that runs the demo.
    var demoExecutable: URL
    /// Where the head unit runs: in the demo's process, or as `carwindow headunit` over TCP or WebSocket.
    var headUnit: BenchGlassHeadUnit = .embedded
    /// A program to project (`carwindow project -- COMMAND`) instead of the demo; empty for the demo.
    var program: [String] = []
    /// With a program: where the clicks land, in the viewport's points; `nil` for the viewport's centre.
    var tap: Point?

    /// Clicks before the timed ones: the first zoom warms up caches in the app and the page.
    static let warmupTaps = 2
    /// How long one tap's change may take before the run fails: seconds, not a target.
    static let tapDeadlineMilliseconds = 10_000

    /// What the run measured.
    struct Report: Sendable {
        var size: BenchSize
        var method: BenchGlassMethod
        var headUnit: BenchGlassHeadUnit
        /// What was clicked: the demo's zoom buttons, or a place in the projected program.
        var subject: String
        var browser: String
        var taps: [BenchGlassProbe.Tap] = []
        /// Per timed tap with --method screenshot: milliseconds from the click's dispatch (the bench's clock) to
        /// the reply of the first screenshot that showed the change, and the time one screenshot took.
        var screenshots: [(total: Double, shot: Double)] = []
        var pageStats: String = ""
        var failure: String?
    }

    func run() async throws -> Report {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("carwindow-glass-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (demo, separateHeadUnit, url) = try await launch(recordingInto: directory)
        defer {
            demo.kill()
            separateHeadUnit?.kill()
        }
        let browser = try await Chromium.launch(executable: chromium)
        defer { browser.close() }
        let run = self
        var report: Report
        do {
            report = try await withDeadline(seconds: 120 + taps * 30) {
                try await browser.withPage(url) { cdp in try await run.drive(&cdp, demo: demo) }
            }
        } catch {
            throw HarnessError("\(error)\nthe demo's last lines:\n\(demo.tail(20))")
        }
        await browser.shutdown()
        let status = await demo.stop(signal: SIGINT, grace: .seconds(30))
        if status != 0, report.failure == nil {
            let how = status.map { "status \($0)" } ?? "killed after 30 s"
            report.failure = "the demo did not stop cleanly on SIGINT (\(how)); its last lines:\n\(demo.tail(10))"
        }
        if let separateHeadUnit {
            let status = await separateHeadUnit.stop(signal: SIGINT, grace: .seconds(30))
            if status != 0, report.failure == nil {
                let how = status.map { "status \($0)" } ?? "killed after 30 s"
                report.failure =
                    "the head unit did not stop cleanly on SIGINT (\(how)); its last lines:\n"
                    + separateHeadUnit.tail(10)
            }
        }
        return report
    }

    /// Starts the demo, and the head unit when it runs apart; returns them and the viewer's URL.
    private func launch(recordingInto directory: URL) async throws -> (ChildProcess, ChildProcess?, String) {
        // --duration only bounds a demo this bench failed to end; the bench ends it with SIGINT. With --events -
        // the JSON lines own stdout; the human-readable lines go to stderr.
        let timing = ["--duration", "3600", "--events", "-", "--frame-events"]
        // The demo, or `project` with the program after its options.
        let app = program.isEmpty ? "demo" : "project"
        let programArguments = program.isEmpty ? [] : ["--"] + program
        guard headUnit != .embedded else {
            let demo = try ChildProcess.launch(
                executable: demoExecutable,
                arguments: [app, "--port", "0", "--viewer-port", "0", "--record", directory.path] + timing
                    + programArguments)
            do {
                return (demo, nil, try await Self.viewerURL(of: demo, in: .stderr))
            } catch {
                demo.kill()
                throw error
            }
        }
        let headUnitProcess = try ChildProcess.launch(
            executable: demoExecutable,
            arguments: ["headunit", "--port", "0", "--viewer", "--viewer-port", "0", "--record", directory.path]
                + (headUnit == .ws ? ["--websocket-port", "0"] : []))
        do {
            let address: String
            if headUnit == .ws {
                let line = try await headUnitProcess.waitForLine(
                    "the WebSocket address", in: .stdout, timeout: .seconds(120)
                ) { $0.hasPrefix("WebSocket apps on ws://") }
                address = String(line.text.dropFirst("WebSocket apps on ".count))
            } else {
                let prefix = "carwindow head unit listening on "
                let line = try await headUnitProcess.waitForLine(
                    "the TCP address", in: .stdout, timeout: .seconds(120)
                ) { $0.hasPrefix(prefix) }
                address = String(line.text.dropFirst(prefix.count).prefix { $0 != " " })
            }
            let url = try await Self.viewerURL(of: headUnitProcess, in: .stdout)
            let demo = try ChildProcess.launch(
                executable: demoExecutable,
                arguments: [app, "--core", address, "--no-viewer"] + timing + programArguments)
            return (demo, headUnitProcess, url)
        } catch {
            headUnitProcess.kill()
            throw error
        }
    }

    private static func viewerURL(of process: ChildProcess, in stream: ChildProcess.Stream) async throws -> String {
        let line = try await process.waitForLine("the viewer's URL", in: stream, timeout: .seconds(120)) {
            $0.hasPrefix("viewer: http://127.0.0.1:")
        }
        return String(line.text.dropFirst("viewer: ".count))
    }

    /// Loads the page, sets the size, finds the zoom buttons, clicks them and collects each tap's stamps.
    private func drive(_ cdp: inout CDPSession, demo: ChildProcess) async throws -> Report {
        let version = try await cdp.call("Browser.getVersion", onBrowser: true)
        let place = tap.map { "\($0.x.formatted()),\($0.y.formatted())" } ?? "the centre"
        let subject = program.isEmpty ? "the demo's zoom buttons" : "\(program.joined(separator: " ")) at \(place)"
        var report = Report(
            size: size, method: method, headUnit: headUnit, subject: subject,
            browser: version["product"] as? String ?? "Chromium")
        try await cdp.call(
            "Emulation.setDeviceMetricsOverride",
            ["width": 1600, "height": 1200, "deviceScaleFactor": 1, "mobile": false])
        // A page in front is neither hidden nor throttled.
        try await cdp.call("Page.bringToFront")
        try await cdp.waitFor(
            "viewer.state && viewer.state.hmiLevel === 'FULL' && viewer.state.isStreaming", seconds: 60)
        try await cdp.waitFor("viewer.display.stats.framesDrawn >= 3", seconds: 60)
        if size.width != 800 || size.height != 480 {
            _ = try await cdp.evaluate(
                """
                (() => {
                  const b = [...document.querySelectorAll('#presets button')]
                    .find(b => b.dataset.width === '\(size.width)' && b.dataset.height === '\(size.height)');
                  if (!b) throw new Error('no preset button for \(size)');
                  b.click();
                  return true;
                })()
                """)
        }
        try await cdp.waitFor(
            "viewer.display.stats.width === \(size.width) && viewer.display.stats.height === \(size.height)",
            seconds: 60, detail: "viewer.display.stats.width + 'x' + viewer.display.stats.height")
        let points = try await program.isEmpty ? zoomButtons(&cdp) : programPoint(&cdp)
        let canvas = ["x": points[4], "y": points[5], "width": points[6], "height": points[7], "scale": 1.0]
        _ = try await cdp.evaluate(BenchGlassProbe.install)
        if !program.isEmpty { try await waitForProgram(&cdp, x: points[0], y: points[1]) }
        let clock = ContinuousClock()
        for index in 0..<(Self.warmupTaps + taps) {
            // + then -, so the map goes back and forth instead of running into a zoom limit.
            let (x, y) = index % 2 == 0 ? (points[0], points[1]) : (points[2], points[3])
            try await cdp.call("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": x, "y": y])
            if method == .screenshot {
                let before = try await shot(&cdp, canvas)
                _ = try await cdp.evaluate("glassProbe.rememberShot(\(Self.quoted(before)))")
            }
            _ = try await cdp.evaluate("glassProbe.arm()")
            let start = clock.now
            try await Self.click(&cdp, x: x, y: y)
            var screenshot: (total: Double, shot: Double)?
            if method == .screenshot {
                screenshot = try await pollScreenshots(&cdp, canvas: canvas, since: start, clock: clock)
            }
            let value: Any?
            do {
                value = try await cdp.evaluate("glassProbe.result(\(Self.tapDeadlineMilliseconds))")
            } catch {
                report.failure = "tap \(index + 1): \(error)"
                break
            }
            guard let tap = BenchGlassProbe.Tap(value) else {
                report.failure = "tap \(index + 1): unreadable stamps \(String(describing: value))"
                break
            }
            if index >= Self.warmupTaps {
                report.taps.append(tap)
                if let screenshot { report.screenshots.append(screenshot) }
            }
            // A varying gap, so clicks land at every phase of the app's frame clock.
            try await Task.sleep(for: .milliseconds(250 + (index * 37) % 100))
        }
        report.pageStats = "\(try await cdp.evaluate("JSON.stringify(viewer.display.stats.summary())") ?? "?")"
        // The app writes a frame's line once it is sent; the last tap's is out well before the page's stats.
        Self.matchAppFrames(&report.taps, lines: demo.lines)
        return report
    }

    /// The demo's zoom buttons, + then -, and the canvas's box, in page coordinates: the two big square haptic rects
    /// of the current layout (trailing edge), + on top.
    private func zoomButtons(_ cdp: inout CDPSession) async throws -> [Double] {
        let buttons =
            "viewer.state.hapticRects.map(r => ({ x: r.rect.x, y: r.rect.y, w: r.rect.width, h: r.rect.height }))"
            + ".filter(r => r.w === r.h && r.w >= 48 && r.x + r.w > viewer.state.screen.width - 100)"
            + ".sort((a, b) => a.y - b.y)"
        try await cdp.waitFor(
            "viewer.state.screen.width === \(size.width) && \(buttons).length === 2", seconds: 60,
            detail: "JSON.stringify(viewer.state.hapticRects)")
        return try await Self.pagePoints(
            &cdp,
            """
            \(buttons).map(r => [box.left + (r.x + r.w / 2) / s.width * box.width,
              box.top + (r.y + r.h / 2) / s.height * box.height]).flat()
            """, missing: "no zoom buttons among the haptic rects")
    }

    /// The program's click point (``tap`` in the viewport's points, times the screen's scale; the centre without
    /// it), twice, and the canvas's box, in page coordinates.
    private func programPoint(_ cdp: inout CDPSession) async throws -> [Double] {
        try await cdp.waitFor("viewer.state.screen.width === \(size.width)", seconds: 60)
        let x = tap.map { "\($0.x) * (s.scale || 1)" } ?? "s.width / 2"
        let y = tap.map { "\($0.y) * (s.scale || 1)" } ?? "s.height / 2"
        return try await Self.pagePoints(
            &cdp,
            """
            (() => {
              const px = box.left + (\(x)) / s.width * box.width, py = box.top + (\(y)) / s.height * box.height;
              return [px, py, px, py];
            })()
            """, missing: "no viewer screen to click on")
    }

    /// Two click points (x, y, x, y) that `points` computes in page coordinates from the screen `s` and the
    /// canvas's `box`, then that box (left, top, width, height).
    private static func pagePoints(_ cdp: inout CDPSession, _ points: String, missing: String) async throws
        -> [Double]
    {
        let target = try await cdp.evaluate(
            """
            (() => {
              const s = viewer.state.screen, box = document.getElementById('video').getBoundingClientRect();
              return (\(points)).concat([box.left, box.top, box.width, box.height]);
            })()
            """)
        guard let values = (target as? [Any])?.compactMap(number), values.count == 8 else {
            throw HarnessError("\(missing): \(String(describing: target))")
        }
        return values
    }

    /// A projected program shows its window a while after the stream starts: clicks until one changes the picture.
    private func waitForProgram(_ cdp: inout CDPSession, x: Double, y: Double) async throws {
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        while ContinuousClock.now < deadline {
            _ = try await cdp.evaluate("glassProbe.arm()")
            try await Self.click(&cdp, x: x, y: y)
            if (try? await cdp.evaluate("glassProbe.result(2000)")) != nil { return }
        }
        throw HarnessError(
            "no click changed the program's picture within 60 s: --tap must land on something that changes "
                + "at every click (a toggle, a counter) over at least 5% of the screen")
    }

    /// A left click with DevTools mouse events: press, then release.
    private static func click(_ cdp: inout CDPSession, x: Double, y: Double) async throws {
        try await cdp.call(
            "Input.dispatchMouseEvent",
            ["type": "mousePressed", "x": x, "y": y, "button": "left", "buttons": 1, "clickCount": 1])
        try await cdp.call(
            "Input.dispatchMouseEvent",
            ["type": "mouseReleased", "x": x, "y": y, "button": "left", "buttons": 0, "clickCount": 1])
    }

    /// Screenshots of the canvas until one differs from the one before the click; milliseconds from `start` to the
    /// reply of that one, and how long it took.
    private func pollScreenshots(
        _ cdp: inout CDPSession, canvas: [String: Double], since start: ContinuousClock.Instant,
        clock: ContinuousClock
    ) async throws -> (total: Double, shot: Double) {
        let deadline = start.advanced(by: .milliseconds(Self.tapDeadlineMilliseconds))
        while clock.now < deadline {
            let requested = clock.now
            let data = try await shot(&cdp, canvas)
            let replied = clock.now
            if try await cdp.evaluate("glassProbe.shotChanged(\(Self.quoted(data)))") as? Bool == true {
                return (
                    Self.milliseconds(start.duration(to: replied)), Self.milliseconds(requested.duration(to: replied))
                )
            }
        }
        throw HarnessError("no screenshot showed the tap within \(Self.tapDeadlineMilliseconds) ms")
    }

    private func shot(_ cdp: inout CDPSession, _ canvas: [String: Double]) async throws -> String {
        let reply = try await cdp.call("Page.captureScreenshot", ["format": "jpeg", "quality": 90, "clip": canvas])
        guard let data = reply["data"] as? String else { throw HarnessError("no screenshot data") }
        return data
    }

    /// Gives each tap the app's frame the head unit received for it, from the demo's `frame` lines.
    static func matchAppFrames(_ taps: inout [BenchGlassProbe.Tap], lines: [ChildProcess.Line]) {
        let frames = lines.compactMap { $0.stream == .stdout ? BenchGlassAppFrame(line: $0.text) : nil }
        for index in taps.indices {
            let tap = taps[index]
            taps[index].appFrame = BenchGlassAppFrame.drawn(
                after: tap.sent ?? tap.released, before: tap.arrival, among: frames)
        }
    }

    static func quoted(_ text: String) -> String { "'" + text + "'" }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
