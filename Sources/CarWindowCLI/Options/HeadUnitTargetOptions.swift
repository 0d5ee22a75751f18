import ArgumentParser
import SDLWire

/// The head unit a command reaches, shared by `carwindow stream`, `demo` and `project`: `--core HOST:PORT` and what a
/// lost connection does (`--reconnect` and its tuning).
struct HeadUnitTargetOptions: ParsableArguments {
    @Option(
        name: .customLong("core"),
        help: ArgumentHelp(
            """
            The head unit to connect to: SDL Core or `carwindow headunit`, at HOST:PORT over TCP (an IPv6 \
            address in brackets, e.g. [::1]:12345), or at ws://HOST:PORT over WebSocket (Core's WebEngine server, \
            `carwindow headunit --websocket-port`), or wss://HOST:PORT over WebSocket with TLS (see \
            --websocket-ca). `stream` needs it; without it `demo` and `project` start the emulator.
            """, valueName: "host:port"),
        transform: { text in try Endpoint(parsing: text) })
    var core: Endpoint?

    @Option(
        help: ArgumentHelp(
            """
            For --core wss://: a PEM file of the CA the head unit's certificate must chain to (the system's \
            CAs without it).
            """, valueName: "file"))
    var websocketCa: String?

    @Option(
        help: ArgumentHelp(
            """
            For --core wss://: the app's PEM certificate, which SDL Core's TLS WebSocket server requires (with \
            --websocket-key).
            """, valueName: "file"))
    var websocketCertificate: String?

    @Option(help: ArgumentHelp("For --core wss://: the PEM private key of --websocket-certificate.", valueName: "file"))
    var websocketKey: String?

    /// `--core` with the `wss://` files applied.
    var endpoint: Endpoint? {
        guard var core else { return nil }
        core.tls = WebSocketTLSFiles(
            trustRoots: websocketCa, certificate: websocketCertificate, privateKey: websocketKey)
        return core
    }

    @OptionGroup var reconnection: ReconnectOptions

    /// For `carwindow stream`, which has no emulator of its own to fall back on.
    func requiredCore() throws -> Endpoint {
        guard let core = endpoint else {
            throw ValidationError("give the head unit to connect to with --core HOST:PORT, e.g. --core 127.0.0.1:12345")
        }
        return core
    }
}
