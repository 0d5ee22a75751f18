import Testing

@Suite("carwindow bench carwindow")
struct BenchCarWindowCommandTests {
    @Test("bench carwindow --help explains itself")
    func help() async throws {
        let result = try await BinaryRunner.runOffPool(["bench", "carwindow", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout == Self.help + "\n\n")
    }

    @Test("a tiny run prints every stage, both encoder modes, the static cost and the tap latency")
    func tinyRun() async throws {
        let result = try await BinaryRunner.runOffPool([
            "bench", "carwindow", "--frames", "3", "--warmup", "1", "--sizes", "320x240", "--static-seconds", "0.5",
            "--taps", "2", "--motion", "pinch",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        for line in [
            "render (pooled BGRA)", "convert BGRA->I420", "encode (screen)", "encode (camera)", "packetize RTP",
            "total (screen)", "total (camera)", "320x240 camera:", "BGRA buffers allocated after warm-up: 0",
            "static:", "% of one core (target < 2%)", "touch -> first frame: 2 of 2 taps", "zooms 2% in or out",
        ] {
            #expect(result.stdout.contains(line), "missing '\(line)' in:\n\(result.stdout)")
        }
    }

    @Test("bad figures are refused with a message that says what to write", arguments: [
        ["--taps=-1"], ["--static-seconds", "1000"], ["--frames", "0"], ["--pan=-3"],
    ])
    func badOptions(arguments: [String]) async throws {
        let result = try await BinaryRunner.runOffPool(["bench", "carwindow"] + arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains("must be"))
    }

    static let help = """
            OVERVIEW: Benchmark CarWindow's frames end to end: render, convert, encode,
            packetize.

            Three measurements of the sample navigation screen (NavigationScreen):

            1. Throughput: each frame moves the vehicle and pans or zooms the map (every
            pixel moves), is rendered into a pooled BGRA frame, converted to I420, encoded
            with openh264 and packetized as RTP. Per size and encoder usage it prints fps
            sustained on one core and p50/p99 per stage, and the encoder's IDR and skip
            counts. Targets: 60 fps at 1280x720, 30 fps at 1920x1080.
            2. Static screen: the frame pump runs on the real clock with dirty tracking and
            refresh frames; it prints the CPU time used per second of wall time, as % of
            one core. Target: under 2%.
            3. Touch to first frame: taps on the zoom button go in as OnTouchEvent through
            the touch adapter while the pump runs at 30 fps; it prints the time until the
            encoder outputs the frame showing the change. Target: under 50 ms.

            Example:
              taskset -c 0 carwindow bench carwindow --frames 120 --taps 10

            USAGE: carwindow bench carwindow [--frames <frames>] [--warmup <warmup>] [--sizes <sizes>] [--usage <usage>] [--motion <motion>] [--pan <pan>] [--static-seconds <static-seconds>] [--taps <taps>]

            OPTIONS:
              --frames <frames>       Frames to time per size and usage (after warm-up).
                                      (default: 300)
              --warmup <warmup>       Warm-up frames per size and usage, not timed.
                                      (default: 10)
              --sizes <sizes>         Comma-separated sizes, WIDTHxHEIGHT (default:
                                      1280x720,1920x1080).
              --usage <usage>         Encoder usage modes for the throughput run. (values:
                                      both, screen, camera; default: both)
              --motion <motion>       How the map moves in the throughput run: pan (a drag)
                                      or pinch (zooming in and out). (values: pan, pinch;
                                      default: pan)
              --pan <pan>             How far the map pans per frame, in pixels (a finger
                                      drag is 5 to 30). (default: 8.0)
              --static-seconds <static-seconds>
                                      Seconds of static screen to measure (0 skips it).
                                      (default: 5.0)
              --taps <taps>           Taps for the touch-to-first-frame latency (0 skips
                                      it). (default: 20)
              --version               Show the version.
              -h, --help              Show help information.
            """
}
