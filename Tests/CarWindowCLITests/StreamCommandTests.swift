import BrowserTestSupport
import CarWindowTestingTools
import Foundation
import HeadUnit
import Testing

@Suite("carwindow stream", .timeLimit(.minutes(3)))
struct StreamCommandTests {
    /// The whole help, exactly as ArgumentParser prints it at 80 columns.
    static let expectedHelp = """
        OVERVIEW: Stream a test pattern, a video file or the demo screen to a head unit
        as a navigation app.

        Connects to SDL Core (or `carwindow headunit`) over TCP, or over WebSocket with
        --core ws://HOST:PORT (Core's WebEngine server), registers as a NAVIGATION app,
        waits for the head unit to allow video and streams H.264 at the size it
        negotiates, following every HMI level, resize and EndService, until the
        duration ends or Ctrl-C. Then it ends the video service, unregisters and closes
        the session. Exit status 0 only when video was streamed; otherwise 1, one line
        on stderr says why and --events ends with an `error` line. A run that streamed
        nothing it was asked to stream is a failure: a refused connect or registration,
        a head unit that never activates the app or never answers the video
        StartService, a stalled or lost link (docs/streaming.md, "Exit status").

        --source is `pattern` (a moving scene with a frame counter), `demo`
        (CarWindow's navigation screen: it takes touches and sends haptic rects, and
        --events adds gesture and hapticRects lines), a .y4m raw video (4:2:0, scaled
        to the stream size) or an Annex-B .h264 file (decoded with ffmpeg and
        re-encoded). Files loop. Every option works with every source.
        --events writes one JSON object per line, the same schema for every source (see
        docs/streaming.md); touches are logged once (SDL Core sends each twice) in view
        points (head-unit pixels divided by the display scale).
        --certificate and --key make the video TLS-protected (the app is the TLS
        server); --protected says whether it may fall back to the clear. A head unit
        checks the certificate: see docs/security.md. --tls-max caps the TLS version at
        1.2 (the default) or 1.3: SDL Core 8.2 negotiates 1.3 whatever its ini says,
        and on protocol 5 its TLS 1.3 handshake fails about half the time
        (docs/security.md). A handshake that fails under `--protected required` ends
        the run with exit status 1 and its reason; `preferred` says why it fell back,
        and exits 1 when the clear video is refused too.
        A lost connection to the head unit ends the run with exit status 1 and an
        `error` line. With --reconnect the stream connects and registers again instead
        (a `reconnecting` line before each attempt, waits growing from 0.5 s to
        --reconnect-max-delay) and streams again; when --reconnect-attempts in a row
        fail it exits 1 with "gave up reconnecting".

        Examples:
          carwindow headunit --port 12345 &
          carwindow stream --core 127.0.0.1:12345 --app-id swiftsdl-nav --duration 10
        --events -
          carwindow stream --core 127.0.0.1:12345 --app-id swiftsdl-nav --source demo
        --protocol rtp --events -
          carwindow stream --core 127.0.0.1:12345 --app-id swiftsdl-nav --reconnect
          carwindow stream --core ws://127.0.0.1:2020 --app-id swiftsdl-nav

        USAGE: carwindow stream <options>

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

        APP:
          --app-id <app-id>       The app id to register with (appID and fullAppID):
                                  SDL Core's policies and a protected app's certificate
                                  name it. `stream` needs it; `project` registers as
                                  carwindow-project without it.
          --app-name <app-name>   The name the head unit shows for the app (default:
                                  `stream`: CarWindow Stream; `project`: the command's
                                  name).

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
          --source <source>       What to stream: pattern, demo, FILE.y4m or FILE.h264.
                                  (values: pattern, demo, FILE.y4m, FILE.h264; default:
                                  pattern)
          --protocol <protocol>   The video protocol to ask for first. (values: raw,
                                  rtp)
          --fps <fps>             The highest frame rate to stream at (the head unit's
                                  preferred rate wins when lower).
          --bitrate <bitrate>     The highest bit rate to stream at, bit/s with an
                                  optional k or M, e.g. 1.5M (the head unit's maximum
                                  wins when lower).
          --audio <audio>         An audio file (WAV, MP3, AAC/M4A, Ogg, FLAC) to play
                                  on the audio service beside the video.
          --certificate <certificate>
                                  The app's TLS certificate chain (PEM) for protected
                                  video; goes with --key.
          --key <key>             The private key (PEM) of --certificate.
          --protected <protected> With --certificate: `required` (no video in the
                                  clear) or `preferred` (fall back to the clear).
                                  (values: required, preferred; default: required)
          --tls-max <tls-max>     With --certificate: the newest TLS version to accept,
                                  1.2 (safe with SDL Core) or 1.3. (values: 1.2, 1.3;
                                  default: 1.2)
          --version               Show the version.
          -h, --help              Show help information.
        """

