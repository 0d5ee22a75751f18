public import NIOCore
import NIOPosix
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
    /// The TCP link's settings and the WebSocket limits, for this transport and for the listening one
    /// (``WebSocketServerTransport/Configuration``).
    public struct Configuration: Sendable {
        /// The TCP link under the WebSocket: connect timeout (which also bounds the upgrade), stall timeouts,
        /// keepalive, unsent-bytes limit (``TCPTransport/Configuration``).
        public var tcp: TCPTransport.Configuration
        /// The largest WebSocket message (and frame) the head unit may send, in bytes; a larger one fails the link
        /// with `WebSocketFailure.messageTooLarge(limit:)`. SDL Core sends one SDL frame per message, so the
        /// default, 1 MiB, is eight times its largest frame (`MaximumPayloadSize` 131072 plus the header).
        public var maximumMessageBytes: Int
        /// For `wss://`: the CA file the head unit's certificate must chain to (dialing: the system's when `nil`;
        /// listening: none asked for when `nil`), and the app's own certificate and key (which SDL Core's TLS
        /// WebSocket server requires of a dialing app, and a listening app must have). Unused for `ws://`.
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
    ///   - url: `ws://HOST:PORT[/PATH]` (`WebSocketURL`, SDLWire).
    ///   - configuration: timeouts and limits.
    ///   - group: the event loops to use; NIO's shared singleton when `nil`.
    public init(url: WebSocketURL, configuration: Configuration = Configuration(), group: (any EventLoopGroup)? = nil) {
        self.url = url
        self.configuration = configuration
        self.group = group ?? MultiThreadedEventLoopGroup.singleton
    }

    public func withConnection<Result: Sendable>(
        _ body: (TCPConnection) async throws -> Result
    ) async throws -> Result {
        let tcp = configuration.tcp
        let channel = try await upgradedChannel()
        return try await channel.executeThenClose { inbound, outbound in
            try await body(TCPConnection(channel.channel, inbound: inbound, outbound: outbound, settings: tcp))
        }
    }

    /// Connects, asks for the upgrade and waits for the answer, all within the connect timeout (SDLWebSocket's
    /// dialer, which the emulator dials cloud apps with too).
    private func upgradedChannel() async throws -> NIOAsyncChannel<SDLFrame, SDLFrame> {
        let tcp = configuration.tcp
        let stall = TimeAmount(tcp.stallTimeout)
        let tls: WebSocketTLS?
        do {
            tls = url.scheme == .wss ? try WebSocketTLS.client(configuration.tls) : nil
        } catch {
            throw SDLSessionError(.webSocket(error))
        }
        // SNI and the certificate's name; an IP address is matched against its IP addresses.
        let isAddress = url.host.contains(":") || url.host.allSatisfy { $0.isNumber || $0 == "." }
        do {
            return try await WebSocketDialer.dial(
                url, hostHeader: url.hostHeader, tls: tls, serverHostname: isAddress ? nil : url.host,
                maximumMessageBytes: configuration.maximumMessageBytes, connectTimeout: tcp.connectTimeout,
                group: group,
                options: { $0.keepalive(tcp.keepalive).notSentLowWatermark(tcp.notSentLowWatermark) }
            ) { channel in
                try channel.pipeline.syncOperations.addHandler(SDLFrameChannelHandler(stallTimeout: stall))
            }
        } catch {
            throw SDLSessionError(dialing: url, error)
        }
    }
}

extension SDLSessionError {
    /// A failed dial as the app reports it: a timeout is `.connectTimeout`, a refused or broken connection
    /// `.connectionFailed`, a refused upgrade or failed TLS `.webSocket`.
    init(dialing url: WebSocketURL, _ failure: WebSocketDialFailure) {
        switch failure {
        case .timedOut(let context): self.init(.connectTimeout("\(url)"), context: context)
        case .failed(let why): self.init(.connectionFailed(why))
        case .webSocket(let failure): self.init(.webSocket(failure))
        }
    }
}
