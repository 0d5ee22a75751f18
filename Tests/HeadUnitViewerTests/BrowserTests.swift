import BrowserTestSupport
import Foundation
import HeadUnitViewer
import HummingbirdWSClient
import Logging
import NIOWebSocket
import SDLRPC
import Testing

/// The viewer in a real headless Chromium, driven through the DevTools protocol, with a fake head unit that streams
/// a real H.264 clip. Runs once per decode path: WebCodecs in the page, and the server-side ffmpeg JPEG fallback.
@Suite("Viewer in headless Chromium", .serialized)
struct BrowserTests {
    static let logger = Logger(label: "viewer-cdp")

    /// What the page showed and sent.
    struct Observation: Sendable {
        var first: CanvasSample
        var later: CanvasSample
        var decoder: String
        var screenshot: URL
        var errors: [String]
        /// The stats panel in steady state, as JSON, for the log (timings are printed, never asserted).
        var steadyStats: String
        /// What the browser did with the Picture-in-Picture request.
        var pictureInPicture: String
        /// The haptic boxes drawn, and whether they all lie on the video, and whether the page scrolls sideways.
        var hapticBoxes: HapticBoxes
    }

    struct HapticBoxes: Sendable, Equatable {
        var count: Int
        var allOnVideo: Bool
        var scrollsSideways: Bool
    }

    @Test(
        "decodes frames, a click is a tap and Shift+drag a pinch, PiP asks for 320x240 and back, the link is set",
        arguments: ["h264", "jpeg"])
    func viewerInChromium(mode: String) async throws {
        let clip = try await TestClip.make()
        #expect(clip.count == 60)
        let backend = FakeBackend(
            state: ViewerState(
                apps: [ViewerApp(id: "demo", name: "CarWindow Demo", hmiLevel: .full)], hmiLevel: .full,
                appState: .foreground, screen: .wvga, format: .h264RAW, isStreaming: true,
                // One rect inside, one across the right and bottom edges, one wholly below the 800x480 screen.
                hapticRects: [
                    HapticRect(id: 1, x: 620, y: 20, width: 160, height: 80),
                    HapticRect(id: 2, x: 760, y: 400, width: 100, height: 100),
                    HapticRect(id: 3, x: 720, y: 500, width: 64, height: 64),
                ]))
        backend.eventContinuation.yield(.appRegistered(ViewerApp(id: "demo", name: "CarWindow Demo", hmiLevel: .full)))
        backend.eventContinuation.yield(.videoStarted(format: .h264RAW, width: 800, height: 480))

        let chromium = try await Chromium.launch()
        defer { chromium.close() }
        let result = try await withViewer(backend: backend) { port in
            try await withThrowingTaskGroup(of: (Observation, [ViewerCommand])?.self) { group in
                // The fake head unit: the clip in a loop at 30 fps, as an app would stream it.
                group.addTask {
                    var index = 0
                    while !Task.isCancelled {
                        for unit in TestClip.accessUnits([clip[index % clip.count]], startingAt: index) {
                            backend.videoContinuation.yield(unit)
                        }
                        index += 1
                        try? await Task.sleep(for: .milliseconds(33))
                    }
                    return nil
                }
                group.addTask {
                    try await withDeadline(seconds: 120) {
                        try await drive(chromium: chromium, port: port, mode: mode, backend: backend)
                    }
                }
                defer { group.cancelAll() }
                while let next = try await group.next() {
                    if let next { return next }
                }
                throw HarnessError("the browser task ended without a result")
            }
        }
        let (observation, commands) = result
        print("viewer screenshot (\(mode)): \(observation.screenshot.path)")
        print("viewer stats (\(mode)): \(observation.steadyStats)")
        print("viewer picture-in-picture (\(mode)): \(observation.pictureInPicture)")
        #expect(observation.errors.isEmpty, "page errors: \(observation.errors)")
        // The overlay is clipped to the video: the rect below the screen is not drawn, the one across its edges is cut.
        #expect(observation.hapticBoxes == HapticBoxes(count: 2, allOnVideo: true, scrollsSideways: false))
        #expect(observation.decoder.contains(mode == "h264" ? "WebCodecs avc1.42C0" : "server JPEG"))
        // Decoded frames on the canvas: the picture's size, mostly non-black, and different a moment later.
        #expect(observation.first.width == 800 && observation.first.height == 480)
        #expect(observation.first.nonBlank > 800 * 480 / 2)
        #expect(observation.later.frames > observation.first.frames)
        #expect(observation.later.hash != observation.first.hash)
        // The click at 25% across and half-way down is a tap at (200, 240) head-unit pixels.
        #expect(commands.count == 9)
        if commands.count == 9 {
            guard case .touch(let begin) = commands[0], case .touch(let end) = commands[1] else {
                Issue.record("expected two touches first, got \(commands)")
                return
            }
            #expect(begin.type == .begin && end.type == .end)
            for event in [begin, end] {
                #expect(event.event.count == 1)
                #expect(event.event.first?.id == 0)
                #expect(abs((event.event.first?.c.first?.x ?? 0) - 200) <= 1)
                #expect(abs((event.event.first?.c.first?.y ?? 0) - 240) <= 1)
            }
            #expect((end.event.first?.ts.first ?? 0) >= (begin.event.first?.ts.first ?? 0))
            // Shift + drag from the centre 80 pixels right: finger 0 follows, finger 1 mirrors around the start.
            let pinch = commands[2...4].compactMap { command -> OnTouchEvent? in
                if case .touch(let event) = command { event } else { nil }
            }
            #expect(pinch.map(\.type) == [.begin, .move, .end])
            let points = pinch.map { event in event.event.map { [$0.id, $0.c.first?.x ?? -1, $0.c.first?.y ?? -1] } }
            let expected = [
                [[0, 400, 240], [1, 400, 240]], [[0, 480, 240], [1, 320, 240]], [[0, 480, 240], [1, 320, 240]],
            ]
            #expect(points == expected)
            #expect(commands[5] == .resize(ViewerScreen(width: 320, height: 240, scale: 1)))
            // Leaving picture-in-picture restores the size from before.
            #expect(commands[6] == .resize(ViewerScreen(width: 800, height: 480, scale: 1)))
            #expect(commands[7] == .setLinkKbps(1_000))
            #expect(commands[8] == .setLinkKbps(nil))
        }
    }

