import SDLSecurity
import SDLWire

/// The TLS side of one connection: the engine, its handshake, and which services it protects.
///
/// SDL runs one handshake per transport connection and every protected service shares it; after any TLS error all
/// of them are lost (PS §7.3), so a failed state is replaced by a fresh one on the next protected start, never
/// retried. Owned by the ``SDLSession`` actor: the engine is a non-`Sendable` class used one call at a time.
struct ProtectionState {
    var manager: (any SecurityManager)?
    var handshake: HandshakeStateMachine<ContinuousClock.Instant>?
    /// Fires `deadlineReached` when the head unit goes quiet; replaced whenever the deadline moves.
    var timer: Task<Void, Never>?
    /// The handshake failure of the current attempt, kept so a later NAK can be explained by it.
    var failure: SecurityError?
    /// Services whose StartServiceACK had the E bit.
    var services: Set<ServiceType> = []
    /// Where the RPC service's upgrade stands; the session publishes each change.
    var rpcStatus: RPCProtectionStatus = .unprotected
    /// OnPermissionsChange required encryption without ``AppConfiguration/security``: logged once.
    var reportedMissingSecurity = false

    /// A handshake is running or complete and can carry another protected service.
    var isUsable: Bool { manager != nil && failure == nil }

    var isComplete: Bool { handshake?.isComplete ?? false }

    /// Forgets the engine (stopping it) and every protected service.
    mutating func reset(keepingUpgrade: Bool = false) {
        timer?.cancel()
        manager?.stop()
        let upgrade = rpcStatus
        self = ProtectionState()
        if keepingUpgrade { rpcStatus = upgrade }
    }
}
