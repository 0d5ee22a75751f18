import ArgumentParser
import SDLSecurityOpenSSL

/// The `--tls-max` value: the newest TLS version the app (the TLS server) accepts.
///
/// TLS 1.2 by default: SDL Core 8.2 negotiates TLS 1.3 whatever its ini says, and on protocol 5 it then sends its
/// last handshake message after the encrypted StartServiceACK, from a buffer the ACK's encryption may already have
/// overwritten; about half such starts never complete. With TLS 1.2 Core's last handshake step sends nothing, so
/// the race cannot happen (docs/security.md, "SDL Core's TLS 1.3 race").
enum StreamTLSVersionChoice: String, Hashable, Sendable, CaseIterable, ExpressibleByArgument {
    case tls1_2 = "1.2"
    case tls1_3 = "1.3"

    var version: OpenSSLSecurityConfiguration.TLSVersion {
        switch self {
        case .tls1_2: .tls1_2
        case .tls1_3: .tls1_3
        }
    }
}
