import CarWindowDemo
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
            "--taps", "2", "--motion", "pinch", "--list-frames", "10", "--memory-seconds", "0.5",
            "--settle-seconds", "0.3",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        for line in [
            "render (pooled BGRA)", "convert BGRA->I420", "encode (screen)", "encode (camera)", "packetize RTP",
            "total (screen)", "total (camera)", "320x240 camera:", "BGRA buffers allocated after warm-up: 0",
            "static:", "% of one core (target < 2%)", "touch -> first frame: 2 of 2 taps", "zooms 2% in or out",
            "render, dirty regions", "render, full redraw", "pipeline (60 fps target)", "11 rows visible",
            "static list:", "animations idle: true", "theme switch: p50", "rows made: 11",
            "8. settle:", "1500 kbit/s, settle refreshes: last moving frame", "300 kbit/s, periodic refresh only:",
        ] {
            #expect(result.stdout.contains(line), "missing '\(line)' in:\n\(result.stdout)")
        }
    }

    @Test(
        "bad figures are refused with a message that says what to write",
        arguments: [
            ["--taps=-1"], ["--static-seconds", "1000"], ["--frames", "0"], ["--pan=-3"], ["--list-frames=-1"],
            ["--memory-seconds", "4000"], ["--settle-seconds", "100"],
        ])
    func badOptions(arguments: [String]) async throws {
        let result = try await BinaryRunner.runOffPool(["bench", "carwindow"] + arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains("must be"))
    }

    static let help = """
        OVERVIEW: Benchmark CarWindow's frames end to end: render, convert, encode,
        packetize.

        Measurements of the sample navigation screen (NavigationScreen), 1 to 3, and of
        a long list, 4 to 8:

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
        4. A 10,000-row list scrolled by one finger at 1280x720, one pan per frame:
        render ms with dirty regions and with full redraws, and fps of the whole
        pipeline (touch, tick, render, convert, encode, packetize). Target: 60 fps on
        one core.
        5. Static screen with an idle list after a finished animation: % of one core.
        Target: under 2%.
        6. Theme switch: ms from setting the night (or day) theme to the encoder's
        frame in it.
        7. Memory while scrolling back and forth (--memory-seconds): resident size
        before and after, and the rows the list made; rows are reused, so neither
        grows.
        8. Settle: one finger stroke flings the list, which stops; the frames sent
        after it (the settle refreshes, then the periodic refresh) are decoded by
        ffmpeg and compared with what was rendered: the list's luma PSNR on the last
        moving frame and after, and how long until it is within 0.5 dB of where it
        settles. With CarWindow's default settle refreshes and, for comparison, with
        none. Needs ffmpeg.

        Example:
          taskset -c 0 carwindow bench carwindow --frames 120 --taps 10

        USAGE: carwindow bench carwindow [--frames <frames>] [--warmup <warmup>] [--sizes <sizes>] [--usage <usage>] [--motion <motion>] [--pan <pan>] [--static-seconds <static-seconds>] [--taps <taps>] [--list-frames <list-frames>] [--memory-seconds <memory-seconds>] [--settle-seconds <settle-seconds>]

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
          --list-frames <list-frames>
                                  Frames of list scrolling to time (0 skips rows 4 to
                                  6). (default: 300)
          --memory-seconds <memory-seconds>
                                  Seconds of scrolling back and forth for the memory
                                  row (0 skips it). (default: 20.0)
          --settle-seconds <settle-seconds>
                                  Seconds of still screen after the scroll stops, for
                                  the settle row (0 skips it). (default: 2.0)
          --version               Show the version.
          -h, --help              Show help information.
        """
}
