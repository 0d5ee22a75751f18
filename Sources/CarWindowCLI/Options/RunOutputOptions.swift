import ArgumentParser
import Foundation

/// How long a run lasts and where its events go, shared by `carwindow stream`, `demo` and `project`.
struct RunOutputOptions: ParsableArguments {
    @Option(help: "Stop after this many seconds (default: run until Ctrl-C).")
    var duration: Double?

    @Option(
        help: ArgumentHelp(
            """
            Write the run's events as JSON lines to FILE, one schema for every command (docs/streaming.md); with - \
            they go to stdout and the other lines to stderr.
            """, valueName: "file"))
    var events: String?

    @Flag(
        help: """
            With --events: also a `frame` line for every frame sent, with when it was asked for, drawn and sent \
            (wall-clock ms): for latency work, as `carwindow bench glass` does.
            """)
    var frameEvents = false

    func validate() throws {
        if frameEvents, events == nil {
            throw ValidationError("--frame-events adds lines to the event log: give it one, e.g. --events -")
        }
        if let duration, !(duration > 0 && duration.isFinite) {
            throw ValidationError(
                "--duration must be a positive number of seconds, e.g. --duration 10, not \(duration).")
        }
    }

    /// Prints a human-readable line: on stdout, unless `--events -` owns stdout, then on stderr.
    var say: @Sendable (String) -> Void {
        { [toStderr = events == "-"] text in
            (toStderr ? FileHandle.standardError : FileHandle.standardOutput).write(Data((text + "\n").utf8))
        }
    }
}
