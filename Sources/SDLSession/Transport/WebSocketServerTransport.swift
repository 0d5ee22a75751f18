public import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import SDLWebSocket
public import SDLWire

/// A WebSocket server transport: the app listens and the head unit dials in. This is how SDL Core reaches a cloud
/// app: the app's policy-table entry names its `endpoint` (`ws://HOST:PORT` or `wss://...`), and Core connects when
/// the driver activates the app, retrying a few times (docs/transports.md). `carwindow headunit --cloud-app`
/// does the same.
///
/// ``listen(on:configuration:logger:_:)`` binds the address for the duration of a closure (``bind(on:configuration:logger:)``
/// and ``close()`` for an owner that outlives one scope). Each
/// ``withConnection(_:)`` waits for the next head unit to connect and hands out its link: the same ``TCPConnection``
/// as ``TCPTransport`` and ``WebSocketTransport`` (WebSocket runs over TCP), so the send path, its back-pressure, the
/// stall watch and the link's delivery rate are the same. After a disconnect, a session that reconnects simply waits
/// for the head unit's next call. One head unit is served at a time: a connection that arrives while one is served
/// waits (a newer one replaces it).
///
/// ```swift
/// try await WebSocketServerTransport.listen(on: try WebSocketURL(parsing: "ws://0.0.0.0:8080")) { server in
///     print("waiting for the head unit on port \(server.port)")
///     let session = SDLSession(configuration: app, transport: server)
///     try await session.start()   // returns once the head unit dialed in and the app registered
/// }
/// ```
public final class WebSocketServerTransport: SDLTransport {
    /// The TCP link's settings and the WebSocket limits: the dialing transport's (``WebSocketTransport/Configuration``),
    /// read from the listening side. The connect timeout bounds each connection's upgrade; for `wss://`, `tls` gives
    /// the server's certificate and key (required) and, optionally, a CA the head unit's certificate must chain to
    /// (SDL Core shows none when it dials a cloud app; with a CA, a head unit without one is refused).
    ///
    /// ```swift
    /// let cloud = WebSocketServerTransport.Configuration(
    ///     tls: WebSocketTLSFiles(certificate: "app.pem", privateKey: "app-key.pem"))
    /// ```
    public typealias Configuration = WebSocketTransport.Configuration

    /// The address it listens on, with the port it got (the kernel's pick when bound to port 0).
    public let url: WebSocketURL
    public let configuration: Configuration
    private let listener: WebSocketListener
    private let incoming: IncomingConnections<TCPConnection>
    /// The task that accepts and serves connections, from ``bind(on:configuration:logger:)`` to ``close()``.
    private let acceptTask = NIOLockedValueBox<Task<Void, Never>?>(nil)

    /// The port head units dial.
    public var port: Int { url.port }

    public var kind: TransportKind { url.scheme == .wss ? .wss : .ws }

    private init(url: WebSocketURL, configuration: Configuration, listener: WebSocketListener) {
        self.url = url
        self.configuration = configuration
        self.listener = listener
        self.incoming = IncomingConnections {
            SDLSessionError(.connectionFailed("\(url): the listener has closed"))
        }
    }

    /// Listens on `url`'s host and port, runs `body` with the transport, then closes it (``close()``).
    ///
    /// - Throws: what ``bind(on:configuration:logger:)`` throws, and whatever `body` throws.
    public static func listen<Result: Sendable>(
        on url: WebSocketURL, configuration: Configuration = Configuration(),
        logger: Logger = Logger(label: "carwindow.listen"),
        _ body: (WebSocketServerTransport) async throws -> Result
    ) async throws -> Result {
        let transport = try await bind(on: url, configuration: configuration, logger: logger)
        do {
            let result = try await body(transport)
            await transport.close()
            return result
        } catch {
            await transport.close()
            throw error
        }
    }

