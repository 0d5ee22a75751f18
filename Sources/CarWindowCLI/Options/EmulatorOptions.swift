import ArgumentParser

/// What differs between the commands that run the head-unit emulator: `headunit` listens on the port scripts and
/// SDL apps expect and serves the viewer on request; `demo` shows itself in the viewer; `project` picks a free port.
protocol EmulatorDefaults {
    /// `--port`'s default.
    static var port: Int { get }
    /// Whether the viewer runs without `--viewer` or `--no-viewer`.
    static var viewer: Bool { get }
    /// Where the video goes without `--record`, for the help.
    static var recordingWithoutRecord: String { get }
}

/// The head-unit emulator's options, shared by `carwindow headunit`, `demo` and `project`: where it listens, where
/// it records, and the browser viewer beside it.
struct EmulatorOptions<Defaults: EmulatorDefaults>: ParsableArguments {
    @Option(help: "The TCP port the emulator listens on (0 picks a free one).")
    var port: Int = Defaults.port

    @Option(
        help: ArgumentHelp(
            """
            A directory where the emulator records one .h264 file per video stream and one .pcm file per audio \
            stream (default: \(Defaults.recordingWithoutRecord)).
            """, valueName: "directory"))
    var record: String?

    @Flag(
        inversion: .prefixedNo,
        help: "Serve the browser viewer (live video, touch and the HMI's controls) for the apps that connect.")
    var viewer: Bool = Defaults.viewer

    @Option(help: "The browser viewer's port on 127.0.0.1 (0 picks one; demo and project pick one if it is in use).")
    var viewerPort = 8080

    init() {}

    func validate() throws {
        guard (0...65_535).contains(port) else {
            throw ValidationError("--port must be 0...65535 (0 picks a free port), not \(port).")
        }
        guard (0...65_535).contains(viewerPort) else {
            throw ValidationError("--viewer-port must be 0...65535 (0 picks a free port), not \(viewerPort).")
        }
    }

    /// `demo` and `project` run the emulator only without `--core`: a real SDL Core records nothing for them.
    func validate(with target: HeadUnitTargetOptions) throws {
        if target.endpoint != nil, record != nil {
            throw ValidationError("--record records the emulator's stream; with --core, SDL Core does not record.")
        }
    }

    /// The viewer's port, or `nil` when it does not run.
    var viewerPortIfShown: Int? { viewer ? viewerPort : nil }
}
