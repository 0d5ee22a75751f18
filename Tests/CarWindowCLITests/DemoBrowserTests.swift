import BrowserTestSupport
import Foundation
import Testing

/// `carwindow demo` end to end in a real headless Chromium: the built binary (emulator, demo navigation app and
/// viewer in one process) on free ports, the page driven over the DevTools protocol with real mouse clicks.
///
/// Every wait is for a condition (a line from the demo, a state of the page) with a generous bound, so a slow, busy
/// CI machine only makes the test slower; a failure says what was last seen. The demo and Chromium are ended on
/// every path: SIGINT or SIGTERM with a bounded grace, SIGKILL after, and SIGKILL from `defer` if the test throws.
@Suite("carwindow demo in headless Chromium", .timeLimit(.minutes(4)))
struct DemoBrowserTests {
    /// What the page and the demo showed.
    struct Observation: Sendable {
        var first: CanvasSample
        var later: CanvasSample
        var decoder: String
        /// The zoom-in button's haptic rect (head-unit pixels), found among the rects the page knows.
        var zoomIn: [Int]
        /// The demo's `--events` lines for the click, and the fraction of the picture that changed after it.
        var tapLines: [String]
        var changedByZoom: Double
        var compact: CanvasSample
        var resizeLine: String
        /// The page's haptic rects after the preset: what the app sent first at 320x240, and every state the page
        /// got while its screen was 320x240 (a rect outside it would sit off the picture).
        var compactRects: CompactRects
        var errors: [String]
        var screenshots: [URL]
    }

    /// The haptic rects the page had after the picture-in-picture preset.
    struct CompactRects: Sendable {
        /// The app's first `hapticRects` line after it restarted at 320x240.
        var appLine: String
        /// The page's states with a 320x240 screen, and the rects in them that reach outside 320x240.
        var states: Int
        var outside: String
        /// The page's rects at the end, as JSON.
        var last: String
        /// Whether every drawn haptic box lies on the video, and whether the page scrolls sideways.
        var boxesOnVideo: Bool
        var scrollsSideways: Bool
    }

    @Test("the page shows the demo's video; a click on + zooms the map; the PiP preset makes the app stream 320x240")
    func demoInChromium() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cw-demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        // --duration only bounds a demo this test failed to end; the test ends it with SIGINT.
        let demo = try ChildProcess.launch(
            executable: BinaryRunner.productsDirectory.appendingPathComponent("carwindow"),
            arguments: [
                "demo", "--port", "0", "--viewer-port", "0", "--duration", "600", "--record", directory.path,
                "--events", "-",
            ])
        defer { demo.kill() }
        // With --events - the JSON lines own stdout; the human-readable lines go to stderr.
        let urlLine = try await demo.waitForLine("the viewer's URL", in: .stderr, timeout: .seconds(60)) {
            $0.hasPrefix("viewer: http://127.0.0.1:")
        }
        let url = String(urlLine.text.dropFirst("viewer: ".count))

        let chromium = try await Chromium.launch()
        defer { chromium.close() }
        let observation: Observation
        do {
            observation = try await withDeadline(seconds: 180) {
                try await chromium.withPage(url) { cdp in try await Self.drive(&cdp, demo: demo) }
            }
        } catch {
            throw HarnessError("\(error)\nthe demo's last lines:\n\(demo.tail(40))")
        }
        await chromium.shutdown()
        let status = await demo.stop(signal: SIGINT, grace: .seconds(30))