    @Test("--help explains the command with an example and lists every option")
    func help() async throws {
        let result = try await BinaryRunner.runOffPool(["stream", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.trimmingCharacters(in: .newlines) == Self.expectedHelp)
    }

    @Test(
        "invalid options are refused with a message that says what to write",
        arguments: [
            (["--core", "localhost"], "'localhost' has no port; give HOST:PORT"),
            (["--core", "127.0.0.1:70000"], "the port in '127.0.0.1:70000' must be a number in 1...65535"),
            (["--core", "127.0.0.1:1", "--bitrate", "2000"], "--bitrate must be at least 64k (bit/s, with k or M)"),
            (["--core", "127.0.0.1:1", "--bitrate", "1.5G"], "'1.5G' is not a bit rate"),
            (["--core", "127.0.0.1:1", "--app-id", " "], "--app-id must not be empty"),
            ([], "give the head unit to connect to with --core HOST:PORT"),
            (["--core", "127.0.0.1:1", "--fps", "0"], "--fps must be between 1 and 60"),
            (["--core", "127.0.0.1:1", "--duration", "0"], "--duration must be a positive number of seconds"),
            (["--core", "127.0.0.1:1", "--source", "/nonexistent.y4m"], "cannot be read"),
            (["--core", "127.0.0.1:1", "--certificate", "/etc/hostname"], "--certificate and --key go together"),
            (
                ["--core", "127.0.0.1:1", "--certificate", "/nonexistent.pem", "--key", "/etc/hostname"],
                "/nonexistent.pem cannot be read"
            ),
        ])
    func validation(arguments: [String], message: String) async throws {
        // The last --app-id given wins, so a test can replace this one.
        let result = try await BinaryRunner.runOffPool(["stream", "--app-id", "x"] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message))
    }

