/// Which end of the TLS connection a security manager plays.
///
/// SDL inverts the usual roles: the head unit starts the handshake, so it is the **TLS client**, and the app answers,
/// so it is the **TLS server** and must hold a certificate and private key (PS §7).
///
/// ```swift
/// let manager = try factory.makeManager(role: .app, appID: "8675309", vehicleMake: "SDL")
/// ```
public enum SecurityRole: Hashable, Sendable, CustomStringConvertible {
    /// The app: TLS server, answers handshake queries with Responses.
    case app
    /// The head unit (or the emulator): TLS client, starts the handshake with a Request.
    case headUnit

    public var description: String {
        switch self {
        case .app: "app (TLS server)"
        case .headUnit: "head unit (TLS client)"
        }
    }
}
