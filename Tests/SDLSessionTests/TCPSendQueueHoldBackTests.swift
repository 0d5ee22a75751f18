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
/// The connections are real loopback sockets to a peer that reads and discards. `send` waits for its writes' promises
/// and checks the channel's `isActive`, and a socket completes and reports both as it does in use; an
/// `NIOAsyncTestingChannel` would only complete the promises when the test runs its event loop by hand, which would
/// make the test about that loop instead.
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
            let send = PendingSend(connection, [Self.frame])
            // Three looks at a figure over the limit are a sender held back: one that ignored the figure would
            // have returned after the first look (or never looked), and this wait would end at its deadline.
            try await firstElement(of: figure.reads, "three looks at the figure", within: Self.deadline) { $0 >= 3 }
            // It cannot have returned: the figure still reads over the limit, and the sender is still reading it.
            #expect(!send.hasReturned, "send returned while the kernel reported more than the limit unsent")
            // Exactly the limit is not over it.
            figure.set(Self.limit)
            try await send.outcome().get()
        }
        #expect(figure.readCount >= 4)
    }

    @Test("with no limit (notSentLowWatermark nil) the figure is never read")
    func noLimitNeverReadsTheFigure() async throws {
        // A figure of 0 would let a sender that wrongly reads it go on, so this test fails on the count, not a hang.
        let figure = ScriptedUnsentBytes(0)
        try await Self.withConnection(notSentLowWatermark: nil, reading: figure) { connection in
            for _ in 0..<3 { try await PendingSend(connection, [Self.frame]).outcome().get() }
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
            let send = PendingSend(connection, [Self.frame])
            try await firstElement(of: figure.reads, "two looks at the figure", within: Self.deadline) { $0 >= 2 }
            await connection.close()
            let outcome = try await send.outcome()
            let error = #expect(throws: SDLSessionError.self) { try outcome.get() }
            #expect(error?.kind == .connectionClosed)
        }
    }

    @Test("a platform that gives no figure (nil) holds nothing back")
    func noFigureHoldsNothingBack() async throws {
        let figure = ScriptedUnsentBytes(nil)
        try await Self.withConnection(reading: figure) { connection in
            for _ in 0..<3 { try await PendingSend(connection, [Self.frame]).outcome().get() }
        }
        // Asked once per batch, and each `nil` let the batch go.
        #expect(figure.readCount == 3)
    }

    /// Runs `body` with a connection to a loopback peer that reads and discards everything, limited to
    /// `notSentLowWatermark` and reading its unsent figure from `figure`.
    static func withConnection(
        notSentLowWatermark: Int? = limit, reading figure: ScriptedUnsentBytes,
        _ body: (TCPConnection) async throws -> Void
    ) async throws {
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        let port = try #require(server.channel.localAddress?.port)
        let accepting = Task {
            try await server.executeThenClose { clients in
                for try await client in clients {
                    try await client.executeThenClose { inbound, _ in for try await _ in inbound {} }
                }
            }
        }
        defer { accepting.cancel() }
        let configuration = TCPTransport.Configuration(notSentLowWatermark: notSentLowWatermark)
        try await TCPTransport(host: "127.0.0.1", port: port, configuration: configuration).withConnection {
            var connection = $0
            connection.unsentBytes = { await figure.read($0) }
            try await body(connection)
        }
        try? await server.channel.close()
    }
}

/// The kernel's unsent figure as a test sets it, announcing each read on ``reads``.
final class ScriptedUnsentBytes: Sendable {
    /// The running count of reads, one element per read.
    let reads: AsyncStream<Int>
    private let announce: AsyncStream<Int>.Continuation
    private let state: NIOLockedValueBox<(figure: Int?, reads: Int)>
    private let onceClosed: Int?

    /// - Parameters:
    ///   - figure: what a read of an open channel gives until ``set(_:)`` changes it.
    ///   - onceClosed: what a read of a closed channel gives; `nil`, as on Linux, by default.
    init(_ figure: Int?, onceClosed: Int? = nil) {
        (reads, announce) = AsyncStream.makeStream(of: Int.self)
        state = NIOLockedValueBox((figure, 0))
        self.onceClosed = onceClosed
    }

    var readCount: Int { state.withLockedValue { $0.reads } }

    func set(_ figure: Int?) { state.withLockedValue { $0.figure = figure } }

    func read(_ channel: any Channel) async -> Int? {
        let (figure, count) = state.withLockedValue { state in
            state.reads += 1
            return (state.figure, state.reads)
        }
        announce.yield(count)
        return channel.isActive ? figure : onceClosed
    }
}

/// A `send` running in a task of its own, so that a test can look at it while it is held back and await its end
/// with a deadline.
struct PendingSend {
    private let finished: NIOLockedValueBox<Bool>
    private let outcomes: AsyncStream<Result<Void, any Error>>

    init(_ connection: TCPConnection, _ frames: [SDLFrame]) {
        let finished = NIOLockedValueBox(false)
        let (outcomes, report) = AsyncStream.makeStream(of: Result<Void, any Error>.self)
        Task {
            let outcome: Result<Void, any Error>
            do {
                try await connection.send(frames)
                outcome = .success(())
            } catch {
                outcome = .failure(error)
            }
            finished.withLockedValue { $0 = true }
            report.yield(outcome)
            report.finish()
        }
        self.finished = finished
        self.outcomes = outcomes
    }

    /// Whether `send` has returned or thrown.
    var hasReturned: Bool { finished.withLockedValue { $0 } }

    /// How `send` ended; throws `.timeout` past the deadline. Call it once.
    func outcome(within deadline: Duration = TCPSendQueueHoldBackTests.deadline) async throws -> Result<Void, any Error>
    {
        try await firstElement(of: outcomes, "the send ending", within: deadline) { _ in true }
    }
}
