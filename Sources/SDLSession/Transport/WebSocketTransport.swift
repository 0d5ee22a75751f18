import NIOConcurrencyHelpers
public import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import SDLWebSocket
public import SDLWire

/// A WebSocket client transport: SDL Core's WebEngine server (`[TransportManager] WebSocketServerPort`, 2020 by
/// default) or `carwindow headunit --websocket-port`. SDL frames travel as binary WebSocket messages.
///
/// WebSocket runs over TCP, and the link it hands out is the same ``TCPConnection`` ``TCPTransport`` hands out, so
/// the send path, its back-pressure (a send waits for the previous batch's write and for the kernel's unsent bytes),
/// the stall watch and the link's delivery rate are the same on both. Only the pipeline differs: NIO's HTTP upgrade,
/// then NIO's WebSocket codec and aggregator, the message handler both ends share (SDLWebSocket), then the SDL
/// framing.
///
/// ```swift
/// let transport = WebSocketTransport(url: try WebSocketURL(parsing: "ws://127.0.0.1:2020"))
/// let session = SDLSession(configuration: app, transport: transport)
/// try await session.start()
/// ```
public struct WebSocketTransport: SDLTransport {
    /// The TCP link's settings and the WebSocket limits.
    public struct Configuration: Sendable {
        /// The TCP link under the WebSocket: connect timeout (which also bounds the upgrade), stall timeouts,
        /// keepalive, unsent-bytes limit (``TCPTransport/Configuration``).
        public var tcp: TCPTransport.Configuration
        /// The largest WebSocket message (and frame) the head unit may send, in bytes; a larger one fails the link
        /// with `WebSocketFailure.messageTooLarge(limit:)`. SDL Core sends one SDL frame per message, so the
        /// default, 1 MiB, is eight times its largest frame (`MaximumPayloadSize` 131072 plus the header).
        public var maximumMessageBytes: Int
        /// For `wss://`: the CA file the head unit's certificate must chain to (the system's when `nil`), and the
        /// app's own certificate and key, which SDL Core's TLS WebSocket server requires. Unused for `ws://`.
        public var tls: WebSocketTLSFiles

        /// ```swift
        /// let strict = WebSocketTransport.Configuration(maximumMessageBytes: 256 * 1024)
        /// let core = WebSocketTransport.Configuration(
        ///     tls: WebSocketTLSFiles(trustRoots: "ca.pem", certificate: "app.pem", privateKey: "app-key.pem"))
        /// ```
        public init(
            tcp: TCPTransport.Configuration = TCPTransport.Configuration(), maximumMessageBytes: Int = 1 << 20,
            tls: WebSocketTLSFiles = WebSocketTLSFiles()
        ) {
            self.tcp = tcp
            self.maximumMessageBytes = max(1024, maximumMessageBytes)
            self.tls = tls
        }
    }

    public var url: WebSocketURL
    public var configuration: Configuration
    private let group: any EventLoopGroup

    public var kind: TransportKind { url.scheme == .wss ? .wss : .ws }

    /// - Parameters:
    ///   - url: `ws://HOST:PORT[/PATH]` (``WebSocketURL``).
    ///   - configuration: timeouts and limits.
    ///   - group: the event loops to use; NIO's shared singleton when `nil`.
    public init(url: WebSocketURL, configuration: Configuration = Configuration(), group: (any EventLoopGroup)? = nil) {
        self.url = url
        self.configuration = configuration
        self.group = group ?? MultiThreadedEventLoopGroup.singleton
    }

    /// What the upgrade ended in, on the event loop.
    private enum Upgrade: Sendable {
        case upgraded(NIOAsyncChannel<SDLFrame, SDLFrame>)
        case refused(status: Int, String)
    }

    public func withConnection<Result: Sendable>(
        _ body: (TCPConnection) async throws -> Result
    ) async throws -> Result {
        let tcp = configuration.tcp
        let channel = try await upgradedChannel()
        return try await channel.executeThenClose { inbound, outbound in
            try await body(
                TCPConnection(
                    channel: channel.channel, inboundStream: inbound, outbound: outbound,
                    previousWrite: NIOLockedValueBox(nil), notSentLimit: tcp.notSentLowWatermark,
                    delivery: NIOLockedValueBox(nil), sendStallTimeout: tcp.sendStallTimeout))
        }
    }

