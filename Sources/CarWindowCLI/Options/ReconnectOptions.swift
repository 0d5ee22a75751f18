import ArgumentParser
import SDLProjection

/// `--reconnect` and its tuning, shared by `carwindow stream`, `demo` and `project`: what a lost connection to the
/// head unit (or a first connection that fails) does to the run.
struct ReconnectOptions: ParsableArguments {
    @Flag(help: "When the connection to the head unit is lost, connect and register again (exponential backoff).")
    var reconnect = false

    @Option(help: "With --reconnect: attempts in a row before giving up (0: never give up).")
    var reconnectAttempts = 10

    @Option(help: "With --reconnect: the longest wait between attempts, in seconds.")
    var reconnectMaxDelay = 10.0

    func validate() throws {
        guard reconnectAttempts >= 0 else {
            throw ValidationError("--reconnect-attempts must be 0 (never give up) or more, not \(reconnectAttempts).")
        }
        guard reconnectMaxDelay >= 0.1, reconnectMaxDelay.isFinite else {
            throw ValidationError("--reconnect-max-delay must be at least 0.1 seconds, e.g. --reconnect-max-delay 5.")
        }
    }

    /// The run's disconnect policy: `.fail` without --reconnect.
    var policy: ProjectionOptions.DisconnectPolicy {
        guard reconnect else { return .fail }
        let ceiling = Duration.milliseconds(Int64((reconnectMaxDelay * 1000).rounded()))
        return .reconnect(
            ReconnectPolicy(
                initialDelay: min(.milliseconds(500), ceiling), maximumDelay: ceiling,
                maximumAttempts: reconnectAttempts == 0 ? nil : reconnectAttempts))
    }
}
