package import Logging
package import NIOCore
import NIOHTTP1
package import NIOPosix
import NIOWebSocket
package import SDLWire

/// A WebSocket server whose connections carry SDL frames in binary messages: the emulator's server for apps
/// (`--websocket-port`, as SDL Core's WebEngine transport) and a cloud app's server that SDL Core dials
/// (`carwindow stream --listen ws://...`). An HTTP listener upgrades each connection with NIO's WebSocket upgrader;
/// the upgraded pipeline is the shared message handler (``WebSocketMessageHandler``), then the caller's link
/// pipeline (its SDL framing).
///
/// Connections reach async code whole, for the reason the emulator's TCP listener gives: NIO stops the process when
/// an async channel is dropped unfinished, and a connection upgraded while the listener stops would be. So the
/// upgrade hands over the bare channel, with reading off and what it read held (``HeldInbound``); only the task that
/// serves it wraps it (``NIOCore/NIOAsyncChannel/takingOver(_:)``). From its accept until then it is held in
/// ``UnclaimedConnections``, so one still upgrading, or upgraded and not yet taken, when the listener stops is
/// closed, not left open. A client that vanishes before or during its upgrade only fails its own upgrade; one that
/// never finishes it is closed after `upgradeTimeout`.
///
/// ```swift
/// let listener = try await WebSocketListener.bind(
///     host: "127.0.0.1", port: 0, maximumMessageBytes: 1 << 20, upgradeTimeout: .seconds(10), logger: logger
/// ) { channel in
///     try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(SDLFrameDecoder()))
///     try channel.pipeline.syncOperations.addHandler(MessageToByteHandler(SDLFrameEncoder()))
/// }
/// Task { try await listener.run { channel in await serve(channel) } }
/// // ...
/// listener.close()
/// ```
package struct WebSocketListener: Sendable {
    /// What a connection's upgrade ended in.
    enum Upgrade: Sendable {
        /// Upgraded, not yet wrapped for async code: its taker does that.
        case upgraded(any Channel)
        case notUpgraded
    }

    private let server: NIOAsyncChannel<EventLoopFuture<Upgrade>, Never>
    private let unclaimed: UnclaimedConnections
    private let logger: Logger

    /// The port it listens on: the one the kernel picked when bound to port 0.
    package var port: Int? { server.channel.localAddress?.port }

    /// Listens on `host`:`port`.
    ///
    /// - Parameters:
    ///   - tls: for `wss://`: the server's TLS (``WebSocketTLS/server(_:)``), first in each connection's pipeline.
    ///   - maximumMessageBytes: the largest WebSocket message (and frame) a peer may send, and how much an upgraded
    ///     connection may send before it is taken.
    ///   - upgradeTimeout: a connection that has not completed its upgrade by then is closed; `nil`: no limit.
    ///   - logger: a line for each TLS failure, refused upgrade and connection closed before it was served.
    ///   - options: more socket options for the listener and its connections (no delay and address reuse are
    ///     always on).
    ///   - allowsHalfClosure: a peer's end of input is an event, not a close (NIO's remote half-closure), so what
    ///     a peer sent before it closed, before it was taken, is still read (the emulator reports a cut frame). Its
    ///     link pipeline must then handle `ChannelEvent.inputClosed`; one that reads a FIN as the end (the app's
    ///     SDL framing) leaves it off.
    ///   - linkPipeline: adds the handlers after the message handler (the SDL framing, whose output is `SDLFrame`),
    ///     on the connection's event loop.
    /// - Throws: NIO's error when the address cannot be bound.
    package static func bind(
        host: String, port: Int, tls: WebSocketTLS? = nil, maximumMessageBytes: Int, upgradeTimeout: Duration?,
        logger: Logger, options: (ServerBootstrap) -> ServerBootstrap = { $0 }, allowsHalfClosure: Bool = false,
        linkPipeline: @escaping @Sendable (any Channel) throws -> Void
    ) async throws -> Self {
        let unclaimed = UnclaimedConnections()
        let server = try await options(ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton))
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            // With half-closure a peer that sends its last bytes and closes before it is taken stays open until
            // then, so what it sent (a truncated frame) is still reported. Before the upgrade is complete NIO's
            // upgrade handler closes on it.
            .childChannelOption(.allowRemoteHalfClosure, value: allowsHalfClosure)
            .bind(host: host, port: port) { (child: any Channel) -> EventLoopFuture<EventLoopFuture<Upgrade>> in
                child.eventLoop.makeCompletedFuture {
                    let upgrade: EventLoopFuture<Upgrade>
                    do {
                        if let tls {
                            try child.pipeline.syncOperations.addHandler(tls.serverHandler())
                            try child.pipeline.syncOperations.addHandler(
                                TLSFailureRecorder { failure in
                                    logger.info(
                                        "a WebSocket peer's TLS handshake failed", metadata: ["error": "\(failure)"])
                                })
                        }
                        upgrade = try configure(
                            child, maximumMessageBytes: maximumMessageBytes, logger: logger,
                            linkPipeline: linkPipeline)
                    } catch {
                        // NIO leaves a connection whose set-up failed open, with no one to close it.
                        child.close(promise: nil)
                        throw error
                    }
                    unclaimed.admit(child)
                    if let upgradeTimeout {
                        let deadline = child.eventLoop.scheduleTask(in: TimeAmount(upgradeTimeout)) {
                            logger.info("closing a WebSocket connection that did not complete its upgrade")
                            child.close(promise: nil)
                        }
                        upgrade.whenComplete { _ in deadline.cancel() }
                    }
                    return upgrade
                }
            }
        return Self(server: server, unclaimed: unclaimed, logger: logger)
    }

    private init(
        server: NIOAsyncChannel<EventLoopFuture<Upgrade>, Never>, unclaimed: UnclaimedConnections, logger: Logger
    ) {
        self.server = server
        self.unclaimed = unclaimed
        self.logger = logger
    }

    private static func configure(
        _ channel: any Channel, maximumMessageBytes: Int, logger: Logger,
        linkPipeline: @escaping @Sendable (any Channel) throws -> Void
    ) throws -> EventLoopFuture<Upgrade> {
        let upgrader = NIOTypedWebSocketServerUpgrader<Upgrade>(
            maxFrameSize: maximumMessageBytes,
            // The shared message handler reports a violation as a typed error before closing; NIO's would close
            // first.
            enableAutomaticErrorHandling: false,
            shouldUpgrade: { channel, _ in channel.eventLoop.makeSucceededFuture(HTTPHeaders()) },
            upgradePipelineHandler: { channel, _ in
                channel.eventLoop.makeCompletedFuture {
                    try WebSocketMessageHandler.addHandlers(
                        to: channel, role: .server, maximumMessageBytes: maximumMessageBytes)
                    try linkPipeline(channel)
                    // Nothing more is read until the connection is taken; what is in flight waits at the end.
                    try channel.pipeline.syncOperations.addHandler(
                        HeldInbound(limit: maximumMessageBytes, logger: logger))
                    try channel.syncOptions?.setOption(.autoRead, value: false)
                    return .upgraded(channel)
                }
            })
        let configuration = NIOTypedHTTPServerUpgradeConfiguration<Upgrade>(upgraders: [upgrader]) { channel in
            // Not a WebSocket request: Core's server answers nothing useful either; this one says so and closes.
            channel.eventLoop.makeCompletedFuture {
                logger.info(
                    "refused a connection that did not ask for a WebSocket upgrade",
                    metadata: ["peer": "\(channel.remoteAddress?.description ?? "?")"])
                let head = HTTPResponseHead(
                    version: .http1_1, status: .upgradeRequired,
                    headers: ["Upgrade": "websocket", "Connection": "close", "Content-Length": "0"])
                channel.write(HTTPServerResponsePart.head(head), promise: nil)
                channel.writeAndFlush(HTTPServerResponsePart.end(nil)).whenComplete { _ in
                    channel.close(promise: nil)
                }
                return .notUpgraded
            }
        }
        return try channel.pipeline.syncOperations.configureUpgradableHTTPServerPipeline(
            configuration: NIOUpgradableHTTPServerPipelineConfiguration(upgradeConfiguration: configuration))
    }

    /// Serves every upgraded connection with `serve`, each in a task of its own, until the listener closes.
    /// `serve` must run the channel it gets (`executeThenClose`), as any `NIOAsyncChannel`.
    package func run(_ serve: @escaping @Sendable (NIOAsyncChannel<SDLFrame, SDLFrame>) async -> Void) async throws {
        defer { unclaimed.closeAll() }
        try await server.executeThenClose { inbound in
            try await withThrowingDiscardingTaskGroup { group in
                for try await upgrade in inbound {
                    group.addTask {
                        // Nothing here owns an async channel until takingOver returns one, which is then served
                        // whatever happens: a connection dropped before that is closed by `unclaimed`.
                        guard case .upgraded(let child) = try? await upgrade.get() else { return }
                        let channel: NIOAsyncChannel<SDLFrame, SDLFrame>
                        do {
                            // Not waiting any more: it closed, or the listener closed it on its way here.
                            guard unclaimed.claim(child) else { throw ChannelError.ioOnClosedChannel }
                            channel = try await NIOAsyncChannel<SDLFrame, SDLFrame>.takingOver(child)
                        } catch {
                            logger.debug(
                                "WebSocket connection closed before it was served", metadata: ["error": "\(error)"])
                            child.close(promise: nil)
                            return
                        }
                        await serve(channel)
                    }
                }
            }
        }
    }

    /// Stops accepting and closes every connection still upgrading or not yet taken. Connections already served
    /// are their servers' to close.
    package func close() {
        unclaimed.closeAll()
        server.channel.close(promise: nil)
    }
}
