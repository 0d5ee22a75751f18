/// Why a WebSocket link carrying SDL frames failed, on either end: the app's transport reports it as
/// `SDLSessionError.Kind.webSocket(_:)`, the emulator as `HeadUnitError.Kind.webSocket(_:)`. A peer that closes in
/// the middle of an SDL frame is `.truncatedFrame` (``SDLWireError``), as on TCP; what is here is what only
/// WebSocket can get wrong.
///
/// ```swift
/// do {
///     try await session.start()
/// } catch let error as SDLSessionError {
///     if case .webSocket(.upgradeRefused(let status, _)) = error.kind { print("not a WebSocket server: \(status)") }
/// }
/// ```
public enum WebSocketFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is not a usable `ws://HOST:PORT` URL; it says what to write instead.
    case badURL(String)
    /// The server answered the upgrade request with this HTTP status instead of 101 Switching Protocols, or with
    /// headers that do not complete a WebSocket handshake (the status is then 101 and the text says so).
    case upgradeRefused(status: Int, String)
    /// The peer sent a WebSocket message (or one frame of it) larger than the limit, in bytes (the app's
    /// `WebSocketTransport.Configuration.maximumMessageBytes`; the emulator's, 1 MiB or four MTUs). The link is
    /// closed with code 1009.
    case messageTooLarge(limit: Int)
    /// The peer sent a text message: SDL frames travel only as binary messages.
    case textMessage
    /// The peer broke the WebSocket protocol (a fragment out of order, a bad control frame, ...).
    case protocolViolation(String)
    /// The TLS under `wss://` failed: a certificate the other side does not trust (or none where one is required),
    /// a file that cannot be read, a handshake that broke off. The text says which.
    case tls(String)

    public var description: String {
        switch self {
        case .badURL(let why): "bad WebSocket URL: \(why)"
        case .upgradeRefused(let status, let why): "the server refused the WebSocket upgrade (HTTP \(status)): \(why)"
        case .messageTooLarge(let limit): "the peer sent a WebSocket message larger than \(limit) bytes"
        case .textMessage: "the peer sent a text WebSocket message; SDL frames travel as binary messages"
        case .protocolViolation(let why): "WebSocket protocol violation: \(why)"
        case .tls(let why): "TLS failed: \(why)"
        }
    }
}
