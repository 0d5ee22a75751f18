import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import SDLWebSocket
import SDLWire

/// The emulator's WebSocket server for apps (`--websocket-port`), as SDL Core's WebEngine transport: an HTTP
/// listener that upgrades each connection with NIO's WebSocket upgrader and then carries SDL frames in binary
/// messages (the message handler the app's transport uses too, SDLWebSocket). Each upgraded connection is one app,
/// served exactly as a TCP one.
///
/// Connections reach async code as ``TCPListener``'s do, and for the same reason: NIO stops the process when an
/// async channel is dropped unfinished, and a connection upgraded while the listener stops would be. So the upgrade
/// hands over the bare channel, with reading off and what it read held (``HeldInbound``); only the task that serves
/// it wraps it (``TCPListener/takeOver(_:)``). From its accept until then it is held in ``UnclaimedConnections``, so
/// one still upgrading, or upgraded and not yet taken, when the emulator stops is closed, not left open. A client
/// that vanishes before or during its upgrade only fails its own upgrade; one that never finishes it is closed
/// after `upgradeTimeout`.
///
/// ```swift
/// let listener = try await WebSocketAppListener.bind(
///     host: "127.0.0.1", port: 0, maximumMessageBytes: 1 << 20, maximumPayload: 131_072,
///     partialFrameTimeout: .seconds(10), logger: logger)
/// Task { try await listener.run { channel in await serve(channel) } }
/// // ...
/// listener.close()
/// ```
struct WebSocketAppListener: Sendable {
    /// What a connection's upgrade ended in.
    enum Upgrade: Sendable {
        /// Upgraded, not yet wrapped for async code: its taker does that.
        case upgraded(any Channel)
        case notUpgraded
    }

    let server: NIOAsyncChannel<EventLoopFuture<Upgrade>, Never>
    let unclaimed: UnclaimedConnections
    let logger: Logger

    var port: Int? { server.channel.localAddress?.port }

    /// Listens on `host`:`port`; each app's WebSocket messages and frames may be up to `maximumMessageBytes`, its
    /// SDL frames' payloads up to `maximumPayload` (the MTU). `partialFrameTimeout` also bounds the upgrade: a
    /// connection that has not completed it by then is closed (a stalled request is a stalled partial frame).
    static func bind(
        host: String, port: Int, tls files: WebSocketTLSFiles? = nil, maximumMessageBytes: Int, maximumPayload: Int,
        partialFrameTimeout: Duration?, logger: Logger
    ) async throws(HeadUnitError) -> Self {
        let unclaimed = UnclaimedConnections()
        let tls: WebSocketTLS?
        do {
            tls = try files.map { files throws(WebSocketFailure) in try WebSocketTLS.server(files) }
        } catch {
            throw HeadUnitError(.webSocket(error))
        }
        do {
            let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
                // An app's end of input is an event, not a close: an app that sends its last bytes and closes
                // before it is taken stays open until then, so what it sent (a truncated frame) is still reported.
                // Before the upgrade is complete NIO's upgrade handler closes on it.
                .childChannelOption(.allowRemoteHalfClosure, value: true)
                .bind(host: host, port: port) { (child: any Channel) -> EventLoopFuture<EventLoopFuture<Upgrade>> in
                    child.eventLoop.makeCompletedFuture {
                        let upgrade: EventLoopFuture<Upgrade>
                        do {
                            if let tls {
                                try child.pipeline.syncOperations.addHandler(tls.serverHandler())
                                try child.pipeline.syncOperations.addHandler(
                                    TLSFailureRecorder { failure in
                                        logger.info("a WebSocket app's TLS failed", metadata: ["error": "\(failure)"])
                                    })
                            }
                            upgrade = try configure(
                                child, maximumMessageBytes: maximumMessageBytes, maximumPayload: maximumPayload,
                                partialFrameTimeout: partialFrameTimeout, logger: logger)
                        } catch {
                            // NIO leaves a connection whose set-up failed open, with no one to close it.
                            child.close(promise: nil)
                            throw error
                        }
                        unclaimed.admit(child)
                        if let timeout = partialFrameTimeout {
                            let deadline = child.eventLoop.scheduleTask(in: TimeAmount(timeout)) {
                                logger.info("closing a WebSocket connection that did not complete its upgrade")
                                child.close(promise: nil)
                            }
                            upgrade.whenComplete { _ in deadline.cancel() }
                        }
                        return upgrade
                    }
                }
            return Self(server: server, unclaimed: unclaimed, logger: logger)
        } catch {
            throw HeadUnitError(.bindFailed("\(host):\(port): \(error)"))
        }
    }

    private static func configure(
        _ channel: any Channel, maximumMessageBytes: Int, maximumPayload: Int, partialFrameTimeout: Duration?,
        logger: Logger
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
                    let watch = partialFrameTimeout.map { PartialFrameTimeout.Watch(timeout: $0, logger: logger) }
                    try HeadUnitEmulator.configureLinkPipeline(
                        channel, maximumPayload: maximumPayload, partialFrameTimeout: watch)
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
    func run(_ serve: @escaping @Sendable (NIOAsyncChannel<SDLFrame, SDLFrame>) async -> Void) async throws {
        defer { unclaimed.closeAll() }
        try await server.executeThenClose { inbound in
            try await withThrowingDiscardingTaskGroup { group in
                for try await upgrade in inbound {
                    group.addTask {
                        // Nothing here owns an async channel until takeOver returns one, which is then served
                        // whatever happens: a connection dropped before that is closed by `unclaimed`.
                        guard case .upgraded(let child) = try? await upgrade.get() else { return }
                        let channel: NIOAsyncChannel<SDLFrame, SDLFrame>
                        do {
                            // Not waiting any more: it closed, or the listener closed it on its way here.
                            guard unclaimed.claim(child) else { throw ChannelError.ioOnClosedChannel }
                            channel = try await TCPListener<SDLFrame, SDLFrame>.takeOver(child)
                        } catch {
                            logger.debug("WebSocket app closed before it was served", metadata: ["error": "\(error)"])
                            child.close(promise: nil)
                            return
                        }
                        await serve(channel)
                    }
                }
            }
        }
    }

    /// Stops accepting and closes every connection still upgrading or not yet taken.
    func close() {
        unclaimed.closeAll()
        server.channel.close(promise: nil)
    }
}