    @Test("--app-id is needed: without it, exit 64 and what to write")
    func appIDNeeded() async throws {
        let result = try await BinaryRunner.runOffPool(["stream", "--core", "127.0.0.1:1"])
        #expect(result.status == 64)
        #expect(
            result.stderr.contains("give the app id to register with, e.g. --app-id swiftsdl-nav"), "\(result.stderr)")
    }

    @Test("streams to `carwindow headunit` for 6 s: exit 0, registered, FULL, videoStarted 800x480")
    func streamsToEmulator() async throws {
        let result = try await Self.withHeadUnit { port in
            try await BinaryRunner.runOffPool([
                "stream", "--core", "127.0.0.1:\(port)", "--app-id", "swiftsdl-nav", "--duration", "6", "--events", "-",
            ])
        }
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains(#""event":"registered""#) })
        #expect(
            lines.contains { $0.contains(#""event":"hmiStatus","hmiLevel":"FULL","videoStreamingState":"STREAMABLE""#) }
        )
        #expect(
            lines.contains {
                $0.contains(#""event":"videoStarted","width":800,"height":480,"protocol":"RAW","codec":"H264""#)
            })
        #expect(lines.allSatisfy { $0.hasPrefix(#"{"t":"#) && $0.hasSuffix("}") })
    }

    @Test("--core '[::1]:PORT' streams to a head unit listening on IPv6 loopback; the recording decodes")
    func streamsOverIPv6() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cw-ipv6-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let result = try await Self.withHeadUnit(record: directory, host: "::1") { port in
            try await BinaryRunner.runOffPool([
                "stream", "--core", "[::1]:\(port)", "--app-id", "swiftsdl-nav", "--duration", "3", "--events", "-",
            ])
        }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""event":"videoStarted","width":800,"height":480"#), "\(result.stdout)")
        let recording = try #require(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).first { $0.hasSuffix(".h264") })
        let summary = try await VideoProbe().summary(of: directory.appendingPathComponent(recording))
        #expect((summary.width, summary.height) == (800, 480), "\(summary)")
        #expect(summary.frames > 0, "\(summary)")
    }

    @Test("--source demo projects CarWindow's navigation screen: videoStarted and hapticRects in the events")
    func streamsDemo() async throws {
        let result = try await Self.withHeadUnit { port in
            try await BinaryRunner.runOffPool([
                "stream", "--core", "127.0.0.1:\(port)", "--app-id", "swiftsdl-nav", "--source", "demo",
                "--duration", "6", "--events", "-",
            ])
        }
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains(#""event":"hmiStatus""#) && $0.contains(#""hmiLevel":"FULL""#) })
        #expect(
            lines.contains {
                $0.contains(#""event":"videoStarted""#) && $0.contains(#""width":800"#)
                    && $0.contains(#""codec":"H264""#)
            })
        // The demo's six focusable items: zoom in, zoom out, recenter, the map pin, Search and Settings.
        #expect(lines.contains { $0.contains(#""event":"hapticRects""#) && $0.contains(#""count":6"#) })
    }

    @Test("--audio plays a WAV beside the video: audioStarted, audioFinished, and the emulator records 16 kHz PCM")
    func streamsAudio() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cw-audio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let wav = directory.appendingPathComponent("prompt.wav")
        let ffmpeg = try await ExternalTool(executable: URL(fileURLWithPath: "/usr/bin/ffmpeg")).run([
            "-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=1", "-ac", "2",
            wav.path,
        ])
        #expect(ffmpeg.status == 0, "ffmpeg is needed: run scripts/install-deps.sh (\(ffmpeg.errorText))")
        let result = try await Self.withHeadUnit(record: directory) { port in
            try await BinaryRunner.runOffPool([
                "stream", "--core", "127.0.0.1:\(port)", "--app-id", "swiftsdl-nav", "--audio", wav.path,
                "--duration", "6", "--events", "-",
            ])
        }
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains(#""event":"audioStarted","sampleRate":16000,"bitsPerSample":16"#) })
        #expect(lines.contains { $0.contains(#""event":"audioFinished","item":1,"end":"completed""#) })
        let pcm = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".pcm") }
        #expect(pcm.count == 1)
        let size = try pcm.first.map {
            try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent($0).path)[.size] as? Int
        }
        // One second at 16 kHz, 16-bit, mono: the head unit's format (its pcmStreamCapabilities).
        #expect(size == 32_000)
    }

    /// Runs `carwindow headunit --port 0` as a child process for `body`, then stops it with SIGINT (which flushes
    /// its recordings). Out of this process on purpose: the test runner's cooperative pool is shared by hundreds of
    /// tests on two cores, and an in-process emulator waiting for it missed the app's 5 s StartService timeout.
    static func withHeadUnit<T>(
        record: URL? = nil, host: String? = nil, _ body: (Int) async throws -> T
    ) async throws -> T {
        var arguments = ["headunit", "--port", "0"]
        if let record { arguments += ["--record", record.path] }
        if let host { arguments += ["--host", host] }
        let headUnit = try ChildProcess.launch(
            executable: BinaryRunner.productsDirectory.appendingPathComponent("carwindow"), arguments: arguments)
        defer { headUnit.kill() }
        let listening = try await headUnit.waitForLine("the listening line", in: .stdout, timeout: .seconds(40)) {
            $0.hasPrefix("carwindow head unit listening on ")
        }
        // "carwindow head unit listening on 127.0.0.1:PORT (800x480, ...)"
        let address = listening.text.dropFirst("carwindow head unit listening on ".count).prefix { $0 != " " }
        guard let port = address.split(separator: ":").last.flatMap({ Int($0) }) else {
            throw HarnessError("no port in '\(listening.text)'")
        }
        let result = try await body(port)
        let status = await headUnit.stop(signal: SIGINT, grace: .seconds(20))
        #expect(status == 0, "carwindow headunit did not end cleanly on SIGINT; its last lines:\n\(headUnit.tail())")
        return result
    }

    @Test("a refused connection exits non-zero with a one-line reason")
    func refused() async throws {
        // A port that was just free: bind an emulator, note its port, stop it.
        let headUnit = HeadUnitEmulator(configuration: HeadUnitConfiguration(port: 0))
        let port = try await headUnit.start()
        await headUnit.stop()
        let result = try await BinaryRunner.runOffPool(
            ["stream", "--core", "127.0.0.1:\(port)", "--app-id", "swiftsdl-nav", "--events", "-"])
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("carwindow stream: cannot connect to 127.0.0.1:\(port)") == true)
        // The exit-code rule: the refused connect's reason is also --events' last line.
        let last = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.contains(#""event":"error""#) && last.contains("cannot connect"), "stdout: \(result.stdout)")
    }
}
