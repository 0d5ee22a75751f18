package import Logging
package import NIOCore
package import NIOPosix
import SDLWebSocket

/// A TCP listener whose connections reach async code whole: each one gets its `NIOAsyncChannel` only when it is
/// taken from ``Connections``, and the ones never taken are closed with the listener. Every TCP server here (the
/// emulator's primary and secondary transports, `carwindow bench hostile`'s peer, the tests' peers) is one.
///
/// Why not NIO's `ServerBootstrap.bind { NIOAsyncChannel(wrappingChannelSynchronously:) }`: that wraps each
/// connection as it is accepted, and one accepted while the listener stops is dropped before anyone runs it; NIO
/// stops the process for an async channel dropped unfinished ("Deinited NIOAsyncWriter without calling finish()",
/// apple/swift-nio#2637). Here the accept only sets up the pipeline, with reading off so no byte is read before
/// there is a stream to put it in; whoever takes the connection wraps it on its event loop and turns reading on.
///
/// ```swift
/// let listener = try await TCPListener<SDLFrame, SDLFrame>.bind(host: "127.0.0.1", port: 0, logger: logger) {
///     try $0.pipeline.syncOperations.addHandler(ByteToMessageHandler(SDLFrameDecoder()))
///     try $0.pipeline.syncOperations.addHandler(MessageToByteHandler(SDLFrameEncoder()))
/// }
/// try await listener.executeThenClose { connections in
///     try await withThrowingDiscardingTaskGroup { group in
///         for try await connection in connections {
///             group.addTask { try await connection.executeThenClose { inbound, outbound in /* ... */ } }
///         }
///     }
/// }
/// // Elsewhere, to stop it (the loop above then ends):
/// listener.close()
/// ```
package struct TCPListener<Inbound: Sendable, Outbound: Sendable>: Sendable {
    /// The listening socket.
    package var channel: any Channel { server.channel }
    /// The port it listens on: the one the kernel picked when bound to port 0.
    package var port: Int? { server.channel.localAddress?.port }

    private let server: NIOAsyncChannel<any Channel, Never>
    private let unclaimed: UnclaimedConnections
    private let logger: Logger

    /// Listens on `host`:`port`.
    ///
    /// - Parameters:
    ///   - logger: gets a debug line for each connection that closed before it was taken.
    ///   - options: the bootstrap's socket options (the listener's and its connections'); reading is off until a
    ///     connection is taken, whatever they say.
    ///   - pipeline: adds each connection's handlers, on its event loop, before anything is read.
    /// - Throws: NIO's error when the address cannot be bound.
    package static func bind(
        host: String, port: Int, logger: Logger = Logger(label: "carwindow.listener"),
        options: (ServerBootstrap) -> ServerBootstrap = { $0 },
        pipeline: @escaping @Sendable (any Channel) throws -> Void
    ) async throws -> Self {
        let unclaimed = UnclaimedConnections()
        let server = try await options(ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton))
            .childChannelOption(.autoRead, value: false)
            .bind(host: host, port: port) { (child: any Channel) -> EventLoopFuture<any Channel> in
                child.eventLoop.makeCompletedFuture {
                    do {
                        try pipeline(child)
                    } catch {
                        // NIO leaves a connection whose set-up failed open, with no one to close it.
                        child.close(promise: nil)
                        throw error
                    }
                    unclaimed.admit(child)
                    return child
                }
            }
        return Self(server: server, unclaimed: unclaimed, logger: logger)
    }

    private init(server: NIOAsyncChannel<any Channel, Never>, unclaimed: UnclaimedConnections, logger: Logger) {
        self.server = server
        self.unclaimed = unclaimed
        self.logger = logger
    }

    /// Runs `body` with the connections as they are accepted, then closes the listener and every connection not
    /// taken. Each connection `body` takes must be run (`executeThenClose`), as any `NIOAsyncChannel`.
    package func executeThenClose<Result>(
        isolation actor: isolated (any Actor)? = #isolation,
        _ body: (Connections) async throws -> sending Result
    ) async throws -> sending Result {
        defer { unclaimed.closeAll() }
        return try await server.executeThenClose { inbound in
            try await body(Connections(inbound: inbound, unclaimed: unclaimed, logger: logger))
        }
    }

    /// Stops accepting, and closes the connections accepted but not taken yet, and any the listener is still
    /// setting up. Connections already taken are their takers' to close.
    package func close() {
        unclaimed.closeAll()
        server.channel.close(promise: nil)
    }
}

extension TCPListener {
    /// The accepted connections, each wrapped for async code as it is taken. A connection that closed before it
    /// was taken is skipped.
    package struct Connections: AsyncSequence {
        package typealias Element = NIOAsyncChannel<Inbound, Outbound>

        fileprivate let inbound: NIOAsyncChannelInboundStream<any Channel>
        fileprivate let unclaimed: UnclaimedConnections
        fileprivate let logger: Logger

        package func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(accepted: inbound.makeAsyncIterator(), unclaimed: unclaimed, logger: logger)
        }

        package struct AsyncIterator: AsyncIteratorProtocol {
            fileprivate var accepted: NIOAsyncChannelInboundStream<any Channel>.AsyncIterator
            fileprivate let unclaimed: UnclaimedConnections
            fileprivate let logger: Logger

            package mutating func next() async throws -> Element? {
                while let child = try await accepted.next() {
                    do {
                        // Not waiting any more: it closed, or the listener closed it while it was on its way here.
                        guard unclaimed.claim(child) else { throw ChannelError.ioOnClosedChannel }
                        return try await NIOAsyncChannel<Inbound, Outbound>.takingOver(child)
                    } catch {
                        logger.debug("connection closed before it was taken", metadata: ["error": "\(error)"])
                        child.close(promise: nil)
                    }
                }
                return nil
            }
        }
    }
}
