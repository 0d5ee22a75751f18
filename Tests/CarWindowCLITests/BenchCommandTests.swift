import Testing

@Suite("carwindow bench")
struct BenchCommandTests {
    @Test("bench --help lists every benchmark: media, carwindow, project, ... link, glass and transport")
    func benchHelp() async throws {
        let result = try await BinaryRunner.runOffPool(["bench", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout == Self.benchHelp + "\n")
    }

    @Test("bench media --help explains itself")
    func mediaHelp() async throws {
        let result = try await BinaryRunner.runOffPool(["bench", "media", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout == Self.mediaHelp + "\n\n")
    }

    @Test("bench media runs a tiny size and prints every stage and the pool counters")
    func tinyRun() async throws {
        let result = try await BinaryRunner.runOffPool([
            "bench", "media", "--frames", "3", "--warmup", "1", "--sizes", "320x240",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        for stage in [
            "convert BGRA->I420", "encode (SDLMedia)", "encode (bare C)", "packetize RTP",
            "encode vs bare C", "pixel buffers allocated after warm-up: source 0, I420 0",
        ] {
            #expect(result.stdout.contains(stage), "missing '\(stage)' in:\n\(result.stdout)")
        }
    }

    @Test("bench transport measures TCP, WebSocket and a cloud app and prints a row for each")
    func transportRun() async throws {
        let result = try await BinaryRunner.runOffPool(["bench", "transport", "--seconds", "2", "--taps", "3"])
        #expect(result.status == 0, "\(result.stderr)\n\(result.stdout)")
        let rows = result.stdout.split(separator: "\n").filter { line in
            ["tcp ", "ws ", "cloud "].contains { line.hasPrefix($0) }
        }
        #expect(rows.count == 3, "\(result.stdout)")
        for row in rows {
            // link, fps, MB/s, CPU ms/MB, vs TCP, tap p50, tap p99: every link streamed and every tap arrived.
            let columns = row.split(separator: " ")
            #expect(columns.count == 7, "\(row)")
            #expect((Double(columns[1]) ?? 0) > 0, "no frames over \(columns[0]): \(row)")
        }
        let refused = try await BinaryRunner.runOffPool(["bench", "transport", "--links", "tcp,udp"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--links takes tcp, ws and cloud"), "\(refused.stderr)")
    }

    @Test("carwindow bench without carwindow-bench beside it says where it looked and how to build it, and fails")
    func benchExecutableMissing() async throws {
        let result = try await BinaryRunner.runOffPool(
            ["bench", "media", "--frames", "3"], environment: ["CARWINDOW_BENCH": "/nonexistent/carwindow-bench"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "error: carwindow bench needs the carwindow-bench executable, not found at "
                + "/nonexistent/carwindow-bench: build it beside carwindow (swift build -c release)\n")
    }

    @Test("a bad size is refused with a message that says what to write")
    func badSize() async throws {
        let result = try await BinaryRunner.runOffPool(["bench", "media", "--sizes", "33x2"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("is not WIDTHxHEIGHT with even numbers, e.g. 1280x720"))
    }

    static let benchHelp = """
        OVERVIEW: Measure CarWindow's hot paths and print the figures.

        Benchmarks run in the carwindow-bench executable beside carwindow (`carwindow
        bench ARGS` runs `carwindow-bench ARGS`) and print a table. Build both in
        release mode first, and pin to one core for figures comparable with the
        targets:

          swift build -c release
          taskset -c 0 .build/release/carwindow bench media

        USAGE: carwindow bench <subcommand>

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          media                   Benchmark colour conversion, H.264 encoding and RTP
                                  packetizing per frame size.
          carwindow               Benchmark CarWindow's frames end to end: render,
                                  convert, encode, packetize.
          project                 Measure projecting an X11 or Wayland application:
                                  capture against memcpy, a still app's CPU, touch
                                  latency.
          hostile                 Run the app against hostile head units: peak memory,
                                  the typed error and the drops of each.
          soak                    Stream a moving pattern into the emulator for a long
                                  time; check every frame arrives and decodes.
          reconnect               Drop or restart the emulator many times; time each
                                  return of the video and watch for leaks.
          load                    Many apps streaming into one emulator; many
                                  projections in one process.
          link                    Measure bitrate adaptation: the link drops to
                                  --link-kbps mid-stream; time to settle, delay, RSS.
          glass                   Measure glass to glass: a click in the viewer to the
                                  changed picture, stage by stage.
          transport               Compare TCP and WebSocket: fps, CPU per MB, touches.

          See 'carwindow bench help <subcommand>' for detailed help.
        """

    static let mediaHelp = """
        OVERVIEW: Benchmark colour conversion, H.264 encoding and RTP packetizing per
        frame size.

        For each size, renders a synthetic BGRA scene, then times per frame: libyuv
        conversion to I420, OpenH264Encoder.encode, and RTPPacketizer.packetize. The
        same I420 frames also go through a bare openh264 encoder driven from C (target
        CH264Reference), configured the same way, as the reference. It prints frames
        per second, p50 and p99 per stage, how much slower our encode path is than the
        bare call, and the buffer pools' allocation counters (zero new allocations
        after warm-up is the goal).

        Example:
          taskset -c 0 carwindow bench media --frames 150 --sizes 800x480

        USAGE: carwindow bench media [--frames <frames>] [--warmup <warmup>] [--sizes <sizes>] [--usage <usage>] [--motion <motion>]

        OPTIONS:
          --frames <frames>       Frames to time per size (after warm-up). (default:
                                  300)
          --warmup <warmup>       Warm-up frames per size, not timed. (default: 10)
          --sizes <sizes>         Comma-separated sizes, WIDTHxHEIGHT (default:
                                  800x480,1280x720,1920x1080).
          --usage <usage>         Encoder usage mode. (values: screen, camera; default:
                                  screen)
          --motion <motion>       Scene motion: interface (static picture, scrolling
                                  panel) or pan (every pixel moves). (values:
                                  interface, pan; default: interface)
          --version               Show the version.
          -h, --help              Show help information.
        """
}

@Suite("carwindow bench hostile")
struct BenchHostileCommandTests {
    @Test("bench hostile prints every case with its peak RSS and its typed error, and the flood's drops")
    func hostile() async throws {
        let result = try await BinaryRunner.runOffPool(["bench", "hostile", "--flood", "5000"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        func line(_ name: String) -> String { lines.first { $0.hasPrefix(name) } ?? "" }
        #expect(line("notification flood").contains("\(5_001 - 1_024) of 5001 dropped"))
        #expect(line("100 MB frame length").contains("exceeds the limit of 131072 bytes"))
        #expect(line("never ACKs StartService").contains("protocolStartTimeout"))
        #expect(line("silent after registering").contains("heartbeatUnanswered"))
        #expect(line("stops reading").contains("heartbeatUnanswered"))
        // Alive but hopeless: frames the transport could not take are dropped and counted, not queued.
        let slow = line("reads 1 byte per second")
        #expect(slow.contains("heartbeatUnanswered"))
        let dropped = slow.split(separator: ",").last.flatMap { Int($0.split(separator: " ").first ?? "") }
        #expect((dropped ?? 0) > 0, "no frame dropped: \(slow)")
        #expect(lines.dropFirst().allSatisfy { $0.contains(" MB ") })
    }
}