    /// Loads the page, samples the canvas, clicks it and the PiP button, takes a screenshot.
    @Sendable
    func drive(chromium: Chromium, port: Int, mode: String, backend: FakeBackend) async throws
        -> (Observation, [ViewerCommand])?
    {
        let observation = ObservationBox()
        let configuration = WebSocketClientConfiguration(maxFrameSize: 1 << 26)
        try await WebSocketClient.connect(
            url: chromium.devToolsURL, configuration: configuration, logger: Self.logger
        ) { inbound, outbound, _ in
            var cdp = CDPSession(inbound: inbound, outbound: outbound)
            try await cdp.open("http://127.0.0.1:\(port)/?decode=\(mode)")
            try await cdp.call(
                "Emulation.setDeviceMetricsOverride",
                [
                    "width": 1280, "height": 1000, "deviceScaleFactor": 1, "mobile": false,
                ])
            let first = try await cdp.sampleCanvas(afterFrames: 5)
            // The "waiting for video" placeholder is gone once a picture is drawn.
            try await cdp.waitFor("getComputedStyle(document.getElementById('placeholder')).display === 'none'")
            let later = try await cdp.sampleCanvas(afterFrames: first.frames + 15)
            let decoder = try await cdp.evaluate("viewer.display.stats.decoder") as? String ?? "?"
            try await cdp.waitFor("viewer.state && viewer.state.hapticRects.length === 3")
            let boxes = try await cdp.evaluate(
                """
                (() => {
                  const v = document.getElementById('video').getBoundingClientRect();
                  const boxes = [...document.querySelectorAll('#haptics div')].map(d => d.getBoundingClientRect());
                  const root = document.documentElement;
                  const onVideo = boxes.every(b => b.left >= v.left - 0.5 && b.top >= v.top - 0.5
                    && b.right <= v.right + 0.5 && b.bottom <= v.bottom + 0.5);
                  return [boxes.length, onVideo ? 1 : 0, root.scrollWidth > root.clientWidth ? 1 : 0];
                })()
                """)
            guard let fields = (boxes as? [Any])?.compactMap(number), fields.count == 3 else {
                throw HarnessError("unreadable haptic boxes \(String(describing: boxes))")
            }
            // Past the replay of the cached group of pictures, the stats show the live stream.
            try await cdp.waitFor("viewer.display.stats.framesDrawn >= \(later.frames + 45)")
            let steadyStats = try await cdp.evaluate("JSON.stringify(viewer.display.stats.summary())") as? String ?? "?"

            let canvas = try await cdp.rect(ofElement: "video")
            try await cdp.click(x: canvas.x + canvas.width * 0.25, y: canvas.y + canvas.height * 0.5)
            // The log shows the touch once the page heard back; the screenshot then has it.
            try await cdp.waitFor("viewer.log.some(e => e.text.startsWith('touch END'))")
            let screenshot = try await cdp.saveScreenshot(name: "viewer-\(mode).png")

            // 80 head-unit pixels are a tenth of the canvas width at 800 wide.
            try await cdp.drag(
                from: (canvas.x + canvas.width * 0.5, canvas.y + canvas.height * 0.5),
                to: (canvas.x + canvas.width * 0.6, canvas.y + canvas.height * 0.5), modifiers: 8)
            let pip = try await cdp.rect(ofElement: "pip")
            try await cdp.click(x: pip.x + pip.width / 2, y: pip.y + pip.height / 2)
            try await cdp.waitFor(
                "document.pictureInPictureElement || viewer.log.some(e => e.text.startsWith('picture-in-picture'))")
            let pictureInPicture =
                try await cdp.evaluate(
                    "document.pictureInPictureElement ? 'window open' : viewer.log.filter(e => "
                        + "e.text.startsWith('picture-in-picture')).map(e => e.text).join('; ')") as? String ?? "?"
            // Leave picture-in-picture (or, where the window never opened, press "Restore size").
            _ = try await cdp.evaluate(
                "document.pictureInPictureElement ? document.exitPictureInPicture()"
                    + " : document.getElementById('pip').click()")
            try await cdp.waitFor("viewer.pipRestore === null")
            // The Link field: a 1000 kbit/s link, then, emptied, no cap.
            _ = try await cdp.evaluate(
                "document.getElementById('link-kbps').value = '1000'; document.getElementById('link-apply').click()")
            _ = try await cdp.evaluate(
                "document.getElementById('link-kbps').value = ''; document.getElementById('link-apply').click()")
            let errors =
                try await cdp.evaluate(
                    "viewer.log.filter(e => e.kind === 'error' && !e.text.startsWith('picture-in-picture'))"
                        + ".map(e => e.text)") as? [String] ?? ["log unreadable"]
            await observation.set(
                Observation(
                    first: first, later: later, decoder: decoder, screenshot: screenshot, errors: errors,
                    steadyStats: steadyStats, pictureInPicture: pictureInPicture,
                    hapticBoxes: HapticBoxes(
                        count: Int(fields[0]), allOnVideo: fields[1] == 1, scrollsSideways: fields[2] == 1)))
            try await outbound.close(.normalClosure, reason: nil)
        }
        var commands: [ViewerCommand] = []
        var iterator = backend.commands.makeAsyncIterator()
        while commands.count < 9, let command = await iterator.next() { commands.append(command) }
        guard let result = await observation.value else { throw HarnessError("the DevTools session ended early") }
        return (result, commands)
    }
}

actor ObservationBox {
    var value: BrowserTests.Observation?
    func set(_ value: BrowserTests.Observation) { self.value = value }
}
