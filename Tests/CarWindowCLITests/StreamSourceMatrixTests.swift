import BrowserTestSupport
import CarWindowTesting
import CarWindowTestingTools
import Foundation
import Testing

/// `carwindow stream`'s options with every `--source`, against `carwindow headunit` over TCP, both as child
/// processes driven through the emulator's console: each option means the same on every path.
@Suite("carwindow stream: every option with every source", .timeLimit(.minutes(3)))
struct StreamSourceMatrixTests {
    enum Source: String, CaseIterable, Sendable {
        case pattern, demo, y4m, h264
    }

    @Test(
        "--protocol raw|rtp is what the emulator's first StartService asks for", arguments: Source.allCases,
        ["raw", "rtp"])
    func protocolPreference(source: Source, videoProtocol: String) async throws {
        try await Self.run(source: source, streamArguments: ["--protocol", videoProtocol, "--duration", "4"]) { rig in
            let started = try await rig.stream.waitForLine("videoStarted", in: .stdout, timeout: .seconds(60)) {
                $0.contains(#""event":"videoStarted""#)
            }
            #expect(started.text.contains(#""protocol":"\#(videoProtocol.uppercased())""#))
            let first = try await rig.headUnit.waitForLine("the first video answer", timeout: .seconds(10)) {
                $0.contains("video started") || $0.contains("video refused")
            }
            #expect(first.text.contains("video started H264:\(videoProtocol.uppercased())"), "\(first.text)")
            #expect(try await rig.stream.waitForExit(timeout: .seconds(30)) == 0, "\(rig.stream.tail())")
        }
    }

    @Test("a refused RTP falls back to RAW after the head unit's new activation", arguments: Source.allCases)
    func fallback(source: Source) async throws {
        try await Self.run(
            source: source, streamArguments: ["--protocol", "rtp", "--duration", "60"],
            beforeStream: { try $0.send("reject H264:RTP") }
        ) { rig in
            try await rig.headUnit.waitForLine("the NAK", timeout: .seconds(60)) { $0.contains("video refused") }
            // Core moves the app to NONE after a video NAK (the NONE after the first FULL); the driver brings it back.
            let full = try await rig.stream.waitForLine("FULL", in: .stdout, timeout: .seconds(30)) {
                $0.contains(#""event":"hmiStatus","hmiLevel":"FULL""#)
            }
            let none = try await rig.stream.waitForLine(
                "NONE after the NAK", in: .stdout, after: full.number + 1, timeout: .seconds(30)
            ) { $0.contains(#""event":"hmiStatus","hmiLevel":"NONE""#) }
            try rig.headUnit.send("level 1 FULL")
            let started = try await rig.stream.waitForLine(
                "videoStarted after FULL", in: .stdout, after: none.number, timeout: .seconds(30)
            ) { $0.contains(#""event":"videoStarted""#) }
            #expect(started.text.contains(#""protocol":"RAW""#), "\(started.text)")
            #expect(await rig.stream.stop(signal: SIGINT, grace: .seconds(20)) == 0, "\(rig.stream.tail())")
        }
    }

    @Test("--audio plays beside the video: the emulator records the file's PCM", arguments: Source.allCases)
    func audio(source: Source) async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let wav = directory.appendingPathComponent("prompt.wav")
        try await Self.ffmpeg([
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=1", "-ac", "2", wav.path,
        ])
        let record = directory.appendingPathComponent("recordings")
        try FileManager.default.createDirectory(at: record, withIntermediateDirectories: true)
        try await Self.run(
            source: source, streamArguments: ["--audio", wav.path, "--duration", "60"], record: record
        ) { rig in
            try await rig.stream.waitForLine("audioFinished", in: .stdout, timeout: .seconds(60)) {
                $0.contains(#""event":"audioFinished","item":1,"end":"completed""#)
            }
            #expect(await rig.stream.stop(signal: SIGINT, grace: .seconds(20)) == 0, "\(rig.stream.tail())")
        }
        let pcm = try FileManager.default.contentsOfDirectory(atPath: record.path).filter { $0.hasSuffix(".pcm") }
        #expect(pcm.count == 1)
        let size = try pcm.first.map {
            try FileManager.default.attributesOfItem(atPath: record.appendingPathComponent($0).path)[.size] as? Int
        }
        // One second at 16 kHz, 16-bit, mono: the head unit's format (its pcmStreamCapabilities).
        #expect(size == 32_000)
    }

    @Test("a dropped connection exits non-zero with an error line within 10 s", arguments: Source.allCases)
    func dropped(source: Source) async throws {
        try await Self.run(source: source, streamArguments: ["--duration", "60"]) { rig in
            try await rig.stream.waitForLine("videoStarted", in: .stdout, timeout: .seconds(60)) {
                $0.contains(#""event":"videoStarted""#)
            }
            try rig.headUnit.send("drop 1")
            let status = try await rig.stream.waitForExit(timeout: .seconds(10))
            #expect(status == 1)
            let stdout = rig.stream.lines.filter { $0.stream == .stdout }
            #expect(stdout.last?.text.contains(#""event":"error""#) == true, "\(rig.stream.tail())")
            let stderr = rig.stream.lines.filter { $0.stream == .stderr }.map(\.text)
            #expect(stderr.count == 1 && stderr[0].hasPrefix("carwindow stream: the head unit closed the connection"))
        }
    }

    @Test("at scale 1.5 a tap is logged once per touch, in view points", arguments: Source.allCases)
    func touchInViewPoints(source: Source) async throws {
        try await Self.run(
            source: source, headUnitArguments: ["--resolution", "1200x720", "--scale", "1.5"],
            streamArguments: ["--duration", "60"]
        ) { rig in
            let started = try await rig.stream.waitForLine("videoStarted", in: .stdout, timeout: .seconds(60)) {
                $0.contains(#""event":"videoStarted""#)
            }
            #expect(started.text.contains(#""width":800,"height":480"#), "\(started.text)")
            try rig.headUnit.send("tap 1 600 360")
            try await rig.stream.waitForLine("the END touch", in: .stdout, timeout: .seconds(10)) {
                $0.contains(#""event":"touch","type":"END""#)
            }
            // Core's duplicates follow their originals at once; a stop after the END has seen them all.
            #expect(await rig.stream.stop(signal: SIGINT, grace: .seconds(20)) == 0, "\(rig.stream.tail())")
            let touches = rig.stream.lines.map(\.text).filter { $0.contains(#""event":"touch""#) }
            #expect(
                touches.map { $0.replacing(/"t":[0-9.]+,/, with: "") } == [
                    #"{"event":"touch","type":"BEGIN","id":0,"x":400.0,"y":240.0}"#,
                    #"{"event":"touch","type":"END","id":0,"x":400.0,"y":240.0}"#,
                ])
        }
    }

    @Test(
        "a tap, a double tap, a pan and a pinch are the same gesture lines with every source",
        arguments: Source.allCases)
    func gestures(source: Source) async throws {
        // All on the open map of the demo (no button under them), so every source's lines are the same.
        try await Self.run(source: source, streamArguments: ["--duration", "60"]) { rig in
            try await rig.stream.waitForLine("videoStarted", in: .stdout, timeout: .seconds(60)) {
                $0.contains(#""event":"videoStarted""#)
            }
            func gesture(_ kind: String) async throws {
                try await rig.stream.waitForLine("a \(kind) gesture", in: .stdout, timeout: .seconds(20)) {
                    $0.contains(#""event":"gesture","kind":"\#(kind)""#)
                }
            }
            try rig.headUnit.send("tap 1 200 200")
            // The tap is a tap once the double-tap window has passed without a second one.
            try await gesture("tap")
            // Two taps in one burst (the emulator stamps both alike): a double tap at their midpoint.
            try rig.headUnit.send("tap 1 300 240\ntap 1 300 240")
            try await gesture("doubleTap")
            try rig.headUnit.send("pan 1 150x280 450x280")
            try await gesture("panEnded")
            try rig.headUnit.send("pinch 1 350 240 100 220")
            try await gesture("pinchEnded")
            #expect(await rig.stream.stop(signal: SIGINT, grace: .seconds(20)) == 0, "\(rig.stream.tail())")
            let gestures = rig.stream.lines.map(\.text).filter { $0.contains(#""event":"gesture""#) }
                .map { $0.replacing(/"t":[0-9.]+,/, with: "") }
            // Synced moves are coalesced per frame tick: how many there are depends on timing, not their kind.
            #expect(gestures.contains { $0.contains(#""kind":"panMoved""#) }, "\(gestures)")
            #expect(gestures.contains { $0.contains(#""kind":"pinchMoved""#) && !$0.contains(#""scale":1.0"#) })
            #expect(
                gestures.filter { !$0.contains("Moved") } == [
                    #"{"event":"gesture","kind":"tap","x":200.0,"y":200.0,"scale":1.0}"#,
                    #"{"event":"gesture","kind":"doubleTap","x":300.0,"y":240.0,"scale":1.0}"#,
                    #"{"event":"gesture","kind":"panBegan","x":150.0,"y":280.0,"scale":1.0}"#,
                    #"{"event":"gesture","kind":"panEnded","x":450.0,"y":280.0,"scale":1.0}"#,
                    #"{"event":"gesture","kind":"pinchBegan","x":350.0,"y":240.0,"scale":1.0}"#,
                    #"{"event":"gesture","kind":"pinchEnded","x":350.0,"y":240.0,"scale":1.0}"#,
                ], "\(gestures)")
        }
    }

    /// An empty GTK 3 window: what `carwindow project` streams; the gestures go to it as clicks, drags and ctrl+wheel.
    static let x11Program = """
        import gi
        gi.require_version("Gtk", "3.0")
        from gi.repository import Gtk
        win = Gtk.Window(title="gestures")
        win.connect("destroy", Gtk.main_quit)
        win.show_all()
        Gtk.main()
        """

    @Test("carwindow project logs a tap, a double tap, a pan and a pinch as the gesture lines of every stream source")
    func projectGestures() async throws {
        let scratch = try ScratchDirectory(prefix: "cw-gestures")
        let file = scratch.file("program.py")
        try Self.x11Program.write(to: file, atomically: true, encoding: .utf8)
        let project = try ChildProcess.launch(
            executable: BinaryRunner.productsDirectory.appendingPathComponent("carwindow"),
            arguments: [
                "project", "--no-viewer", "--port", "0", "--duration", "120", "--events", "-", "--",
                "/usr/bin/python3", file.path,
            ],
            withInput: true)
        defer { project.kill() }
        try await project.waitForLine("videoStarted", in: .stdout, timeout: .seconds(90)) {
            $0.contains(#""event":"videoStarted""#)
        }
        func gesture(_ kind: String) async throws {
            try await project.waitForLine("a \(kind) gesture", in: .stdout, timeout: .seconds(20)) {
                $0.contains(#""event":"gesture","kind":"\#(kind)""#)
            }
        }
        // The emulator's console is carwindow project's stdin.
        try project.send("tap 1 200 200")
        try await gesture("tap")
        try project.send("tap 1 300 240\ntap 1 300 240")
        try await gesture("doubleTap")
        try project.send("pan 1 150x280 450x280")
        try await gesture("panEnded")
        try project.send("pinch 1 350 240 100 220")
        try await gesture("pinchEnded")
        #expect(await project.stop(signal: SIGINT, grace: .seconds(30)) == 0, "\(project.tail())")
        let gestures = project.lines.map(\.text).filter { $0.contains(#""event":"gesture""#) }
            .map { $0.replacing(/"t":[0-9.]+,/, with: "") }
        #expect(gestures.contains { $0.contains(#""kind":"panMoved""#) }, "\(gestures)")
        #expect(gestures.contains { $0.contains(#""kind":"pinchMoved""#) && !$0.contains(#""scale":1.0"#) })
        // The lines of the source matrix's `gestures` test, but for the double tap: an X11 program's taps are clicked
        // at once (X11Application.gestureConfiguration), so a double tap is its first tap's `tap` line and then the
        // `doubleTap` (the program got two quick clicks: its double click).
        #expect(
            gestures.filter { !$0.contains("Moved") } == [
                #"{"event":"gesture","kind":"tap","x":200.0,"y":200.0,"scale":1.0}"#,
                #"{"event":"gesture","kind":"tap","x":300.0,"y":240.0,"scale":1.0}"#,
                #"{"event":"gesture","kind":"doubleTap","x":300.0,"y":240.0,"scale":1.0}"#,
                #"{"event":"gesture","kind":"panBegan","x":150.0,"y":280.0,"scale":1.0}"#,
                #"{"event":"gesture","kind":"panEnded","x":450.0,"y":280.0,"scale":1.0}"#,
                #"{"event":"gesture","kind":"pinchBegan","x":350.0,"y":240.0,"scale":1.0}"#,
                #"{"event":"gesture","kind":"pinchEnded","x":350.0,"y":240.0,"scale":1.0}"#,
            ], "\(gestures)")
    }

    // MARK: - The rig

    struct Rig {
        let headUnit: ChildProcess
        let stream: ChildProcess
    }

    /// How the stream reaches the head unit: `--core` over TCP, `--core ws://` to `--websocket-port`, or as a cloud
    /// app (`stream --listen ws://`, `headunit --cloud-app` and `activate`).
    enum Transport: String, CaseIterable, Sendable {
        case tcp, ws, cloud
    }

    /// Runs `carwindow headunit --port 0` with a console, then `carwindow stream` with `source` against it over
    /// `transport`, for `body`; both are stopped afterwards whatever happened. For `.cloud` the stream starts first
    /// (the head unit needs its port), then `beforeStream` runs and the console's `activate` dials it.
    static func run(
        source: Source, transport: Transport = .tcp, headUnitArguments: [String] = [], streamArguments: [String],
        record: URL? = nil, beforeStream: (ChildProcess) throws -> Void = { _ in }, _ body: (Rig) async throws -> Void
    ) async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sourceArgument = try await makeSource(source, in: directory)
        let carwindow = BinaryRunner.productsDirectory.appendingPathComponent("carwindow")
        let streamBase = [
            "stream", "--app-id", "swiftsdl-nav", "--source", sourceArgument, "--fps", "10", "--events", "-",
        ]
        var headUnitBase = ["headunit", "--port", "0"] + headUnitArguments
        if let record { headUnitBase += ["--record", record.path] }
        switch transport {
        case .tcp, .ws:
            if transport == .ws { headUnitBase += ["--websocket-port", "0"] }
            let headUnit = try ChildProcess.launch(executable: carwindow, arguments: headUnitBase, withInput: true)
            defer { headUnit.kill() }
            let listening = try await headUnit.waitForLine("the listening line", in: .stdout, timeout: .seconds(40)) {
                $0.hasPrefix(transport == .ws ? "WebSocket apps on ws://" : "carwindow head unit listening on ")
            }
            let address = listening.text.split(separator: " ").dropFirst(transport == .ws ? 3 : 5).first ?? ""
            guard let port = address.split(separator: ":").last.flatMap({ Int($0) }) else {
                throw HarnessError("no port in '\(listening.text)'")
            }
            try beforeStream(headUnit)
            let core = transport == .ws ? "ws://127.0.0.1:\(port)" : "127.0.0.1:\(port)"
            let stream = try ChildProcess.launch(
                executable: carwindow, arguments: streamBase + ["--core", core] + streamArguments)
            defer { stream.kill() }
            try await body(Rig(headUnit: headUnit, stream: stream))
            _ = await stream.stop(signal: SIGINT, grace: .seconds(20))
            // SIGINT flushes the emulator's recordings.
            _ = await headUnit.stop(signal: SIGINT, grace: .seconds(20))
        case .cloud:
            let stream = try ChildProcess.launch(
                executable: carwindow, arguments: streamBase + ["--listen", "ws://127.0.0.1:0"] + streamArguments)
            defer { stream.kill() }
            let port = try await cloudPort(of: stream)
            let headUnit = try ChildProcess.launch(
                executable: carwindow,
                arguments: headUnitBase + ["--cloud-app", "swiftsdl-nav=ws://127.0.0.1:\(port)"], withInput: true)
            defer { headUnit.kill() }
            try await headUnit.waitForLine("the listening line", in: .stdout, timeout: .seconds(40)) {
                $0.hasPrefix("carwindow head unit listening on ")
            }
            try beforeStream(headUnit)
            try headUnit.send("activate swiftsdl-nav")
            try await body(Rig(headUnit: headUnit, stream: stream))
            _ = await stream.stop(signal: SIGINT, grace: .seconds(20))
            _ = await headUnit.stop(signal: SIGINT, grace: .seconds(20))
        }
    }

    /// The port `carwindow stream --listen ws://127.0.0.1:0` says it listens on (its stderr line).
    static func cloudPort(of stream: ChildProcess) async throws -> Int {
        let line = try await stream.waitForLine("the listening line", in: .stderr, timeout: .seconds(60)) {
            $0.contains("listening on ws://127.0.0.1:")
        }
        guard let tail = line.text.split(separator: "ws://127.0.0.1:").last,
            let port = Int(tail.prefix(while: \.isNumber))
        else { throw HarnessError("no port in '\(line.text)'") }
        return port
    }

    /// The `--source` argument; the file sources get a short clip made by ffmpeg.
    static func makeSource(_ source: Source, in directory: URL) async throws -> String {
        switch source {
        case .pattern, .demo:
            return source.rawValue
        case .y4m:
            let file = directory.appendingPathComponent("clip.y4m")
            try await ffmpeg([
                "-f", "lavfi", "-i", "testsrc=size=320x240:rate=10", "-t", "1", "-pix_fmt", "yuv420p",
                file.path,
            ])
            return file.path
        case .h264:
            let file = directory.appendingPathComponent("clip.h264")
            try await ffmpeg([
                "-f", "lavfi", "-i", "testsrc=size=320x240:rate=10", "-t", "1", "-pix_fmt", "yuv420p",
                "-c:v", "libx264", "-f", "h264", file.path,
            ])
            return file.path
        }
    }

    static func ffmpeg(_ arguments: [String]) async throws {
        let result = try await ExternalTool(executable: URL(fileURLWithPath: "/usr/bin/ffmpeg")).run(
            ["-v", "error", "-y"] + arguments)
        guard result.status == 0 else {
            throw HarnessError("ffmpeg is needed (scripts/install-deps.sh): \(result.errorText)")
        }
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cw-matrix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
