public import SDLWire

/// What the owner of a ``HandshakeStateMachine`` must do next. The machine never does I/O or TLS itself.
///
/// ```swift
/// for action in machine.receive(payload, now: clock.now) {
///     switch action {
///     case .runHandshake(let bytes):
///         let step = manager.processHandshake(bytes)
///         // feed back: machine.handshakeStepped(step, now: clock.now), and execute its actions in turn
///     case .send(let query): sendSingleFrame(service: .control, payload: query.buffer)   // E = 0
///     case .completed: startProtectedServices()
///     case .failed(let error): dropProtectedServices(error)
///     case .rejected(let error): log(error)
///     }
/// }
/// ```
public enum HandshakeAction: Hashable, Sendable {
    /// Feed these bytes to the TLS engine and give its step to ``HandshakeStateMachine/handshakeStepped(_:now:)``.
    case runHandshake([UInt8])
    /// Send this query as a Single frame on the control service, unencrypted (PS §7.2.1).
    case send(SecurityQuery)
    /// The handshake completed: protected services may start.
    case completed
    /// The handshake failed. Every protected service on this transport is lost (PS §7.3); a new handshake needs a
    /// new security manager and a new machine.
    case failed(SecurityError)
    /// An incoming query was refused and the peer told so by a preceding `.send`; the handshake goes on.
    case rejected(SecurityError)
}
