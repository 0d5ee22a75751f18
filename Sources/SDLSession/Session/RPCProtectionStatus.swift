/// Where the RPC service stands with protection (SDL-0207, PS §4.2.5): the session upgrades it by itself with a
/// second StartService(RPC, E = 1) once OnPermissionsChange requires encryption for some RPC and the HMI level is not
/// NONE, and from then on sends each RPC whose permission item requires encryption with E = 1.
///
/// ```swift
/// for await status in await session.rpcProtectionUpdates() {
///     if status == .protected { break }                   // SendHapticData and friends now go out encrypted
///     if case .failed(let error) = status { throw error }
/// }
/// ```
public enum RPCProtectionStatus: Hashable, Sendable, CustomStringConvertible {
    /// The RPC service runs in the clear: nothing asked for encryption yet, the HMI level is NONE, or the app has
    /// no ``AppConfiguration/security``.
    case unprotected
    /// StartService(RPC, E = 1) is on its way: the TLS handshake runs, the ACK is awaited.
    case upgrading
    /// The head unit acknowledged with E = 1: RPCs that require encryption go out encrypted.
    case protected
    /// The upgrade failed (a handshake failure, a NAK, an ACK without E), or the TLS session it used was lost
    /// (PS §7.3). RPCs go out in the clear; the head unit answers those it insists on with ENCRYPTION_NEEDED.
    case failed(SDLSessionError)

    public var description: String {
        switch self {
        case .unprotected: "unprotected"
        case .upgrading: "upgrading"
        case .protected: "protected"
        case .failed(let error): "failed: \(error)"
        }
    }
}
