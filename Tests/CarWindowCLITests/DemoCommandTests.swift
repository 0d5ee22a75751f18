import BrowserTestSupport
import CarWindowTestingTools
import Foundation
import Testing

/// `carwindow demo` as a user runs it: the built binary, the emulator on a free port, a short run.
@Suite("carwindow demo", .timeLimit(.minutes(3)))
struct DemoCommandTests {
    @Test("--duration 5 exits 0, says where it ran, leaves a recording ffprobe decodes, writes --events JSON lines")
    func demoRuns() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cw-demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let events = directory.appendingPathComponent("events.jsonl")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let result = try await BinaryRunner.runOffPool([
            "demo", "--duration", "5", "--port", "0", "--viewer-port", "0", "--record", directory.path,
            "--events", events.path,
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("head-unit emulator listening on 127.0.0.1:"))
        #expect(result.stdout.contains("state: streaming"))
        #expect(result.stdout.contains("viewer: http://127.0.0.1:"))
        let recordings = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".h264") }
        #expect(recordings.count == 1)
        let recording = try #require(recordings.first)
        #expect(result.stdout.contains("recording: \(directory.path)/\(recording)"))

        let summary = try await VideoProbe().summary(of: directory.appendingPathComponent(recording))
        #expect((summary.width, summary.height) == (800, 480), "\(summary)")
        // The vehicle moves, so well over one frame a second is streamed.
        #expect(summary.frames > 10, "\(summary)")

        let lines = try String(contentsOf: events, encoding: .utf8).split(separator: "\n")
        let names = lines.compactMap { line -> String? in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["event"] as? String
        }
        #expect(names.count == lines.count, "every line is a JSON object with an event name")
        #expect(names.starts(with: ["registered"]))
        for expected in ["hmiStatus", "videoStarted", "hapticRects", "videoStopped"] {
            #expect(names.contains(expected), "no \(expected) line")
        }
    }

    @Test("Ctrl-C stops a --duration run cleanly: exit 0, the recording's path, 'demo stopped'")
    func interruptWithDuration() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cw-demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let demo = try ChildProcess.launch(
            executable: BinaryRunner.productsDirectory.appendingPathComponent("carwindow"),
            arguments: [
                "demo", "--duration", "600", "--port", "0", "--viewer-port", "0", "--record", directory.path,
            ])
        defer { demo.kill() }
        try await demo.waitForLine("'state: streaming'", in: .stdout, timeout: .seconds(45)) {
            $0 == "state: streaming"
        }
        // Before the fix SIGINT killed a --duration run on the spot (status 2 by signal, nothing printed after).
        let status = await demo.stop(signal: SIGINT, grace: .seconds(10))
        #expect(status == 0, "the demo did not exit by itself within 10 s of SIGINT; its last lines:\n\(demo.tail())")
        let stdout = demo.lines.filter { $0.stream == .stdout }.map(\.text)
        #expect(stdout.contains { $0.hasPrefix("recording: \(directory.path)/") }, "stdout: \(stdout)")
        #expect(stdout.last == "demo stopped", "stdout: \(stdout)")
    }

    @Test("--core '[::1]:PORT' projects the demo into a head unit on IPv6 loopback (its parser once kept the brackets)")
    func coreOverIPv6() async throws {
        let result = try await StreamCommandTests.withHeadUnit(host: "::1") { port in
            try await BinaryRunner.runOffPool(["demo", "--core", "[::1]:\(port)", "--no-viewer", "--duration", "4"])
        }
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("connected to [::1]:"), "\(result.stdout)")
        #expect(result.stdout.contains("state: streaming"), "\(result.stdout)")
    }

    @Test("--help explains the demo with examples and lists every option")
    func help() async throws {
        let result = try await BinaryRunner.runOffPool(["demo", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout == Self.help)
    }

    static let help = """
        OVERVIEW: Run the emulator with a demo navigation app projected into it.

        Starts the head-unit emulator on 127.0.0.1, the demo navigation app (a map with
        zoom and recenter buttons, rendered with CarWindow) connected to it over TCP,
        and the browser viewer: open the printed URL to see the live video, touch it
        with the mouse, and change HMI level, screen size, scale and
        picture-in-picture. The app registers, streams H.264 video of its screen, sends
        the buttons as haptic rects and reacts to touches. The emulator records the
        stream; its path is printed at the end. Runs until Ctrl-C or --duration.

        With --core HOST:PORT no emulator starts and the app projects into a real SDL
        Core instead; the viewer then shows what the app sends (the HMI's controls are
        SDL Core's).

        A lost connection ends the demo with exit status 1; with --reconnect the app
        connects and registers again (with backoff) and streams again, its screen as it
        was.
        A demo that streamed no video (the head unit never activated the app, never
        answered the video StartService) exits 1 with an `error` line that says why
        (docs/streaming.md, "Exit status").

        Examples:
          carwindow demo
          carwindow demo --duration 10 --record /tmp/demo --events -
          carwindow demo --core 192.168.1.20:12345

        USAGE: carwindow demo <options>

        HEAD UNIT:
          --core <host:port>      The head unit to connect to: SDL Core or `carwindow
                                  headunit`, at HOST:PORT over TCP (an IPv6 address in
                                  brackets, e.g. [::1]:12345), or at ws://HOST:PORT
                                  over WebSocket (Core's WebEngine server, `carwindow
                                  headunit --websocket-port`), or wss://HOST:PORT over
                                  WebSocket with TLS (see --websocket-ca). `stream`
                                  needs it or --listen; without either `demo` and
                                  `project` start the emulator.
          --listen <ws://host:port>
                                  Be a cloud app: listen at ws://HOST:PORT (or
                                  wss://HOST:PORT, with --websocket-certificate and
                                  --websocket-key) and wait for the head unit to dial
                                  in, as SDL Core dials the endpoint of a cloud app's
                                  policy entry when the driver activates it (`carwindow
                                  headunit --cloud-app` does the same). After a
                                  disconnect the next call is served. Port 0 picks a
                                  free port (the run says which). Instead of --core.
          --websocket-ca <file>   For --core wss://: a PEM file of the CA the head
                                  unit's certificate must chain to (the system's CAs
                                  without it). For --listen wss://: a head unit must
                                  show a certificate chaining to it (SDL Core shows
                                  none when it dials a cloud app; leave it out for
                                  Core).
          --websocket-certificate <file>
                                  For --core wss://: the app's PEM certificate, which
                                  SDL Core's TLS WebSocket server requires (with
                                  --websocket-key). For --listen wss://: the server's
                                  certificate, which the head unit checks against the
                                  CA of the app's policy entry.
          --websocket-key <file>  For wss://: the PEM private key of
                                  --websocket-certificate.
          --reconnect             When the connection to the head unit is lost, connect
                                  and register again (exponential backoff).
          --reconnect-attempts <reconnect-attempts>
                                  With --reconnect: attempts in a row before giving up
                                  (0: never give up). (default: 10)
          --reconnect-max-delay <reconnect-max-delay>
                                  With --reconnect: the longest wait between attempts,
                                  in seconds. (default: 10.0)

        EMULATOR (WITHOUT --CORE):
          --port <port>           The TCP port the emulator listens on (0 picks a free
                                  one). (default: 12345)
          --record <directory>    A directory where the emulator records one .h264 file
                                  per video stream and one .pcm file per audio stream
                                  (default: a new temporary directory).
          --viewer/--no-viewer    Serve the browser viewer (live video, touch and the
                                  HMI's controls) for the apps that connect. (default:
                                  --viewer)
          --viewer-port <viewer-port>
                                  The browser viewer's port on 127.0.0.1 (0 picks one;
                                  demo and project pick one if it is in use). (default:
                                  8080)

        OUTPUT:
          --duration <duration>   Stop after this many seconds (default: run until
                                  Ctrl-C).
          --events <file>         Write the run's events as JSON lines to FILE, one
                                  schema for every command (docs/streaming.md); with -
                                  they go to stdout and the other lines to stderr.
          --frame-events          With --events: also a `frame` line for every frame
                                  sent, with when it was asked for, drawn and sent
                                  (wall-clock ms): for latency work, as `carwindow
                                  bench glass` does.

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.


        """

    @Test(
        "bad arguments get a message that says what to do",
        arguments: [
            (["demo", "--port", "70000"], "--port must be 0...65535"),
            (["demo", "--duration", "0"], "--duration must be a positive number of seconds"),
            (["demo", "--core", "nohost"], "'nohost' has no port; give HOST:PORT, e.g. 127.0.0.1:12345"),
            (["demo", "--core", "::1:12345"], "an IPv6 address goes in brackets, e.g. [::1]:12345"),
            (["demo", "--viewer-port", "70000"], "--viewer-port must be 0...65535"),
            (["demo", "--core", "127.0.0.1:1", "--record", "/tmp/x"], "with --core, SDL Core does not record"),
        ])
    func validation(arguments: [String], message: String) async throws {
        let result = try await BinaryRunner.runOffPool(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message))
    }
}
