/// What carries an app's SDL frames to the head unit: the name the `--events` log's `registered` line, the
/// emulator's app list (`AppSnapshot.transport`) and its viewer give it. The raw value is that name.
///
/// ```swift
/// let transport = WebSocketTransport(url: try WebSocketURL(parsing: "ws://127.0.0.1:2020"))
/// print(transport.kind.rawValue)   // "ws"
/// ```
public enum TransportKind: String, Hashable, Sendable, CaseIterable {
    /// TCP (SDL Core's `TCPAdapterPort`, 12345 by default).
    case tcp
    /// WebSocket without TLS (Core's WebEngine server, `WebSocketServerPort`).
    case ws
    /// WebSocket over TLS.
    case wss
    /// An in-process link (tests, the emulator's in-memory apps).
    case memory
    /// A transport that does not say what it is.
    case other
}
