import ArgumentParser
import CarWindow
import CarWindowDemo
import SDLMedia

/// `carwindow bench carwindow`: the whole projection path of the sample navigation screen, against the issue's
/// targets.
struct BenchCarWindowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "carwindow",
        abstract: "Benchmark CarWindow's frames end to end: render, convert, encode, packetize.",
        discussion: """
            Measurements of the sample navigation screen (NavigationScreen), 1 to 3, and of a long list, 4 to 8:

            1. Throughput: each frame moves the vehicle and pans or zooms the map (every pixel moves), is \
            rendered into a \
            pooled BGRA frame, converted to I420, encoded with openh264 and packetized as RTP. Per size and \
            encoder usage it prints fps sustained on one core and p50/p99 per stage, and the encoder's IDR and \
            skip counts. Targets: 60 fps at 1280x720, 30 fps at 1920x1080.
            2. Static screen: the frame pump runs on the real clock with dirty tracking and refresh frames; it \
            prints the CPU time used per second of wall time, as % of one core. Target: under 2%.
            3. Touch to first frame: taps on the zoom button go in as OnTouchEvent through the touch adapter \
            while the pump runs at 30 fps; it prints the time until the encoder outputs the frame showing the \
            change. Target: under 50 ms.
            4. A 10,000-row list scrolled by one finger at 1280x720, one pan per frame: render ms with dirty \
            regions and with full redraws, and fps of the whole pipeline (touch, tick, render, convert, encode, \
            packetize). Target: 60 fps on one core.
            5. Static screen with an idle list after a finished animation: % of one core. Target: under 2%.
            6. Theme switch: ms from setting the night (or day) theme to the encoder's frame in it.
            7. Memory while scrolling back and forth (--memory-seconds): resident size before and after, and the \
            rows the list made; rows are reused, so neither grows.
            8. Settle: one finger stroke flings the list, which stops; the frames sent after it (the settle \
            refreshes, then the periodic refresh) are decoded by ffmpeg and compared with what was rendered: the \
            list's luma PSNR on the last moving frame and after, and how long until it is within 0.5 dB of where \
            it settles. With CarWindow's default settle refreshes and, for comparison, with none. Needs ffmpeg.

            Example:
              taskset -c 0 carwindow bench carwindow --frames 120 --taps 10
            """
    )

    @Option(help: "Frames to time per size and usage (after warm-up).")
    var frames = 300

    @Option(help: "Warm-up frames per size and usage, not timed.")
    var warmup = 10

    @Option(
        help: "Comma-separated sizes, WIDTHxHEIGHT (default: 1280x720,1920x1080).",
        transform: BenchMediaCommand.parseSizes)
    var sizes: [BenchSize] = [BenchSize(width: 1280, height: 720), BenchSize(width: 1920, height: 1080)]

    @Option(help: "Encoder usage modes for the throughput run.")
    var usage: BenchUsageChoice = .both

    @Option(help: "How the map moves in the throughput run: pan (a drag) or pinch (zooming in and out).")
    var motion: BenchMapMotion = .pan

    @Option(help: "How far the map pans per frame, in pixels (a finger drag is 5 to 30).")
    var pan = 8.0

    @Option(help: "Seconds of static screen to measure (0 skips it).")
    var staticSeconds = 5.0

    @Option(help: "Taps for the touch-to-first-frame latency (0 skips it).")
    var taps = 20

    @Option(help: "Frames of list scrolling to time (0 skips rows 4 to 6).")
    var listFrames = 300

    @Option(help: "Seconds of scrolling back and forth for the memory row (0 skips it).")
    var memorySeconds = 20.0

    @Option(help: "Seconds of still screen after the scroll stops, for the settle row (0 skips it).")
    var settleSeconds = 2.0

    func validate() throws {
        guard listFrames >= 0, listFrames <= 100_000, memorySeconds >= 0, memorySeconds <= 3600 else {
            throw ValidationError("--list-frames must be in 0...100000 and --memory-seconds in 0...3600")
        }
        guard settleSeconds >= 0, settleSeconds <= 60 else {
            throw ValidationError("--settle-seconds must be in 0...60")
        }
        guard frames > 0, warmup >= 0 else {
            throw ValidationError("--frames must be positive and --warmup not negative")
        }
        guard pan >= 0, pan <= 1000 else { throw ValidationError("--pan must be in 0...1000 pixels") }
        guard staticSeconds >= 0, staticSeconds <= 600, taps >= 0, taps <= 1000 else {
            throw ValidationError("--static-seconds must be in 0...600 and --taps in 0...1000")
        }
    }

    func run() async throws {
        #if DEBUG
            print("warning: this is a debug build; build with -c release for meaningful figures")
        #endif
        let defaults = StreamingConfiguration()
        print(
            "carwindow bench carwindow: NavigationScreen, \(frames) frames per size and usage after \(warmup) "
                + "warm-up; CarWindow's default encoder usage is \(defaults.encoderUsage)")
        print("")
        let moves = motion == .pan ? "pans \(BenchTable.format(pan, 1)) px" : "zooms 2% in or out"
        print("1. throughput (changing map: every frame \(moves) and moves the vehicle)")
        print(BenchTable.header)
        for size in sizes {
            for usage in usage.values {
                try await BenchCarWindowThroughput(
                    size: size, frames: frames, warmup: warmup, usage: usage, motion: motion, pan: pan
                ).run()
            }
        }
        if staticSeconds > 0 {
            print("")
            print(
                "2. static screen (1280x720, 30 fps clock, refresh every "
                    + "\(BenchCarWindowLive.format(defaults.refreshInterval ?? .zero)))")
            try await BenchCarWindowLive.staticScreen(seconds: staticSeconds)
        }
        if taps > 0 {
            print("")
            print("3. touch to first encoded frame (1280x720, 30 fps clock, tap on the zoom buttons)")
            try await BenchCarWindowLive.touchLatency(taps: taps)
        }
        try await runViewRows()
    }

    /// Rows 4 to 7: the list, the idle list, the theme switch, the memory.
    @CarWindowActor
    private func runViewRows() async throws {
        let label = "1280x720"
        if listFrames > 0 {
            print("")
            print("4. scrolling a 10,000-row list beside a static panel (1280x720, one pan of 9 px per frame)")
            print(BenchTable.header)
            let dirty = try BenchCarWindowViews.scrollRender(frames: listFrames, mode: .dirtyRegions)
            print(BenchTable.row(label, "render, dirty regions", dirty.0))
            let full = try BenchCarWindowViews.scrollRender(frames: listFrames, mode: .full)
            print(BenchTable.row(label, "render, full redraw", full.0))
            let visible = dirty.visibleRows
            print(
                "  \(dirty.redrawn) of \(listFrames) frames redrawn; dirty regions repaint "
                    + "\(BenchTable.format(dirty.area * 100, 0))% of the frame, full redraws "
                    + "\(BenchTable.format(full.area * 100, 0))%")
            let pipeline = try await BenchCarWindowViews.scrollPipeline(frames: listFrames)
            print(BenchTable.row(label, "pipeline (60 fps target)", pipeline))
            let fps = pipeline.mean > 0 ? 1000 / pipeline.mean : 0
            print("  \(visible) rows visible; pipeline \(BenchTable.format(fps, 1)) fps sustained (target 60)")
            if staticSeconds > 0 {
                print("")
                print("5. static screen with an idle list after a finished animation (1280x720, 30 fps clock)")
                let (share, idle) = try await BenchCarWindowViews.staticList(seconds: staticSeconds)
                print(
                    "  static list: \(BenchTable.format(share, 2))% of one core (target < 2%); "
                        + "animations idle: \(idle)")
            }
            print("")
            print("6. theme switch (day <-> night) to the encoder's first frame in the new theme")
            let theme = try await BenchCarWindowViews.themeSwitch(times: 20)
            print(
                "  theme switch: p50 \(BenchTable.format(theme.median, 1)) ms, p99 "
                    + "\(BenchTable.format(theme.percentile(99), 1)) ms over 20 switches")
        }
        if memorySeconds > 0 {
            print("")
            print("7. memory while scrolling the list back and forth for \(BenchTable.format(memorySeconds, 0)) s")
            let memory = try BenchCarWindowViews.memory(seconds: memorySeconds)
            print(
                "  resident \(memory.before / 1_048_576) MB before, \(memory.after / 1_048_576) MB after "
                    + "\(memory.frames) frames; rows made: \(memory.rowsCreated)")
        }
        if settleSeconds > 0 {
            print("")
            let size = BenchCarWindowViews.size
            print("8. settle: text quality after a fast scroll stops dead (\(size), 30 fps; luma PSNR of the list)")
            let defaults = StreamingConfiguration.defaultSettleRefreshes
            // The size's bitrate, and a link that fell to a fifth of it, where the coarse picture shows most.
            for bitrate in [size.bitrate, size.bitrate / 5] {
                for (name, settle) in [("settle refreshes", defaults), ("periodic refresh only", [])] {
                    let result = try await BenchCarWindowSettle.run(
                        settle: settle, bitrate: bitrate, stillSeconds: settleSeconds)
                    let steps = result.after.prefix(6).map {
                        "+\(BenchCarWindowLive.format($0.0)) \(BenchTable.format($0.1, 1))"
                    }
                    print(
                        "  \(bitrate / 1000) kbit/s, \(name): last moving frame "
                            + "\(BenchTable.format(result.lastMoving, 1)) dB; then " + steps.joined(separator: ", ")
                            + " dB; within 0.5 dB of the settled \(BenchTable.format(result.settled, 1)) dB "
                            + "\(BenchCarWindowLive.format(result.converged())) after motion stopped")
                }
            }
        }
    }
}

/// Which encoder usage modes the throughput run measures.
enum BenchUsageChoice: String, ExpressibleByArgument, CaseIterable, CustomStringConvertible {
    case both, screen, camera
    var values: [EncoderSettings.Usage] {
        switch self {
        case .both: [.screenContent, .camera]
        case .screen: [.screenContent]
        case .camera: [.camera]
        }
    }
    var description: String { rawValue }
}

/// How the map moves in the throughput run.
enum BenchMapMotion: String, ExpressibleByArgument, CaseIterable, CustomStringConvertible {
    case pan, pinch
    var description: String { rawValue }
}
