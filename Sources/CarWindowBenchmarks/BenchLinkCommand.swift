import ArgumentParser
import Foundation
import SDLMedia

/// `carwindow bench link`: bitrate adaptation when the link slows down mid-stream (docs/lab/reliability.md records
/// it).
struct BenchLinkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "link",
        abstract: "Measure bitrate adaptation: the link drops to --link-kbps mid-stream; time to settle, delay, RSS.",
        discussion: """
            Streams an 800x480 pattern (--content camera: every pixel pans; interface: a still screen with a \
            scrolling panel) at 30 fps and --bitrate, rate-control frame skipping off, \
            into an in-process emulator over TCP, unlimited for --warmup seconds, then caps the emulator's \
            reading at --link-kbps (as `carwindow headunit --link-kbps` does) for --seconds. Prints: the time \
            from the drop until the sender has settled (its sent rate over the last second under the link rate, \
            and no frame later than 300 ms, from then on), the end-to-end delay after \
            settling (p50/p99, from the app handing a frame to the manager, which encodes it at once, to the \
            emulator having received it), the bitrate changes, the frames dropped (for the link's wait, and by \
            pacing: the encoder's output over the lowered target), and this process's RSS at the start, after \
            the warm-up (at the drop) and at the end: growth shows as the end over the warm-up figure.

              swift build -c release --product carwindow
              .build/release/carwindow bench link --link-kbps 1000
            """
    )

    @Option(help: "The link rate after the drop, in kbit/s.")
    var linkKbps = 1_000

    @Option(help: "Seconds streamed before the drop, with no cap.")
    var warmup = 5.0

    @Option(help: "Seconds streamed after the drop.")
    var seconds = 20.0

    @Option(help: "The app's target bitrate in bit/s before adaptation, above the link rate.")
    var bitrate = 3_000_000

    @Option(help: "What the pattern shows: camera (every pixel pans) or interface (a still screen, a scrolling panel).")
    var content = BenchLinkContent.camera

    @Option(
        help: ArgumentHelp(
            "Seconds between periodic IDRs; 0 for IDRs only on demand.",
            discussion: "The default is the encoder's (EncoderSettings.keyFrameInterval)."))
    var keyFrameInterval: Double?

    @Option(
        help: ArgumentHelp(
            "Milliseconds an IDR may take at the target bitrate (EncoderSettings.keyFrameBudget).",
            discussion: "The default is the encoder's, 100 ms; 133 is openh264's own budget at 30 fps (four frames)."))
    var keyFrameBudget: Double?

    func validate() throws {
        guard (1...10_000_000).contains(linkKbps) else { throw ValidationError("--link-kbps takes 1...10000000.") }
        guard warmup >= 1, seconds >= 3 else { throw ValidationError("--warmup needs >= 1 s, --seconds >= 3 s.") }
        guard (64_000...200_000_000).contains(bitrate) else {
            throw ValidationError("--bitrate takes 64000...200000000.")
        }
        if let keyFrameInterval, !(0...600).contains(keyFrameInterval) {
            throw ValidationError("--key-frame-interval takes 0...600 seconds.")
        }
        if let keyFrameBudget, !(1...10_000).contains(keyFrameBudget) {
            throw ValidationError("--key-frame-budget takes 1...10000 milliseconds.")
        }
    }

    func run() async throws {
        let print: (String) -> Void = { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }
        let run = LinkBenchRun(
            linkKbps: linkKbps, warmup: .milliseconds(Int(warmup * 1_000)),
            measured: .milliseconds(Int(seconds * 1_000)), bitrate: bitrate,
            motion: content == .camera ? .pan : .interface,
            keyFrameInterval: keyFrameInterval.map { $0 == 0 ? nil : .milliseconds(Int($0 * 1_000)) },
            keyFrameBudget: keyFrameBudget.map { .microseconds(Int($0 * 1_000)) })
        let result = try await run.measure()
        for line in result.lines { print(line) }
    }
}

/// The pattern `carwindow bench link` streams.
enum BenchLinkContent: String, ExpressibleByArgument, CaseIterable {
    case camera, interface
}
