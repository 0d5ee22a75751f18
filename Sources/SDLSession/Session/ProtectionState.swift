import SDLSecurity
import SDLWire

/// The TLS side of one connection: the engine, its handshake, and which services it protects.
///
/// SDL runs one handshake per transport connection and every protected service shares it; after any TLS error all
/// of them are lost (PS §7.3), so a failed state is replaced by a fresh one on the next protected start, never
/// retried. Owned by the ``SDLSession`` actor: the engine is a non-`Sendable` class used one call at a time.
struct ProtectionState {
    var manager: (any SecurityManager)?
    var handshake: HandshakeStateMachine<SessionClock.Instant>?
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
    /// Encrypted frames that arrived while the handshake was still running, in order. SDL Core sends a protected
    /// StartServiceACK before its last TLS 1.3 handshake message, and on protocol 5 that ACK's payload is a record
    /// only the completed handshake can decrypt. Released when the handshake completes; when it fails, the starts
    /// they answer fail with its error. At most ``maximumHeldFrames``.
    var held: [SDLFrame] = []
    /// Services the head unit acknowledged with E = 1 before a handshake that then failed: running on the head unit,
    /// unusable for the app, so the start ends them.
    var acknowledgedBeforeFailure: Set<ServiceType> = []
    /// Services that fell back to the clear, with the error of their protected start
    /// (``SDLSession/unprotectedReason(for:)``).
    var fallbacks: [ServiceType: SDLSessionError] = [:]

    /// Only control answers are expected before the handshake ends (one per protected start); anything beyond this
    /// is a head unit misbehaving and is dropped rather than buffered without bound.
    static let maximumHeldFrames = 8

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
