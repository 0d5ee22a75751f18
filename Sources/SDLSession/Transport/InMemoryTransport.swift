import NIOConcurrencyHelpers
public import NIOCore
public import SDLWire

/// Two transports joined back to back in memory: what one side sends, the other receives, as bytes.
///
/// Both ends frame the bytes with the same decoder as TCP, so tests (and the emulator) exercise the real receive path,
/// limits and errors included, without sockets. A test can play the head unit with the second end, and send it raw
/// bytes (`InMemoryConnection/sendBytes(_:)`) such as frames copied from a real SDL Core trace.
///
/// ```swift
/// let (app, headUnit) = InMemoryTransport.makePair()
/// let session = SDLSession(configuration: config, transport: app)
/// try await headUnit.withConnection { link in
///     for try await frame in link.inbound { ... }
/// }
/// ```
public struct InMemoryTransport: SDLTransport {
    private let connection: InMemoryConnection

    public var kind: TransportKind { .memory }

    /// Makes two joined transports. Each may be opened once.
    public static func makePair() -> (InMemoryTransport, InMemoryTransport) {
        let (a, aInput) = AsyncStream<ByteBuffer>.makeStream()
        let (b, bInput) = AsyncStream<ByteBuffer>.makeStream()
        let first = InMemoryConnection(incoming: a, incomingInput: aInput, outgoing: bInput)
        let second = InMemoryConnection(incoming: b, incomingInput: bInput, outgoing: aInput)
        return (InMemoryTransport(connection: first), InMemoryTransport(connection: second))
    }

    public func withConnection<Result: Sendable>(
        _ body: (InMemoryConnection) async throws -> Result
    ) async throws -> Result {
        do {
            let result = try await body(connection)
            await connection.close()
            return result
        } catch {
            await connection.close()
            throw error
        }
    }
}

/// One end of an in-memory link.
public struct InMemoryConnection: SDLConnection {
    private let incoming: AsyncStream<ByteBuffer>
    private let incomingInput: AsyncStream<ByteBuffer>.Continuation
    private let outgoing: AsyncStream<ByteBuffer>.Continuation
    private let limit = NIOLockedValueBox(MTU.v3PlusPayloadLimit)

    init(
        incoming: AsyncStream<ByteBuffer>,
        incomingInput: AsyncStream<ByteBuffer>.Continuation,
        outgoing: AsyncStream<ByteBuffer>.Continuation
    ) {
        self.incoming = incoming
        self.incomingInput = incomingInput
        self.outgoing = outgoing
    }

    public var inbound: InMemoryInboundFrames { InMemoryInboundFrames(bytes: incoming, limit: limit) }

    public func send(_ frames: [SDLFrame]) async throws {
        var buffer = ByteBuffer()
        for frame in frames { frame.write(to: &buffer) }
        try sendBytes(buffer)
    }

    /// Sends bytes as they are: a frame copied from a trace, half a frame, or garbage.
    public func sendBytes(_ bytes: ByteBuffer) throws {
        if case .terminated = outgoing.yield(bytes) {
            throw SDLSessionError(.connectionClosed, context: "in-memory peer closed")
        }
    }

    /// Sends bytes as they are.
    public func sendBytes(_ bytes: [UInt8]) throws {
        try sendBytes(ByteBuffer(bytes: bytes))
    }

    public func setMaximumReceivePayload(_ bytes: Int) async {
        limit.withLockedValue { $0 = bytes }
    }

    /// Closes both directions: the peer sees the end of its stream, and so does this side's reader.
    public func close() async {
        outgoing.finish()
        incomingInput.finish()
    }
}

/// Frames decoded from the bytes an ``InMemoryConnection`` receives.
public struct InMemoryInboundFrames: AsyncSequence, Sendable {
    public typealias Element = SDLFrame
    public typealias Failure = any Error

    let bytes: AsyncStream<ByteBuffer>
    let limit: NIOLockedValueBox<Int>

    public struct AsyncIterator: AsyncIteratorProtocol {
        var bytes: AsyncStream<ByteBuffer>.AsyncIterator
        let limit: NIOLockedValueBox<Int>
        var receiver = FrameReceiver()
        var finished = false

        public mutating func next() async throws -> SDLFrame? {
            do {
                while !finished {
                    receiver.maximumPayloadSize = limit.withLockedValue { $0 }
                    if let frame = try receiver.next() { return frame }
                    guard let chunk = await bytes.next() else {
                        finished = true
                        return try receiver.finish()
                    }
                    receiver.append(chunk)
                }
                return nil
            } catch {
                finished = true
                throw SDLSessionError(.wire(error))
            }
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(bytes: bytes.makeAsyncIterator(), limit: limit)
    }
}
