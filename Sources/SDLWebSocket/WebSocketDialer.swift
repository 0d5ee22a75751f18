package import NIOConcurrencyHelpers
package import NIOCore
import NIOHTTP1
package import NIOPosix
import NIOWebSocket
package import SDLWire

/// Why dialing a WebSocket peer failed; each end maps it into its own error type (the app's `SDLSessionError`, the
/// emulator's `HeadUnitError`).
package enum WebSocketDialFailure: Error, Sendable {
    /// No TCP connection within the connect timeout, or no answer to the upgrade by then (`context` says which).
    case timedOut(context: String?)
    /// The TCP connection failed, or the peer closed it without answering the upgrade; the text says why.
    case failed(String)
    /// The peer refused the upgrade, or TLS failed.
    case webSocket(WebSocketFailure)
}

/// Dials a WebSocket peer that carries SDL frames in binary messages: the app's `WebSocketTransport` dialing SDL
/// Core's WebEngine server, and the emulator dialing a cloud app as SDL Core does. One connect timeout bounds the
/// TCP connect, the TLS handshake and the upgrade, so a peer that takes the connection and never answers is a
/// timeout, not a hang.
///
/// ```swift
/// let channel = try await WebSocketDialer.dial(
///     url, hostHeader: url.hostHeader, tls: nil, maximumMessageBytes: 1 << 20, connectTimeout: .seconds(5)
/// ) { channel in
///     try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(SDLFrameDecoder()))
///     try channel.pipeline.syncOperations.addHandler(MessageToByteHandler(SDLFrameEncoder()))
/// }
/// ```
package enum WebSocketDialer {
    /// What the upgrade ended in, on the event loop.
    private enum Upgrade: Sendable {
        case upgraded(NIOAsyncChannel<SDLFrame, SDLFrame>)
        case refused(status: Int, String)
    }

    /// Connects to `url`, asks for the upgrade and returns the upgraded link, wrapped for async code.
    ///
    /// - Parameters:
    ///   - hostHeader: the upgrade request's `Host` (the app sends host and port; SDL Core sends the host alone).
    ///   - tls: for `wss://` (``WebSocketTLS/client(_:verifiesHostname:)``); `serverHostname` is checked against
    ///     the peer's certificate and sent as SNI when the TLS checks host names.
    ///   - maximumMessageBytes: the largest WebSocket message (and frame) the peer may send.
    ///   - group: the event loops to use; NIO's shared singleton by default.
    ///   - options: the TCP socket options (no delay is always on).
    ///   - linkPipeline: the handlers after the message handler (the SDL framing, whose output is `SDLFrame`), on
    ///     the connection's event loop.
    package static func dial(
        _ url: WebSocketURL, hostHeader: String, tls: WebSocketTLS?, serverHostname: String? = nil,
        maximumMessageBytes: Int, connectTimeout: Duration,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        options: (ClientBootstrap) -> ClientBootstrap = { $0 },
        linkPipeline: @escaping @Sendable (any Channel) throws -> Void
    ) async throws(WebSocketDialFailure) -> NIOAsyncChannel<SDLFrame, SDLFrame> {
        let started = ContinuousClock.now
        let answered = NIOLockedValueBox<Int?>(nil)
        let tlsFailure = NIOLockedValueBox<WebSocketFailure?>(nil)
        let upgrade: EventLoopFuture<Upgrade>
        let channel: any Channel
        do {
            (channel, upgrade) = try await options(
                ClientBootstrap(group: group)
                    .connectTimeout(TimeAmount(connectTimeout))
                    .channelOption(.socketOption(.tcp_nodelay), value: 1)
            )
            .connect(host: url.host, port: url.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls {
                        try channel.pipeline.syncOperations.addHandler(
                            try tls.clientHandler(serverHostname: serverHostname))
                        try channel.pipeline.syncOperations.addHandler(
                            TLSFailureRecorder { failure in tlsFailure.withLockedValue { $0 = $0 ?? failure } })
                    }
                    let result = try Self.configureUpgrade(
                        channel, url: url, hostHeader: hostHeader, maximumMessageBytes: maximumMessageBytes,
                        answered: answered, linkPipeline: linkPipeline)
                    return (channel, result)
                }
            }
        } catch let error as ChannelError {
            if case .connectTimeout = error { throw .timedOut(context: nil) }
            throw .failed("\(url): \(error)")
        } catch {
            throw .failed("\(url): \(error)")
        }
        let left = connectTimeout - started.duration(to: .now)
        let timer = channel.eventLoop.scheduleTask(in: TimeAmount(max(left, .zero))) { channel.close(promise: nil) }
        defer { timer.cancel() }
        let result: Upgrade
        do {
            result = try await upgrade.get()
        } catch {
            channel.close(promise: nil)
            if let failure = tlsFailure.withLockedValue({ $0 }) { throw .webSocket(failure) }
            guard let status = answered.withLockedValue({ $0 }) else {
                if started.duration(to: .now) >= connectTimeout {
                    throw .timedOut(context: "no answer to the WebSocket upgrade")
                }
                throw .failed("\(url): the server closed the connection without answering the upgrade")
            }
            throw .webSocket(.upgradeRefused(status: status, "\(error)"))
        }
        switch result {
        case .upgraded(let upgraded):
            return upgraded
        case .refused(let status, let why):
            channel.close(promise: nil)
            throw .webSocket(.upgradeRefused(status: status, why))
        }
    }

    /// The HTTP client pipeline with NIO's WebSocket upgrader; once upgraded, the WebSocket codec (limits from the
    /// caller), the message handler and the link pipeline, wrapped for async code on the event loop.
    private static func configureUpgrade(
        _ channel: any Channel, url: WebSocketURL, hostHeader: String, maximumMessageBytes: Int,
        answered: NIOLockedValueBox<Int?>, linkPipeline: @escaping @Sendable (any Channel) throws -> Void
    ) throws -> EventLoopFuture<Upgrade> {
        let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(
            maxFrameSize: maximumMessageBytes, enableAutomaticErrorHandling: false
        ) { channel, _ in
            channel.eventLoop.makeCompletedFuture {
                try WebSocketMessageHandler.addHandlers(
                    to: channel, role: .client, maximumMessageBytes: maximumMessageBytes)
                try linkPipeline(channel)
                return .upgraded(try NIOAsyncChannel<SDLFrame, SDLFrame>(wrappingChannelSynchronously: channel))
            }
        }
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: hostHeader)
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
