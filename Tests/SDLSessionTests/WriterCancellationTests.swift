import NIOCore
import SDLRPC
import SDLWire
import Synchronization
import Testing

@testable import SDLSession

/// A write in flight when the connection ends is cancelled with it; the session must report why the connection
/// ended, not the cancellation of its own write ("invalidState(cancelled)", seen in `carwindow bench hostile`
/// under load, where a Heartbeat was on its way out when a 100 MB frame header arrived).
@Suite("A write in flight when the connection ends", .timeLimit(.minutes(1)))
struct WriterCancellationTests {
    /// Whether writes are held yet.
    final class Switch: Sendable {
        private let state = Mutex(false)
        var isOn: Bool { state.withLock { $0 } }
        func turnOn() { state.withLock { $0 = true } }
    }

    /// Holds every write, once armed, until its task is cancelled, as a socket write that cannot complete does.
    struct HoldingTransport: SDLTransport {
        let inner: InMemoryTransport
        let armed: Switch
        let holding: AsyncStream<Void>.Continuation

        func withConnection<Result: Sendable>(
            _ body: (HoldingConnection) async throws -> Result
        ) async throws -> Result {
            try await inner.withConnection { connection in
                try await body(HoldingConnection(inner: connection, armed: armed, holding: holding))
            }
        }
    }

    struct HoldingConnection: SDLConnection {
        let inner: InMemoryConnection
        let armed: Switch
        let holding: AsyncStream<Void>.Continuation

        var inbound: InMemoryInboundFrames { inner.inbound }

        func send(_ frames: [SDLFrame]) async throws {
            if armed.isOn {
                holding.yield()
                // Throws CancellationError when the connection's tasks are cancelled, as NIO's writer does.
                try await Task.sleep(for: .seconds(3600))
            }
            try await inner.send(frames)
        }

        func setMaximumReceivePayload(_ bytes: Int) async { await inner.setMaximumReceivePayload(bytes) }
        func close() async { await inner.close() }
    }

    /// Starts a session, arms the hold, has the app write, and runs `headUnit` once the write is held.
    static func closingError(
        afterHolding headUnit: @escaping @Sendable (HeadUnitLink) async throws -> Void
    ) async throws -> SDLSessionError? {
        let (appSide, headUnitSide) = InMemoryTransport.makePair()
        let armed = Switch()
        let (held, holding) = AsyncStream.makeStream(of: Void.self)
        let session = SDLSession(
            configuration: .test(), transport: HoldingTransport(inner: appSide, armed: armed, holding: holding))
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await headUnitSide.withConnection { connection in
                    let link = HeadUnitLink(connection)
                    try await link.acceptSession()
                    try await link.acceptRegistration()
                    for await _ in held { break }
                    try await headUnit(link)
                }
            }
            let states = await session.connectionStateUpdates()
            try await session.start()
            armed.turnOn()
            // A request whose write is held; it fails with the session.
            let request = Task { try await session.send(SendHapticData(hapticRectData: [])) }
            let error = try await HostileControlFrameTests.closingError(of: states)
            _ = try? await request.value
            try await group.waitForAll()
            return error
        }
    }

    @Test("the head unit closes the connection: connectionClosed, not the cancelled write")
    func peerCloses() async throws {
        let error = try await Self.closingError(afterHolding: { _ in })
        #expect(error?.kind == .connectionClosed, "\(String(describing: error))")
    }

    @Test("the head unit sends bytes that break the protocol: the wire error, not the cancelled write")
    func peerBreaksTheProtocol() async throws {
        let error = try await Self.closingError(afterHolding: { link in
            // A header with protocol version 0.
            try link.connection.sendBytes([0x00, 0x07, 0x00, 0x00, 0, 0, 0, 4, 0, 0, 0, 9])
            await link.drain()
        })
        guard case .wire = error?.kind else {
            Issue.record("expected a wire error, got \(String(describing: error))")
            return
        }
    }
}
