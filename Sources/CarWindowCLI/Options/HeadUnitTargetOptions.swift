import ArgumentParser
import HeadUnit
import ProjectionHosting
import SDLProjection
import SDLWire

/// The head unit a command reaches, shared by `carwindow stream`, `demo` and `project`: `--core HOST:PORT` (the app
/// dials), or `--listen ws://HOST:PORT` (a cloud app: the head unit dials), and what a lost connection does
/// (`--reconnect` and its tuning).
struct HeadUnitTargetOptions: ParsableArguments {
    @Option(
        name: .customLong("core"),
        help: ArgumentHelp(
            """
            The head unit to connect to: SDL Core or `carwindow headunit`, at HOST:PORT over TCP (an IPv6 \
            address in brackets, e.g. [::1]:12345), or at ws://HOST:PORT over WebSocket (Core's WebEngine server, \
            `carwindow headunit --websocket-port`), or wss://HOST:PORT over WebSocket with TLS (see \
            --websocket-ca). `stream` needs it or --listen; without either `demo` and `project` start the emulator.
            """, valueName: "host:port"),
        transform: { text in try Endpoint(parsing: text) })
    var core: Endpoint?

    @Option(
        name: .customLong("listen"),
        help: ArgumentHelp(
            """
            Be a cloud app: listen at ws://HOST:PORT (or wss://HOST:PORT, with --websocket-certificate and \
            --websocket-key) and wait for the head unit to dial in, as SDL Core dials the endpoint of a cloud \
            app's policy entry when the driver activates it (`carwindow headunit --cloud-app` does the same). \
            After a disconnect the next call is served. Port 0 picks a free port (the run says which). Instead of \
            --core.
            """, valueName: "ws://host:port"),
        transform: { text in try Endpoint(parsing: text, listening: true) })
    var listen: Endpoint?

    @Option(
        help: ArgumentHelp(
            """
            For --core wss://: a PEM file of the CA the head unit's certificate must chain to (the system's \
            CAs without it). For --listen wss://: a head unit must show a certificate chaining to it (SDL Core \
            shows none when it dials a cloud app; leave it out for Core).
            """, valueName: "file"))
    var websocketCa: String?

    @Option(
        help: ArgumentHelp(
            """
            For --core wss://: the app's PEM certificate, which SDL Core's TLS WebSocket server requires (with \
            --websocket-key). For --listen wss://: the server's certificate, which the head unit checks against \
            the CA of the app's policy entry.
            """, valueName: "file"))
    var websocketCertificate: String?

    @Option(help: ArgumentHelp("For wss://: the PEM private key of --websocket-certificate.", valueName: "file"))
    var websocketKey: String?

    /// `--core`, or `--listen` marked as such, with the `wss://` files applied.
    var endpoint: Endpoint? {
        guard var chosen = core ?? listen else { return nil }
        chosen.listens = core == nil
        chosen.tls = WebSocketTLSFiles(
            trustRoots: websocketCa, certificate: websocketCertificate, privateKey: websocketKey)
        return chosen
    }

    @OptionGroup var reconnection: ReconnectOptions

    func validate() throws {
        if core != nil, listen != nil {
            throw ValidationError(
                "give --core (the app dials the head unit) or --listen (the head unit dials the app), not both.")
        }
        if let listen {
            guard let url = listen.webSocketURL else {
                throw ValidationError(
                    "--listen takes a WebSocket address the head unit dials, e.g. --listen ws://0.0.0.0:8080, "
                        + "not \(listen).")
            }
            if url.scheme == .wss, websocketCertificate == nil || websocketKey == nil {
                throw ValidationError(
                    "--listen wss:// needs the server's certificate: --websocket-certificate app.pem "
                        + "--websocket-key app-key.pem.")
            }
        }
    }

    /// What a lost connection does: `--reconnect`'s policy; with `--listen` and without `--reconnect`, the next call
    /// is waited for without end (a cloud app serves the car whenever the driver picks it again).
    var disconnectPolicy: ProjectionOptions.DisconnectPolicy {
        guard listen != nil, !reconnection.reconnect else { return reconnection.policy }
        return .reconnect(
            ReconnectPolicy(initialDelay: .milliseconds(100), maximumDelay: .seconds(1), maximumAttempts: nil))
    }

    /// The head unit of `carwindow demo` and `carwindow project`: `--core`'s or `--listen`'s transport (bound now
    /// for `--listen`), else the local emulator as `emulator`'s options set it up, recording into a new directory
    /// named `prefix-UUID` without `--record`.
    func headUnitChoice<Defaults>(
        emulator: EmulatorOptions<Defaults>, prefix: String,
        configure: @escaping @Sendable (inout HeadUnitConfiguration) -> Void
    ) async throws -> RunHeadUnit.Choice {
        if let endpoint { return .core(try await endpoint.makeTransport()) }
        return .emulator(port: emulator.port, recordDirectory: emulator.record, prefix: prefix, configure: configure)
    }

    /// For `carwindow stream`, which has no emulator of its own to fall back on.
    func requiredCore() throws -> Endpoint {
        guard let core = endpoint else {
            throw ValidationError(
                "give the head unit to connect to with --core HOST:PORT, e.g. --core 127.0.0.1:12345, or wait for "
                    + "it to dial in with --listen ws://HOST:PORT")
        }
        return core
    }
}
