import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import SDLWire

/// The emulator's WebSocket server for apps (`--websocket-port`), as SDL Core's WebEngine transport: an HTTP
/// listener that upgrades each connection with NIO's WebSocket upgrader and then carries SDL frames in binary
/// messages. Each upgraded connection is one app, served exactly as a TCP one.
///
/// A connection is held from its accept to the end of its upgrade (``UnclaimedConnections``), so one still
/// upgrading when the emulator stops is closed rather than left open with no one to serve it.
struct WebSocketAppListener: Sendable {
    /// What a connection's upgrade ended in.
    enum Upgrade: Sendable {
        case upgraded(NIOAsyncChannel<SDLFrame, SDLFrame>)
        case notUpgraded
    }

    let server: NIOAsyncChannel<EventLoopFuture<Upgrade>, Never>
    let unclaimed: UnclaimedConnections

    var port: Int? { server.channel.localAddress?.port }

    /// Listens on `host`:`port`; each app's WebSocket messages and frames may be up to `maximumMessageBytes`, its
    /// SDL frames' payloads up to `maximumPayload` (the MTU).
    static func bind(
        host: String, port: Int, maximumMessageBytes: Int, maximumPayload: Int, partialFrameTimeout: Duration?,
        logger: Logger
    ) async throws(HeadUnitError) -> Self {
        let unclaimed = UnclaimedConnections()
        do {
            let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
                .bind(host: host, port: port) { (child: any Channel) -> EventLoopFuture<EventLoopFuture<Upgrade>> in
                    child.eventLoop.makeCompletedFuture {
                        unclaimed.admit(child)
                        return try configure(
                            child, maximumMessageBytes: maximumMessageBytes, maximumPayload: maximumPayload,
                            partialFrameTimeout: partialFrameTimeout, logger: logger)
                    }
                }
            return Self(server: server, unclaimed: unclaimed)
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
            shouldUpgrade: { channel, _ in channel.eventLoop.makeSucceededFuture(HTTPHeaders()) },
            upgradePipelineHandler: { channel, _ in
                channel.eventLoop.makeCompletedFuture {
                    let handlers = channel.pipeline.syncOperations
                    try handlers.addHandler(
                        NIOWebSocketFrameAggregator(
                            minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 1024,
                            maxAccumulatedFrameSize: maximumMessageBytes))
                    try handlers.addHandler(WebSocketAppLink())
                    let watch = partialFrameTimeout.map { PartialFrameTimeout.Watch(timeout: $0, logger: logger) }
                    try HeadUnitEmulator.configureLinkPipeline(
                        channel, maximumPayload: maximumPayload, partialFrameTimeout: watch)
                    return .upgraded(try NIOAsyncChannel<SDLFrame, SDLFrame>(wrappingChannelSynchronously: channel))
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

    /// Serves every upgraded connection with `serve` until the listener closes.
    func run(_ serve: @escaping @Sendable (NIOAsyncChannel<SDLFrame, SDLFrame>) async -> Void) async throws {
        defer { unclaimed.closeAll() }
        try await server.executeThenClose { inbound in
            try await withThrowingDiscardingTaskGroup { group in
                for try await upgrade in inbound {
                    group.addTask {
                        // Awaited even when cancelled: an upgraded channel must be run to be closed.
                        guard case .upgraded(let channel) = try? await upgrade.get() else { return }
                        _ = unclaimed.claim(channel.channel)
                        await serve(channel)
                    }
                }
            }
        }
    }

    /// Stops accepting and closes every connection still upgrading.
    func close() {
        unclaimed.closeAll()
        server.channel.close(promise: nil)
    }
}
