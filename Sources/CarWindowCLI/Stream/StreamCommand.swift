import ArgumentParser
import Foundation

/// `carwindow stream`: registers as a NAVIGATION app and streams a test pattern or a video file to a head unit.
struct StreamCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stream",
        abstract: "Stream a test pattern, a video file or the demo screen to a head unit as a navigation app.",
        discussion: """
            Connects to SDL Core (or `carwindow headunit`) over TCP, or over WebSocket with --core ws://HOST:PORT \
            (Core's WebEngine server), registers as a NAVIGATION app, waits for \
            the head unit to allow video and streams H.264 at the size it negotiates, following every HMI \
            level, resize and EndService, until the duration ends or Ctrl-C. Then it ends the video service, \
            unregisters and closes the session. Exit status 0 only when video was streamed; otherwise 1, one \
            line on stderr says why and --events ends with an `error` line. A run that streamed nothing it was \
            asked to stream is a failure: a refused connect or registration, a head unit that never activates \
            the app or never answers the video StartService, a stalled or lost link (docs/streaming.md, "Exit \
            status").

            --source is `pattern` (a moving scene with a frame counter), `demo` (CarWindow's navigation \
            screen: it takes touches and sends haptic rects, and --events adds gesture and hapticRects \
            lines), a .y4m raw video (4:2:0, scaled to the stream size) or an Annex-B .h264 file (decoded \
            with ffmpeg and re-encoded). Files loop. Every option works with every source.
            --events writes one JSON object per line, the same schema for every source (see \
            docs/streaming.md); touches are logged once (SDL Core sends each twice) in view points (head-unit \
            pixels divided by the display scale).
            --certificate and --key make the video TLS-protected (the app is the TLS server); --protected \
            says whether it may fall back to the clear. A head unit checks the certificate: see docs/security.md. \
            --tls-max caps the TLS version at 1.2 (the default) or 1.3: SDL Core 8.2 negotiates 1.3 whatever its \
            ini says, and on protocol 5 its TLS 1.3 handshake fails about half the time (docs/security.md). A \
            handshake that fails under `--protected required` ends the run with exit status 1 and its reason; \
            `preferred` says why it fell back, and exits 1 when the clear video is refused too.
            A lost connection to the head unit ends the run with exit status 1 and an `error` line. With \
            --reconnect the stream connects and registers again instead (a `reconnecting` line before each \
            attempt, waits growing from 0.5 s to --reconnect-max-delay) and streams again; when \
            --reconnect-attempts in a row fail it exits 1 with "gave up reconnecting".

            Examples:
              carwindow headunit --port 12345 &
              carwindow stream --core 127.0.0.1:12345 --app-id swiftsdl-nav --duration 10 --events -
              carwindow stream --core 127.0.0.1:12345 --app-id swiftsdl-nav --source demo --protocol rtp --events -
              carwindow stream --core 127.0.0.1:12345 --app-id swiftsdl-nav --reconnect
              carwindow stream --core ws://127.0.0.1:2020 --app-id swiftsdl-nav
            """
    )

    @OptionGroup(title: "Head unit") var target: HeadUnitTargetOptions

    @OptionGroup(title: "App") var identity: AppIdentityOptions

    @OptionGroup(title: "Output") var output: RunOutputOptions

    @Option(help: "What to stream: pattern, demo, FILE.y4m or FILE.h264.")
    var source: StreamSourceChoice = .pattern

    @Option(name: .customLong("protocol"), help: "The video protocol to ask for first.")
    var videoProtocol: StreamProtocolChoice?

    @Option(help: "The highest frame rate to stream at (the head unit's preferred rate wins when lower).")
    var fps: Int?

    @Option(
        help: ArgumentHelp(
            """
            The highest bit rate to stream at, bit/s with an optional k or M, e.g. 1.5M (the head unit's maximum \
            wins when lower).
            """, valueName: "bitrate"),
        transform: { text in try Bitrate(parsing: text) })
    var bitrate: Bitrate?

    @Option(help: "An audio file (WAV, MP3, AAC/M4A, Ogg, FLAC) to play on the audio service beside the video.")
    var audio: String?

    @Option(help: "The app's TLS certificate chain (PEM) for protected video; goes with --key.")
    var certificate: String?

    @Option(help: "The private key (PEM) of --certificate.")
    var key: String?

    @Option(help: "With --certificate: `required` (no video in the clear) or `preferred` (fall back to the clear).")
    var protected: StreamProtectionChoice = .required

    @Option(help: "With --certificate: the newest TLS version to accept, 1.2 (safe with SDL Core) or 1.3.")
    var tlsMax: StreamTLSVersionChoice = .tls1_2

    func validate() throws {
        _ = try target.requiredCore()
        _ = try identity.requiredAppID()
        if let fps, !(1...60).contains(fps) { throw ValidationError("--fps must be between 1 and 60, not \(fps).") }
        if let bitrate, bitrate.bitsPerSecond < 64_000 {
            throw ValidationError(
                "--bitrate must be at least 64k (bit/s, with k or M), e.g. --bitrate 2M, not \(bitrate).")
        }
        if let audio, !FileManager.default.isReadableFile(atPath: audio) {
            throw ValidationError("--audio \(audio) cannot be read; give an existing audio file, e.g. prompt.wav.")
        }
        switch (certificate, key) {
        case (nil, nil): break
        case (let certificate?, let key?):
            for path in [certificate, key] where !FileManager.default.isReadableFile(atPath: path) {
                throw ValidationError("\(path) cannot be read; --certificate and --key take PEM files.")
            }
        default:
            throw ValidationError("--certificate and --key go together, e.g. --certificate app.pem --key app.key.")
        }
        switch source {
        case .pattern, .demo: break
        case .y4m(let path), .h264(let path):
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw ValidationError("--source \(path) cannot be read; give an existing .y4m or .h264 file.")
            }
        }
    }

    func run() async throws {
        let core = try target.requiredCore()
        let runner = StreamRunner(
            core: core, appID: try identity.requiredAppID(),
            appName: identity.appName ?? "CarWindow Stream", source: source, preferredProtocol: videoProtocol,
            frameRate: fps, bitrate: bitrate?.bitsPerSecond, duration: output.duration, audioFile: audio,
            protection: zip(certificate, key).map {
                StreamProtection(certificate: $0, key: $1, policy: protected, maximumVersion: tlsMax.version)
            },
            disconnectPolicy: target.disconnectPolicy, reportsFrameTimings: output.frameEvents)
        do {
            try await runner.run(events: output.events)
        } catch {
            FileHandle.standardError.write(Data("carwindow stream: \(error.message)\n".utf8))
            throw ExitCode.failure
        }
    }
}

/// Both values or none.
private func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}
