/// What a service that asked for protection does when it cannot get it: the head unit NAKed the protected
/// StartService, ACKed it without the encryption bit, or the handshake failed (PS §7;
/// sdl_ios trusts the ACK's encryption bit).
///
/// The session and streaming layers read this when they start video, audio or the RPC upgrade.
///
/// ```swift
/// let policy: ProtectionFailurePolicy = .requireProtection   // fail rather than stream video in the clear
/// ```
public enum ProtectionFailurePolicy: Hashable, Sendable {
    /// Report the error and do not start the service.
    case requireProtection
    /// Report the error, then start (or keep) the service unprotected, as sdl_ios does when the ACK lacks the
    /// encryption bit.
    case fallBackToUnprotected
}