    /// Connects, asks for the upgrade and waits for the answer, all within the connect timeout: a server that takes
    /// the TCP connection and never answers the upgrade is a connect timeout, not a hang.
    private func upgradedChannel() async throws -> NIOAsyncChannel<SDLFrame, SDLFrame> {
        let stall = TimeAmount(configuration.tcp.stallTimeout)
        let maximum = configuration.maximumMessageBytes
        let url = url
        let started = ContinuousClock.now
        let answered = NIOLockedValueBox<Int?>(nil)
        let tlsFailure = NIOLockedValueBox<WebSocketFailure?>(nil)
        let tls: WebSocketTLS?
        do {
            tls = url.scheme == .wss ? try WebSocketTLS.client(configuration.tls) : nil
        } catch {
            throw SDLSessionError(.webSocket(error))
        }
        let upgrade: EventLoopFuture<Upgrade>
        let channel: any Channel
        do {
            (channel, upgrade) = try await ClientBootstrap(group: group)
                .connectTimeout(TimeAmount(configuration.tcp.connectTimeout))
                .channelOption(.socketOption(.tcp_nodelay), value: 1)
                .keepalive(configuration.tcp.keepalive)
                .notSentLowWatermark(configuration.tcp.notSentLowWatermark)
                .connect(host: url.host, port: url.port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        if let tls {
                            // SNI and the certificate's name; an IP address is matched against its IP addresses.
                            let isAddress = url.host.contains(":") || url.host.allSatisfy { $0.isNumber || $0 == "." }
                            try channel.pipeline.syncOperations.addHandler(
                                try tls.clientHandler(serverHostname: isAddress ? nil : url.host))
                            try channel.pipeline.syncOperations.addHandler(
                                TLSFailureRecorder { failure in tlsFailure.withLockedValue { $0 = $0 ?? failure } })
                        }
                        let result = try Self.configureUpgrade(
                            channel, url: url, maximum: maximum, stall: stall, answered: answered)
                        return (channel, result)
                    }
                }
        } catch let error as ChannelError {
            if case .connectTimeout = error { throw SDLSessionError(.connectTimeout("\(url)")) }
            throw SDLSessionError(.connectionFailed("\(url): \(error)"))
        } catch {
            throw SDLSessionError(.connectionFailed("\(url): \(error)"))
        }
        let left = configuration.tcp.connectTimeout - started.duration(to: .now)
        let timer = channel.eventLoop.scheduleTask(in: TimeAmount(max(left, .zero))) { channel.close(promise: nil) }
        defer { timer.cancel() }
        let result: Upgrade
        do {
            result = try await upgrade.get()
        } catch let error as SDLSessionError {
            channel.close(promise: nil)
            throw error
        } catch {
            channel.close(promise: nil)
            if let failure = tlsFailure.withLockedValue({ $0 }) { throw SDLSessionError(.webSocket(failure)) }
            guard let status = answered.withLockedValue({ $0 }) else {
                if started.duration(to: .now) >= configuration.tcp.connectTimeout {
                    throw SDLSessionError(.connectTimeout("\(url)"), context: "no answer to the WebSocket upgrade")
                }
                throw SDLSessionError(
                    .connectionFailed("\(url): the server closed the connection without answering the upgrade"))
            }
            throw SDLSessionError(.webSocket(.upgradeRefused(status: status, "\(error)")))
        }
        switch result {
        case .upgraded(let channel):
            return channel
        case .refused(let status, let why):
            channel.close(promise: nil)
            throw SDLSessionError(.webSocket(.upgradeRefused(status: status, why)))
        }
    }

    /// The HTTP client pipeline with NIO's WebSocket upgrader; once upgraded, the WebSocket codec (limits from the
    /// configuration), the message handler and the SDL framing, wrapped for async code on the event loop.
    private static func configureUpgrade(
        _ channel: any Channel, url: WebSocketURL, maximum: Int, stall: TimeAmount, answered: NIOLockedValueBox<Int?>
    ) throws -> EventLoopFuture<Upgrade> {
        let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(
            maxFrameSize: maximum, enableAutomaticErrorHandling: false
        ) { channel, _ in
            channel.eventLoop.makeCompletedFuture {
                try WebSocketMessageHandler.addHandlers(to: channel, role: .client, maximumMessageBytes: maximum)
                try channel.pipeline.syncOperations.addHandler(SDLFrameChannelHandler(stallTimeout: stall))
                return .upgraded(try NIOAsyncChannel<SDLFrame, SDLFrame>(wrappingChannelSynchronously: channel))
            }
        }
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: url.hostHeader)
        let request = HTTPRequestHead(version: .http1_1, method: .GET, uri: url.target, headers: headers)
        let configuration = NIOTypedHTTPClientUpgradeConfiguration<Upgrade>(
            upgradeRequestHead: request, upgraders: [upgrader]
        ) { channel in
            channel.eventLoop.makeSucceededFuture(
                .refused(status: answered.withLockedValue { $0 } ?? 0, "the server did not switch protocols"))
        }
        var pipeline = NIOUpgradableHTTPClientPipelineConfiguration(upgradeConfiguration: configuration)
        // NIO's client default drops bytes that arrive with the 101 answer: the peer's first messages would be lost.
        pipeline.leftOverBytesStrategy = .forwardBytes
        let upgraded = try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
            configuration: pipeline)
        try RefusedUpgradeStatus.install(on: channel, into: answered)
        return upgraded
    }
}
