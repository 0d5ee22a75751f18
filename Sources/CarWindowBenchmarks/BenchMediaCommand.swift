import ArgumentParser
import CH264Reference
import SDLMedia

/// `carwindow bench media`: conversion, encoding and packetizing per frame, against the bare openh264 call in C.
struct BenchMediaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "media",
        abstract: "Benchmark colour conversion, H.264 encoding and RTP packetizing per frame size.",
        discussion: """
            For each size, renders a synthetic BGRA scene, then times per frame: libyuv conversion to I420, \
            OpenH264Encoder.encode, and RTPPacketizer.packetize. The same I420 frames also go through a bare \
            openh264 encoder driven from C (target CH264Reference), configured the same way, as the reference. \
            It prints frames per second, p50 and p99 per stage, how much slower our encode path is than the bare \
            call, and the buffer pools' allocation counters (zero new allocations after warm-up is the goal).

            Example:
              taskset -c 0 carwindow bench media --frames 150 --sizes 800x480
            """
    )

    @Option(help: "Frames to time per size (after warm-up).")
    var frames = 300

    @Option(help: "Warm-up frames per size, not timed.")
    var warmup = 10

    @Option(
        help: "Comma-separated sizes, WIDTHxHEIGHT (default: 800x480,1280x720,1920x1080).",
        transform: BenchMediaCommand.parseSizes)
    var sizes: [BenchSize] = [
        BenchSize(width: 800, height: 480), BenchSize(width: 1280, height: 720),
        BenchSize(width: 1920, height: 1080),
    ]

    @Option(help: "Encoder usage mode.")
    var usage: BenchUsage = .screen

    @Option(help: "Scene motion: interface (static picture, scrolling panel) or pan (every pixel moves).")
    var motion: BenchMotion = .interface

    func validate() throws {
        guard frames > 0, warmup >= 0 else {
            throw ValidationError("--frames must be positive and --warmup not negative")
        }
    }

    func run() async throws {
        #if DEBUG
            print("warning: this is a debug build; build with -c release for meaningful figures")
        #endif
        print(
            "carwindow bench media: \(frames) frames per size after \(warmup) warm-up, usage \(usage), motion \(motion)"
        )
        print(BenchTable.header)
        for size in sizes {
            try BenchMediaRun(size: size, frames: frames, warmup: warmup, usage: usage.value, motion: motion.value)
                .run()
        }
    }

    static func parseSizes(_ text: String) throws -> [BenchSize] {
        try text.split(separator: ",").map { item in
            let parts = item.lowercased().split(separator: "x")
            guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0,
                width % 2 == 0, height % 2 == 0
            else {
                throw ValidationError("size '\(item)' is not WIDTHxHEIGHT with even numbers, e.g. 1280x720")
            }
            return BenchSize(width: width, height: height)
        }
    }
}

/// A frame size given on the command line.
struct BenchSize: Sendable, CustomStringConvertible {
    var width: Int
    var height: Int
    var description: String { "\(width)x\(height)" }

    /// The bitrate the targets use for this size, scaled by area for other sizes.
    var bitrate: Int {
        switch (width, height) {
        case (800, 480): 600_000
        case (1280, 720): 1_500_000
        case (1920, 1080): 3_000_000
        default: max(100_000, width * height * 3 / 2)
        }
    }
}

/// The encoder usage mode, as a command-line value.
enum BenchUsage: String, ExpressibleByArgument, CaseIterable, CustomStringConvertible {
    case screen, camera
    var value: EncoderSettings.Usage { self == .screen ? .screenContent : .camera }
    var description: String { rawValue }
}

/// The scene motion, as a command-line value.
enum BenchMotion: String, ExpressibleByArgument, CaseIterable, CustomStringConvertible {
    case interface, pan
    var value: SyntheticScene.Motion { self == .pan ? .pan : .interface }
    var description: String { rawValue }
}
