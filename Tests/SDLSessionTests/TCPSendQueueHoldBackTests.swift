import CarWindowTestingTools
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import SDLWire
import Testing

@testable import SDLSession

/// `TCPConnection.send` holding the caller back while the kernel has more than `notSentLowWatermark` bytes unsent:
/// the figure the sender waits on comes from a script here (`TCPConnection.unsentBytes`), so a test keeps a sender
/// held back for as long as it likes without a slow link, and learns of every look the sender takes at the figure
/// instead of waiting for time to pass.
///
/// The connections are real loopback sockets to a peer that reads and discards, opened by
/// `TCPTransport.withConnection` as an app's are: `send` waits for its writes' promises and checks the channel's
/// `isActive`, and here both come from a socket, as in use. An `NIOAsyncTestingChannel` would save the listener but
/// need the test to assemble the connection's parts (its `NIOAsyncChannel` halves, the previous write) by hand, and
/// the test against the kernel needs a socket anyway.
@Suite("TCP send queue: hold-back", .timeLimit(.minutes(3)))
struct TCPSendQueueHoldBackTests {
    /// The connection's `notSentLowWatermark`; the figures below are set around it.
    static let limit = 4_096
    /// Only catches a send that never returns: a healthy one returns at the next look at the figure.
    static let deadline = Duration.seconds(30)
    static let frame = SDLFrame.control(.heartbeat, service: .control, version: 5, sessionID: 1)

    @Test("while the kernel reports more than the limit unsent, send does not return; at the limit it does")
    func holdsBackUntilTheFigureDropsToTheLimit() async throws {
        let figure = ScriptedUnsentBytes(Self.limit + 1)
        try await Self.withConnection(reading: figure) { connection in
            let send = PendingWork { try await connection.send([Self.frame]) }
            // Three looks at a figure over the limit are a sender held back: one that ignored the figure would
            // have returned after the first look (or never looked), and this wait would end at its deadline.
            try await firstElement(of: figure.reads, "three looks at the figure", within: Self.deadline) { $0 >= 3 }
            // It cannot have returned: the figure still reads over the limit, and the sender is still reading it.
            #expect(!send.hasEnded, "send returned while the kernel reported more than the limit unsent")
            // Exactly the limit is not over it.
            figure.set(Self.limit)
            try await send.outcome(within: Self.deadline).get()
        }
        #expect(figure.readCount >= 4)
    }

    @Test("with no limit (notSentLowWatermark nil) the figure is never read")
    func noLimitNeverReadsTheFigure() async throws {
        // A figure of 0 would let a sender that wrongly reads it go on, so this test fails on the count, not a hang.
        let figure = ScriptedUnsentBytes(0)
        try await Self.withConnection(notSentLowWatermark: nil, reading: figure) { connection in
            for _ in 0..<3 { try await Self.send(on: connection) }
        }
        #expect(figure.readCount == 0)
    }

    /// What the figure reads once the socket is closed.
    enum FigureOnceClosed: CaseIterable, Sendable, CustomTestStringConvertible {
        /// Still over the limit (a read that raced the close).
        case overTheLimit
        /// Nothing: Linux's `TCP_INFO` on a closed socket, which must not pass for a kernel that caught up.
        case none

        var figure: Int? { self == .overTheLimit ? TCPSendQueueHoldBackTests.limit + 1 : nil }
        var testDescription: String { self == .overTheLimit ? "still over the limit" : "nothing (nil)" }
    }

    @Test(
        "a connection closed while its sender is held back ends the wait with connectionClosed",
        arguments: FigureOnceClosed.allCases)
    func closedWhileHeldBack(onceClosed: FigureOnceClosed) async throws {
        let figure = ScriptedUnsentBytes(Self.limit + 1, onceClosed: onceClosed.figure)
        try await Self.withConnection(reading: figure) { connection in
            let send = PendingWork { try await connection.send([Self.frame]) }
            try await firstElement(of: figure.reads, "two looks at the figure", within: Self.deadline) { $0 >= 2 }
            await connection.close()
            let outcome = try await send.outcome(within: Self.deadline)
            let error = #expect(throws: SDLSessionError.self) { try outcome.get() }
            #expect(error?.kind == .connectionClosed)
        }
    }

    @Test("a platform that gives no figure (nil) holds nothing back")
    func noFigureHoldsNothingBack() async throws {
        let figure = ScriptedUnsentBytes(nil)
        try await Self.withConnection(reading: figure) { connection in
            for _ in 0..<3 { try await Self.send(on: connection) }
        }
        // Asked once per batch, and each `nil` let the batch go.
        #expect(figure.readCount == 3)
    }