    /// Starts listening on `url`'s host and port, until ``close()``. Prefer ``listen(on:configuration:logger:_:)``,
    /// which closes it for you; this is for a transport whose owner outlives one scope (a command line's run).
    ///
    /// - Parameters:
    ///   - url: `ws://HOST:PORT` or `wss://HOST:PORT`; the path is not checked (SDL Core asks for its policy
    ///     entry's path, and any path is served). Port 0 picks a free port (``port``).
    ///   - configuration: link settings, limits and the `wss://` files.
    ///   - logger: a line when listening, for each connection, and for each refused upgrade or failed TLS.
    /// - Throws: ``SDLSessionError`` `.webSocket(.tls)` when the `wss://` files cannot be used,
    ///   `.connectionFailed` when the address cannot be bound.
    public static func bind(
        on url: WebSocketURL, configuration: Configuration = Configuration(),
        logger: Logger = Logger(label: "carwindow.listen")
    ) async throws -> WebSocketServerTransport {
        let tls: WebSocketTLS?
        do {
            tls = url.scheme == .wss ? try WebSocketTLS.server(configuration.tls) : nil
        } catch {
            throw SDLSessionError(.webSocket(error))
        }
        let tcp = configuration.tcp
        let stall = TimeAmount(tcp.stallTimeout)
        let listener: WebSocketListener
        do {
            listener = try await WebSocketListener.bind(
                host: url.host, port: url.port, tls: tls, maximumMessageBytes: configuration.maximumMessageBytes,
                upgradeTimeout: tcp.connectTimeout, logger: logger,
                options: { $0.childKeepalive(tcp.keepalive).childNotSentLowWatermark(tcp.notSentLowWatermark) }
            ) { channel in
                try channel.pipeline.syncOperations.addHandler(SDLFrameChannelHandler(stallTimeout: stall))
            }
        } catch {
            throw SDLSessionError(.connectionFailed("cannot listen on \(url): \(error)"))
        }
        let transport = WebSocketServerTransport(
            url: url.with(port: listener.port ?? url.port), configuration: configuration, listener: listener)
        let task = Task {
            do {
                try await listener.run { channel in await transport.serve(channel, logger: logger) }
            } catch {
                logger.debug("the WebSocket listener ended", metadata: ["error": "\(error)"])
            }
        }
        transport.acceptTask.withLockedValue { $0 = task }
        logger.info("waiting for a head unit to connect", metadata: ["address": "\(transport.url)"])
        return transport
    }

    /// Stops listening, closes the connection still waiting to be taken, fails a ``withConnection(_:)`` waiting
    /// for one, and returns once the listener's task ended. A connection a session took is the session's to close
    /// (it is closed when its `withConnection` ends), and this waits for that: stop the session first. Safe to call
    /// more than once.
    public func close() async {
        listener.close()
        incoming.close()
        await acceptTask.withLockedValue { $0 }?.value
    }

    /// Runs one accepted connection: offers it to the session and keeps it open until the session is done.
    private func serve(_ channel: NIOAsyncChannel<SDLFrame, SDLFrame>, logger: Logger) async {
        let tcp = configuration.tcp
        let peer = channel.channel.remoteAddress?.description ?? "?"
        logger.info("a head unit connected", metadata: ["peer": "\(peer)"])
        do {
            try await channel.executeThenClose { inbound, outbound in
                await incoming.offer(
                    TCPConnection(channel.channel, inbound: inbound, outbound: outbound, settings: tcp))
            }
        } catch {
            logger.debug("a head unit's connection ended", metadata: ["peer": "\(peer)", "error": "\(error)"])
        }
    }

    /// Waits for the next head unit to connect (as long as it takes; cancelling the task ends the wait), runs
    /// `body` with its link and closes it afterwards.
    ///
    /// - Throws: `CancellationError`, ``SDLSessionError`` `.connectionFailed` once the listener has closed, and
    ///   whatever `body` throws.
    public func withConnection<Result: Sendable>(
        _ body: (TCPConnection) async throws -> Result
    ) async throws -> Result {
        let handoff = try await incoming.next()
        defer { handoff.release() }
        return try await body(handoff.connection)
    }
}
