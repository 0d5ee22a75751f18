import Hummingbird
import HummingbirdWebSocket
public import Logging
import NIOConcurrencyHelpers
import NIOCore
public import ServiceLifecycle

/// The head-unit viewer: serves the page and one WebSocket per browser on 127.0.0.1.
///
/// It subscribes once to the backend's video and events, and fans them out to every browser through bounded
/// per-browser queues (``ClientQueue``): a slow browser drops pictures until the next keyframe, never piles them up.
/// It is a ServiceLifecycle `Service`; on graceful shutdown it closes every browser's socket and stops.
///
/// ```swift
/// let server = ViewerServer(backend: backend, configuration: .init(port: 0)) { port in
///     print("viewer on http://127.0.0.1:\(port)")
/// }
/// let group = ServiceGroup(services: [server], gracefulShutdownSignals: [.sigint], logger: logger)
/// try await group.run()
/// ```
public struct ViewerServer<Backend: ViewerBackend>: Service {
    /// Where and how the viewer serves.
    public struct Configuration: Sendable {
        /// The address to bind; the viewer is a local developer tool, so loopback by default.
        public var host: String
        /// The port; 0 picks a free one, reported through `onRunning`.
        public var port: Int
        /// The bounds of each browser's queue.
        var queueLimits: ClientQueue.Limits
        /// The ffmpeg used for the JPEG fallback.
        public var ffmpegPath: String

        /// Creates a configuration.
        /// - Parameters:
        ///   - host: The address to bind, `127.0.0.1` by default.
        ///   - port: The port, 8080 by default; 0 for any free port.
        ///   - maximumQueuedPictures: Pictures a browser may fall behind before it drops until the next keyframe.
        ///   - maximumQueuedBytes: Bytes of pictures a browser may fall behind.
        ///   - ffmpegPath: The ffmpeg for the JPEG fallback.
        public init(
            host: String = "127.0.0.1", port: Int = 8080, maximumQueuedPictures: Int = 30,
            maximumQueuedBytes: Int = 8 << 20, ffmpegPath: String = "ffmpeg"
        ) {
            self.host = host
            self.port = port
            self.queueLimits = ClientQueue.Limits(pictures: maximumQueuedPictures, bytes: maximumQueuedBytes)
            self.ffmpegPath = ffmpegPath
        }
    }

    let backend: Backend
    let configuration: Configuration
    let logger: Logger
    let onRunning: @Sendable (Int) async -> Void

    /// Creates a server; nothing binds until ``run()``.
    /// - Parameters:
    ///   - backend: The head unit to show.
    ///   - configuration: Address, port and limits.
    ///   - logger: Where the viewer logs.
    ///   - onRunning: Called with the bound port once the server listens.
    public init(
        backend: Backend, configuration: Configuration = Configuration(),
        logger: Logger = Logger(label: "carwindow.viewer"),
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) {
        self.backend = backend
        self.configuration = configuration
        self.logger = logger
        self.onRunning = onRunning
    }

    /// Serves until cancelled or gracefully shut down.
    /// - Throws: ``ViewerError`` with kind `.server` when the port cannot be bound.
    public func run() async throws {
        let ffmpegPath = configuration.ffmpegPath
        let (jpegPictures, jpegContinuation) = AsyncStream.makeStream(
            of: QueuedPicture.self, bufferingPolicy: .bufferingNewest(8))
        let hub = ViewerHub(initialState: await backend.snapshot()) { () throws(ViewerError) in
            try JPEGTranscoder(executable: ffmpegPath) { jpegContinuation.yield($0) }
        }
        // A server that never listened reports through the error it throws (the caller may try another port);
        // only one that failed while serving logs it here, where nobody else would see it.
        let listening = NIOLockedValueBox(false)
        let application = makeApplication(hub: hub) { listening.withLockedValue { $0 = true } }
        let backend = self.backend
        let logger = self.logger
        try await withGracefulShutdownHandler {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    do {
                        for try await unit in await backend.videoStream() { await hub.publish(unit) }
                    } catch {
                        logger.error("viewer video stream failed", metadata: ["error": "\(error)"])
                    }
                }
                group.addTask {
                    do {
                        for try await event in await backend.eventStream() {
                            await hub.publish(event)
                            await hub.publish(await backend.snapshot())
                        }
                    } catch {
                        logger.error("viewer event stream failed", metadata: ["error": "\(error)"])
                    }
                }
                group.addTask {
                    for await picture in jpegPictures { await hub.publishJPEG(picture) }
                }
                do {
                    try await application.run()
                } catch {
                    if listening.withLockedValue({ $0 }) {
                        logger.error("viewer server failed", metadata: ["error": "\(error)"])
                    }
                    group.cancelAll()
                    await hub.closeAll()
                    throw ViewerError(.server, "cannot serve on \(configuration.host):\(configuration.port): \(error)")
                }
                group.cancelAll()
                jpegContinuation.finish()
                await hub.closeAll()
            }
        } onGracefulShutdown: {
            // The WebSocket handlers wait on their outboxes; closing them lets every connection end so the
            // HTTP server's own graceful shutdown can finish.
            Task { await hub.closeAll() }
        }
    }

    private func makeApplication(
        hub: ViewerHub, didListen: @escaping @Sendable () -> Void
    ) -> some ApplicationProtocol {
        let router = Router(context: BasicWebSocketRequestContext.self)
        ViewerPage.addRoutes(to: router)
        let webSocketRouter = Router(context: BasicWebSocketRequestContext.self)
        let session = ViewerSession(backend: backend, hub: hub, limits: configuration.queueLimits, logger: logger)
        webSocketRouter.ws("/ws") { inbound, outbound, _ in
            try await session.serve(inbound: inbound, outbound: outbound)
        }
        let onRunning = self.onRunning
        return Application(
            router: router,
            server: .http1WebSocketUpgrade(webSocketRouter: webSocketRouter),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port)),
            onServerRunning: { channel in
                didListen()
                await onRunning(channel.localAddress?.port ?? 0)
            },
            logger: logger
        )
    }
}