    @Test("against the kernel: after each send the socket holds at most the limit unsent, plus the batch just sent")
    func kernelHoldsAtMostTheLimitAndOneBatch() async throws {
        // The peer reads only when the sender finds more than the limit unsent (one read per such look): the link
        // is as slow as the sender is held back, the batches after the first wait on the kernel's figure, and the
        // run still ends, because a held-back sender keeps looking and so keeps the peer reading. A receive buffer
        // set on the listener keeps the peer's window small from the handshake on.
        let (children, accepted) = AsyncStream.makeStream(of: (any Channel).self)
        let peer = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_rcvbuf), value: 16 * 1024)
            .childChannelOption(.autoRead, value: false)
            .childChannelInitializer { channel in
                accepted.yield(channel)
                return channel.eventLoop.makeSucceededVoidFuture()
            }
            .bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(peer.localAddress?.port)
        let payload = ByteBuffer(repeating: 0x5A, count: 32 * 1024)
        let frame = SDLFrame.control(.heartbeat, service: .control, version: 5, sessionID: 1, payload: payload)
        let batch = Array(repeating: frame, count: 4)
        let batchBytes = batch.reduce(0) { $0 + $1.wireSize }
        // The socket gets no TCP_NOTSENT_LOWAT here, only the connection's limit. With it, the kernel refuses writes
        // near the limit, and whether a segment still takes it over (what the hold-back is for) depends on the
        // segment sizes the kernel picks for the link's pace: the sender would wait on a write instead, and a sender
        // that does not look at the figure gets nothing read. A send buffer of several batches takes each whole (even
        // where `net.core.wmem_max` caps it at Linux's default 208 KiB, the kernel doubles that: more than the limit,
        // a batch and the peer's window).
        let transport = TCPTransport(
            host: "127.0.0.1", port: port, configuration: TCPTransport.Configuration(notSentLowWatermark: nil))
        let looksOverTheLimit = NIOLockedValueBox(0)
        try await transport.withConnection {
            var connection = $0
            try await connection.channel.setOption(.socketOption(.so_sndbuf), value: 8 * batchBytes).get()
            let child = try await firstElement(of: children, "the peer accepting", within: Self.deadline) { _ in true }
            connection.notSentLimit = Self.limit
            connection.unsentBytes = { channel in
                let unsent = await TCPUnsentBytes.read(channel)
                if let unsent, unsent > Self.limit {
                    looksOverTheLimit.withLockedValue { $0 += 1 }
                    child.read()
                }
                return unsent
            }
            let sender = PendingWork { [connection] in
                var unsentAfterEachSend: [Int?] = []
                for _ in 0..<8 {
                    try await connection.send(batch)
                    unsentAfterEachSend.append(await TCPUnsentBytes.read(connection.channel))
                }
                return unsentAfterEachSend
            }
            let unsentAfterEachSend = try await sender.outcome(within: .seconds(60)).get()
            // The last look before a send returned found at most the limit; only the batch that send handed over can
            // have been written after it.
            #expect(unsentAfterEachSend.count == 8)
            for (index, unsent) in unsentAfterEachSend.enumerated() {
                #expect(unsent != nil, "send \(index + 1): the kernel gave no figure")
                #expect((unsent ?? 0) <= Self.limit + batchBytes, "send \(index + 1): \(unsent ?? 0) bytes unsent")
            }
            await connection.close()
            // What `FigureOnceClosed.none` stands for: a closed socket gives no figure.
            #expect(await TCPUnsentBytes.read(connection.channel) == nil)
            try? await child.close()
        }
        // By the second send the first batch is in the kernel, and the peer's small window holds little of it.
        #expect(looksOverTheLimit.withLockedValue { $0 } > 0)
        try await peer.close()
    }

    /// One batch sent, under the deadline.
    static func send(on connection: TCPConnection) async throws {
        try await PendingWork { try await connection.send([frame]) }.outcome(within: deadline).get()
    }

    /// Runs `body` with a connection to a loopback peer that reads and discards everything, limited to
    /// `notSentLowWatermark` and reading its unsent figure from `figure`.
    static func withConnection(
        notSentLowWatermark: Int? = limit, reading figure: ScriptedUnsentBytes,
        _ body: (TCPConnection) async throws -> Void
    ) async throws {
        // No handlers: what the peer reads ends in its pipeline's tail, and it closes when the app does. (An
        // `NIOAsyncChannel` per accepted client would have to be consumed and finished even when the test is over
        // before the server gets to it; one dropped unfinished stops the process.)
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(server.localAddress?.port)
        let configuration = TCPTransport.Configuration(notSentLowWatermark: notSentLowWatermark)
        try await TCPTransport(host: "127.0.0.1", port: port, configuration: configuration).withConnection {
            var connection = $0
            connection.unsentBytes = { await figure.read($0) }
            try await body(connection)
        }
        try? await server.close()
    }
}
