import ArgumentParser
import CarWindow
import SDLMedia

/// `carwindow bench carwindow`: the whole projection path of the sample navigation screen, against the issue's
/// targets.
struct BenchCarWindowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "carwindow",
        abstract: "Benchmark CarWindow's frames end to end: render, convert, encode, packetize.",
        discussion: """
            Three measurements of the sample navigation screen (NavigationScreen):

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

            Example:
              taskset -c 0 carwindow bench carwindow --frames 120 --taps 10
            """
    )

    @Option(help: "Frames to time per size and usage (after warm-up).")
    var frames = 300

    @Option(help: "Warm-up frames per size and usage, not timed.")
    var warmup = 10

    @Option(help: "Comma-separated sizes, WIDTHxHEIGHT (default: 1280x720,1920x1080).",
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

    func validate() throws {
        guard frames > 0, warmup >= 0 else { throw ValidationError("--frames must be positive and --warmup not negative") }
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
        print("carwindow bench carwindow: NavigationScreen, \(frames) frames per size and usage after \(warmup) "
              + "warm-up; CarWindow's default encoder usage is \(defaults.encoderUsage)")
        print("")
        let moves = motion == .pan ? "pans \(BenchTable.format(pan, 1)) px" : "zooms 2% in or out"
        print("1. throughput (changing map: every frame \(moves) and moves the vehicle)")
        print(BenchTable.header)
        for size in sizes {
            for usage in usage.values {
                try await BenchCarWindowThroughput(size: size, frames: frames, warmup: warmup, usage: usage, motion: motion, pan: pan).run()
            }
        }
        if staticSeconds > 0 {
            print("")
            print("2. static screen (1280x720, 30 fps clock, refresh every "
                  + "\(BenchCarWindowLive.format(defaults.refreshInterval ?? .zero)))")
            try await BenchCarWindowLive.staticScreen(seconds: staticSeconds)
        }
        if taps > 0 {
            print("")
            print("3. touch to first encoded frame (1280x720, 30 fps clock, tap on the zoom buttons)")
            try await BenchCarWindowLive.touchLatency(taps: taps)
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