        print("demo viewer screenshots: \(observation.screenshots.map(\.path))")
        print("demo viewer decoder: \(observation.decoder); zoom-in button rect \(observation.zoomIn)")
        print("demo viewer: first \(observation.first); later \(observation.later); after PiP \(observation.compact)")
        print("demo viewer: \(Int(observation.changedByZoom * 100)) % of the picture changed after the zoom tap")
        print("demo viewer: the app's events for the tap \(observation.tapLines)")
        print("demo viewer: the app's event for the preset \(observation.resizeLine)")
        print(
            "demo viewer: after PiP the app sent \(observation.compactRects.appLine); the page's rects"
                + " \(observation.compactRects.last) (\(observation.compactRects.states) states at 320x240)")
        #expect(observation.errors.isEmpty, "page errors: \(observation.errors)")
        // Decoded frames: the demo's 800x480, mostly not black, changing as the vehicle moves.
        #expect(observation.first.width == 800 && observation.first.height == 480)
        #expect(observation.first.nonBlank > 800 * 480 / 2, "\(observation.first)")
        #expect(observation.later.frames > observation.first.frames)
        #expect(observation.later.hash != observation.first.hash)
        // The click reached the app as a tap on the button, and zooming redrew most of the map.
        #expect(observation.tapLines.count == 3, "\(observation.tapLines)")
        #expect(observation.changedByZoom > 0.1)
        // The 320x240 preset: the app streams 320x240, and the page decodes it.
        #expect(observation.compact.width == 320 && observation.compact.height == 240, "\(observation.compact)")
        #expect(observation.compact.nonBlank > 320 * 240 / 2, "\(observation.compact)")
        // No state the page got for the 320x240 screen carried a rect outside it (the 800x480 layout's buttons),
        // and the overlay stays on the picture.
        let compactRects = observation.compactRects
        #expect(compactRects.states > 0)
        #expect(compactRects.outside == "[]", "rects outside 320x240 after the PiP preset: \(compactRects.outside)")
        #expect(compactRects.boxesOnVideo && !compactRects.scrollsSideways, "\(compactRects)")
        // The demo survived the session and stops cleanly.
        #expect(status == 0, "the demo did not exit by itself within 30 s of SIGINT; its last lines:\n\(demo.tail())")
        #expect(demo.lines.contains { $0.stream == .stderr && $0.text == "demo stopped" }, "\(demo.tail())")
        // A stop that went well logs no error: the viewer shuts down gracefully instead of being cancelled.
        let errors = demo.lines.filter { $0.text.contains(" error ") }.map(\.text)
        #expect(errors.isEmpty, "error lines: \(errors)")
    }

    @Test("with --core the page shows what the app sends to that head unit, and refuses the HMI's controls")
    func coreModeInChromium() async throws {
        // `carwindow headunit` in its own process stands in for a real SDL Core.
        try await StreamCommandTests.withHeadUnit { port in
            let demo = try ChildProcess.launch(
                executable: BinaryRunner.productsDirectory.appendingPathComponent("carwindow"),
                arguments: [
                    "demo", "--core", "127.0.0.1:\(port)", "--viewer-port", "0", "--duration", "600",
                    "--events", "-",
                ])
            defer { demo.kill() }
            let urlLine = try await demo.waitForLine("the viewer's URL", in: .stderr, timeout: .seconds(60)) {
                $0.hasPrefix("viewer: http://127.0.0.1:")
            }
            let url = String(urlLine.text.dropFirst("viewer: ".count))
            let chromium = try await Chromium.launch()
            defer { chromium.close() }
            let (first, later, refusal): (CanvasSample, CanvasSample, String)
            do {
                (first, later, refusal) = try await withDeadline(seconds: 120) {
                    try await chromium.withPage(url) { cdp in
                        try await cdp.waitFor("viewer.state && viewer.state.isStreaming", seconds: 60)
                        let first = try await cdp.sampleCanvas(afterFrames: 3, seconds: 60)
                        let later = try await cdp.sampleCanvas(afterFrames: first.frames + 10, seconds: 60)
                        // HMI levels are SDL Core's: the page's request comes back as an error in its log.
                        _ = try await cdp.evaluate(
                            "viewer.socket.send(JSON.stringify({ type: 'setHMILevel', level: 'NONE' })), true")
                        try await cdp.waitFor("viewer.log.some(e => e.text.includes('--core'))", seconds: 30)
                        let refusal = try await cdp.evaluate(
                            "viewer.log.filter(e => e.text.includes('--core')).map(e => e.text)[0]")
                        return (first, later, "\(refusal ?? "")")
                    }
                }
            } catch {
                throw HarnessError("\(error)\nthe demo's last lines:\n\(demo.tail(40))")
            }
            await chromium.shutdown()
            let status = await demo.stop(signal: SIGINT, grace: .seconds(30))
            print("demo --core viewer: first \(first); later \(later); refusal: \(refusal)")
            #expect(first.width == 800 && first.height == 480, "\(first)")
            #expect(first.nonBlank > 800 * 480 / 2, "\(first)")
            #expect(later.frames > first.frames && later.hash != first.hash, "\(later)")
            #expect(refusal.contains("SDL Core"), "\(refusal)")
            #expect(status == 0, "the demo did not exit cleanly on SIGINT; its last lines:\n\(demo.tail())")
            #expect(demo.lines.contains { $0.text.contains("viewer: shows what the app sends to SDL Core") })
        }
    }

    /// A JavaScript function from the page's haptic rect (SDL's `HapticRect`: `id` and `rect`) to `{id, x, y, w, h}`.
    static let flatRect = "r => ({ id: r.id, x: r.rect.x, y: r.rect.y, w: r.rect.width, h: r.rect.height })"

    /// Loads the page, checks the video, clicks the zoom-in button and the PiP preset, takes screenshots.
    static func drive(_ cdp: inout CDPSession, demo: ChildProcess) async throws -> Observation {
        try await cdp.call(
            "Emulation.setDeviceMetricsOverride",
            ["width": 1280, "height": 1000, "deviceScaleFactor": 1, "mobile": false])
        // The app registers, reaches FULL and streams; the page draws its pictures.
        try await cdp.waitFor(
            "viewer.state && viewer.state.hmiLevel === 'FULL' && viewer.state.isStreaming", seconds: 60)
        let first = try await cdp.sampleCanvas(afterFrames: 3, seconds: 60)
        try await cdp.rememberCanvas(as: "cwFirst")
        // The vehicle moves ten times a second: the picture changes.
        try await cdp.waitFor(
            CDPSession.changedFractionExpression(since: "cwFirst") + " > 0", seconds: 60,
            detail: "'frames drawn ' + viewer.display.stats.framesDrawn")
        let later = try await cdp.sampleCanvas(afterFrames: first.frames + 1)
        let decoder = try await cdp.evaluate("viewer.display.stats.decoder") as? String ?? "?"

        // The zoom buttons are the two big square haptic rects the app sent (the map's pins' rects are 48 px, the
        // buttons' 64), + on top.
        let buttons =
            "viewer.state.hapticRects.map(\(Self.flatRect)).filter(r => r.w === r.h && r.w > 48)"
            + ".sort((a, b) => a.y - b.y)"
        try await cdp.waitFor("\(buttons).length === 2", seconds: 60)
        let target = try await cdp.evaluate(
            """
            (() => {
              const zoomIn = \(buttons)[0], s = viewer.state.screen;
              const box = document.getElementById('video').getBoundingClientRect();
              return [box.left + (zoomIn.x + zoomIn.w / 2) / s.width * box.width,
                      box.top + (zoomIn.y + zoomIn.h / 2) / s.height * box.height,
                      zoomIn.x, zoomIn.y, zoomIn.w, zoomIn.h];
            })()
            """)
        guard let numbers = (target as? [Any])?.compactMap(number), numbers.count == 6 else {
            throw HarnessError("no zoom-in button among the haptic rects: \(String(describing: target))")
        }
        let zoomIn = numbers[2...].map { Int($0) }
        let inside: (Double, Double) -> Bool = { x, y in
            x >= numbers[2] && x < numbers[2] + numbers[4] && y >= numbers[3] && y < numbers[3] + numbers[5]
        }

        try await cdp.rememberCanvas(as: "cwBeforeZoom")
        let mark = demo.lines.count
        try await cdp.click(x: numbers[0], y: numbers[1])
        // The app got the touch (BEGIN, END) on the button and recognised a tap there.
        var tapLines: [String] = []
        for (what, matches) in [
            ("BEGIN", { (e: [String: Any]) in e["event"] as? String == "touch" && e["type"] as? String == "BEGIN" }),
            ("END", { (e: [String: Any]) in e["event"] as? String == "touch" && e["type"] as? String == "END" }),
            ("tap", { (e: [String: Any]) in e["event"] as? String == "gesture" && e["kind"] as? String == "tap" }),
        ] {
            let line = try await demo.waitForLine(
                "a \(what) in the app's --events at the zoom-in button \(zoomIn)", in: .stdout, after: mark,
                timeout: .seconds(60)
            ) { text in
                guard let event = Self.event(text), matches(event),
                    let x = number(event["x"]), let y = number(event["y"])
                else { return false }
                return inside(x, y)
            }
            tapLines.append(line.text)
        }
        // Zoomed in twice about the centre, the streets, park and river move: about a quarter of the pixels change
        // (measured 24 %), where the moving vehicle alone changes well under 1 % even over ten seconds.
        let changed = CDPSession.changedFractionExpression(since: "cwBeforeZoom")
        try await cdp.waitFor("\(changed) > 0.1", seconds: 60, detail: changed)
        let changedByZoom = number(try await cdp.evaluate(changed)) ?? 0
        var screenshots = [try await cdp.saveScreenshot(name: "demo-viewer.png")]

        // The picture-in-picture preset: the app re-lays out to its compact view and streams 320x240. From here the
        // page's messages are kept, to check every state it gets for the new screen.
        _ = try await cdp.evaluate(
            """
            (() => {
              window.cwMessages = [];
              viewer.socket.addEventListener('message', m => {
                if (typeof m.data === 'string') cwMessages.push(JSON.parse(m.data));
              });
              return true;
            })()
            """)
        let resizeMark = demo.lines.count
        let preset = try await cdp.evaluate(
            """
            (() => {
              const button = [...document.querySelectorAll('#presets button')]
                .find(b => b.dataset.width === '320' && b.dataset.height === '240');
              if (!button) return null;
              const r = button.getBoundingClientRect();
              return [r.left + r.width / 2, r.top + r.height / 2];
            })()
            """)
        guard let point = (preset as? [Any])?.compactMap(number), point.count == 2 else {
            throw HarnessError("no 320x240 preset button: \(String(describing: preset))")
        }
        try await cdp.click(x: point[0], y: point[1])
        let resizeLine = try await demo.waitForLine(
            "a video event at 320x240 in the app's --events", in: .stdout, after: resizeMark, timeout: .seconds(60)
        ) { text in
            guard let event = Self.event(text), let name = event["event"] as? String,
                name == "videoStarted" || name == "videoResized"
            else { return false }
            return number(event["width"]) == 320 && number(event["height"]) == 240
        }
        try await cdp.waitFor(
            "viewer.display.stats.width === 320 && viewer.display.stats.height === 240", seconds: 60,
            detail: "'canvas ' + document.getElementById('video').width + 'x'"
                + " + document.getElementById('video').height")
        let resized = try await cdp.evaluate("viewer.display.stats.framesDrawn") as? Int ?? 0
        let compact = try await cdp.sampleCanvas(afterFrames: resized + 1, seconds: 60)
        // The stats panel refreshes twice a second; the screenshot shows it once it has caught up.
        try await cdp.waitFor("document.getElementById('stat-resolution').textContent === '320x240'")
        screenshots.append(try await cdp.saveScreenshot(name: "demo-viewer-pip.png"))

        let compactRects = try await Self.compactRects(&cdp, demo: demo, after: resizeLine.number + 1)

        let errors =
            try await cdp.evaluate("viewer.log.filter(e => e.kind === 'error').map(e => e.text)") as? [String]
            ?? ["log unreadable"]
        return Observation(
            first: first, later: later, decoder: decoder, zoomIn: zoomIn, tapLines: tapLines,
            changedByZoom: changedByZoom, compact: compact, resizeLine: resizeLine.text, compactRects: compactRects,
            errors: errors, screenshots: screenshots)
    }

    /// Waits until the page has the app's first haptic rects at 320x240 (a state after the page logged them), then
    /// reads every state the page got for the 320x240 screen and the boxes it drew.
    static func compactRects(_ cdp: inout CDPSession, demo: ChildProcess, after line: Int) async throws
        -> CompactRects
    {
        let appLine = try await demo.waitForLine(
            "the app's haptic rects after it restarted at 320x240", in: .stdout, after: line, timeout: .seconds(60)
        ) { text in Self.event(text)?["event"] as? String == "hapticRects" }
        try await cdp.waitFor(
            """
            (() => {
              const m = window.cwMessages || [];
              const started = m.findIndex(d => d.type === 'event' && d.event.kind === 'videoStarted'
                && d.event.width === 320 && d.event.height === 240);
              const rects = m.findIndex((d, i) => i > started && d.type === 'event' && d.event.kind === 'hapticRects');
              return started >= 0 && rects >= 0 && m.some((d, i) => i > rects && d.type === 'state');
            })()
            """, seconds: 60, detail: "(window.cwMessages || []).map(d => d.type === 'event' ? d.event.kind : d.type)")
        let value = try await cdp.evaluate(
            """
            (() => {
              const states = cwMessages.filter(d => d.type === 'state' && d.state.screen.width === 320
                && d.state.screen.height === 240).map(d => d.state);
              const outside = states.concat([viewer.state]).flatMap(s => s.hapticRects).map(\(Self.flatRect))
                .filter(r => r.x < 0 || r.y < 0 || r.x + r.w > 320 || r.y + r.h > 240);
              const v = document.getElementById('video').getBoundingClientRect();
              const onVideo = [...document.querySelectorAll('#haptics div')].map(d => d.getBoundingClientRect())
                .every(b => b.left >= v.left - 0.5 && b.top >= v.top - 0.5 && b.right <= v.right + 0.5
                  && b.bottom <= v.bottom + 0.5);
              const root = document.documentElement;
              return [String(states.length), JSON.stringify(outside), JSON.stringify(viewer.state.hapticRects),
                onVideo ? 'on' : 'off', root.scrollWidth > root.clientWidth ? 'scrolls' : 'fits'];
            })()
            """)
        guard let fields = value as? [String], fields.count == 5, let states = Int(fields[0]) else {
            throw HarnessError("unreadable haptic rects after the preset: \(String(describing: value))")
        }
        return CompactRects(
            appLine: appLine.text, states: states, outside: fields[1], last: fields[2], boxesOnVideo: fields[3] == "on",
            scrollsSideways: fields[4] == "scrolls")
    }

    /// One `--events` JSON line as an object.
    static func event(_ line: String) -> [String: Any]? {
        try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    }
}
