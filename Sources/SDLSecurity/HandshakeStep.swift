/// What one call to ``SecurityManager/processHandshake(_:)`` produced: bytes for the peer and where the handshake is.
///
/// ```swift
/// let step = manager.processHandshake(query.binary)
/// if !step.output.isEmpty { send(step.output) }   // may be non-empty even when failed: a TLS alert
/// if case .failed(let error) = step.state { report(error) }
/// ```
public struct HandshakeStep: Hashable, Sendable {
    /// TLS bytes to send to the peer. A failing step may still carry an alert that tells the peer why.
    public var output: [UInt8]
    /// Where the handshake stands after this step.
    public var state: HandshakeState

    public init(output: [UInt8], state: HandshakeState) {
        self.output = output
        self.state = state
    }
}

/// Where a TLS handshake stands.
public enum HandshakeState: Hashable, Sendable {
    /// Waiting for more bytes from the peer.
    case inProgress
    /// Keys are agreed: encrypt and decrypt work.
    case complete
    /// The handshake failed; the manager stays failed until it is replaced.
    case failed(SecurityError)
}
