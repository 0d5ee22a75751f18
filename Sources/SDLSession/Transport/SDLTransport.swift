public import SDLWire

/// A way to reach a head unit: TCP, WebSocket, in memory for tests.
///
/// A transport hands out one open ``SDLConnection`` for the duration of a closure and closes it when the closure
/// returns or throws, so a connection can never outlive its owner (the NIO `executeThenClose` shape).
///
/// ```swift
/// let transport = TCPTransport(host: "127.0.0.1", port: 12345)
/// try await transport.withConnection { connection in
///     try await connection.send([startFrame])
///     for try await frame in connection.inbound { print(frame.header) }
/// }
/// ```
public protocol SDLTransport: Sendable {
    /// The connection type this transport opens.
    associatedtype Connection: SDLConnection

    /// What it is: `tcp`, `ws`, `wss`, `memory` (the `--events` log's `registered` line says it). A transport that
    /// does not say is `TransportKind.other`.
    var kind: TransportKind { get }

    /// Opens a connection, runs `body` with it, and closes it afterwards.
    ///
    /// - Throws: ``SDLSessionError`` (`.connectTimeout`, `.connectionFailed`) when the connection cannot be opened,
    ///   and whatever `body` throws.
    func withConnection<Result: Sendable>(
        _ body: (Connection) async throws -> Result
    ) async throws -> Result
}

/// One open link to a head unit: frames in, frames out.
///
/// `inbound` has a single consumer. It finishes when the peer closes cleanly between frames, and throws
/// ``SDLSessionError`` when the peer closes inside a frame (`.wire(.truncatedFrame)`), sends bytes that are not SDL
/// frames (`.wire`), or stalls in the middle of a frame (`.peerStalled`).
public protocol SDLConnection: Sendable {
    associatedtype Inbound: AsyncSequence<SDLFrame, any Error> & Sendable

    /// Frames from the head unit, in order.
    var inbound: Inbound { get }

    /// Writes `frames` in order. Returns once the transport has taken them (back-pressure).
    func send(_ frames: [SDLFrame]) async throws

    /// Raises (or lowers) the largest payload an incoming frame may announce, after MTU negotiation.
    func setMaximumReceivePayload(_ bytes: Int) async

    /// Closes the connection; `inbound` finishes. Safe to call more than once.
    func close() async

    /// The link's rate as last measured while a backlog drained (``LinkDeliveryRate``), or `nil` when this
    /// transport does not measure it or has not yet had a backlog.
    var deliveryRate: LinkDeliveryRate? { get }

    /// How often sends have waited for the link itself (``LinkHoldBack``), or `nil` when this transport cannot
    /// tell a slow link from a slow process.
    var linkHoldBack: LinkHoldBack? { get }
}

extension SDLTransport {
    /// A transport that does not say what it is.
    public var kind: TransportKind { .other }
}

extension SDLConnection {
    /// A transport that does not measure its link reports nothing.
    public var deliveryRate: LinkDeliveryRate? { nil }

    /// A transport that cannot see its link's queue cannot tell.
    public var linkHoldBack: LinkHoldBack? { nil }
}
