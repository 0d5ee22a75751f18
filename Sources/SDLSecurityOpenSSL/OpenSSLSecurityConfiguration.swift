/// Settings for the OpenSSL security managers: the certificates each side presents and trusts, TLS versions and
/// ciphers.
///
/// Defaults, and why:
/// - **Versions:** TLS 1.2 minimum; no maximum from `init` (OpenSSL 3 negotiates up to TLS 1.3), TLS 1.2 at most
///   from ``app(certificateChain:privateKey:maximumVersion:)``, against SDL Core's TLS 1.3 race. SDL Core configures its
///   method (`Protocol` in `smartDeviceLink.ini`, TLSv1.2 in its sample) and offers nothing older than the
///   head unit allows; TLS 1.0/1.1 and SSLv3, which the spec still lists (PS §7), are not offered.
/// - **TLS 1.2 ciphers:** ``defaultCipherList``: ECDHE or DHE key exchange with AES-GCM or ChaCha20-Poly1305, i.e.
///   forward secrecy and AEAD only. Head units pinned to a static-RSA suite such as `AES256-GCM-SHA384` need
///   ``compatibleCipherList`` and an RSA certificate.
/// - **TLS 1.3 suites:** OpenSSL's defaults (``cipherSuites`` `nil`).
/// - **Verification:** the head unit verifies the app's certificate chain against ``trustedCertificates``
///   (`.required`); the app does not ask for a client certificate (`.none`) unless configured. Only the chain and
///   validity period are checked, not names: SDL binds the certificate to the app out of band.
/// - **Sessions:** no tickets, no renegotiation, no compression; each transport connection runs one full handshake.
///
/// ```swift
/// // The app (TLS server), with PEM files it ships or downloads:
/// let app = OpenSSLSecurityConfiguration.app(
///     certificateChain: .file("/etc/carwindow/app-chain.pem"),
///     privateKey: .file("/etc/carwindow/app-key.pem"))
/// // The emulator's head unit (TLS client), trusting the CA that signed the app's certificate:
/// let headUnit = OpenSSLSecurityConfiguration.headUnit(trusting: .data(caPEM))
/// ```
public struct OpenSSLSecurityConfiguration: Hashable, Sendable {
    /// PEM text: from a file read when the factory is created, or already in memory.
    public enum PEM: Hashable, Sendable {
        case file(String)
        case data([UInt8])
    }

    /// A TLS protocol version.
    public enum TLSVersion: Hashable, Sendable, Comparable, CaseIterable {
        case tls1_2
        case tls1_3
    }

    /// Whether and how the peer's certificate is checked against ``trustedCertificates``.
    public enum PeerVerification: Hashable, Sendable {
        /// No check. Only sensible for an app that does not authenticate the head unit.
        case none
        /// Check a certificate if the peer sends one (an app asking the head unit for an optional certificate).
        case ifPresented
        /// The peer must present a certificate that verifies.
        case required
    }

    /// OpenSSL cipher list for TLS 1.2: forward-secret AEAD suites only.
    public static let defaultCipherList =
        "ECDHE+AESGCM:ECDHE+CHACHA20:DHE+AESGCM:DHE+CHACHA20:!aNULL:!eNULL:!MD5:!DSS:!PSK:!SRP"
    /// ``defaultCipherList`` followed by static-RSA AES-GCM, for head units configured with such a suite.
    public static let compatibleCipherList = defaultCipherList + ":RSA+AESGCM"

    /// This side's certificate, leaf first, then any intermediates. Required for the app (TLS server).
    public var certificateChain: PEM?
    /// The private key for the leaf of ``certificateChain``, unencrypted PEM.
    public var privateKey: PEM?
    /// The CA certificates the peer's chain must lead to.
    public var trustedCertificates: PEM?
    /// How the peer's certificate is checked.
    public var peerVerification: PeerVerification
    /// The oldest TLS version offered or accepted.
    public var minimumVersion: TLSVersion
    /// The newest TLS version offered or accepted; `nil` for the newest OpenSSL supports.
    public var maximumVersion: TLSVersion?
    /// OpenSSL cipher list string for TLS 1.2 (`SSL_CTX_set_cipher_list`).
    public var cipherList: String
    /// OpenSSL TLS 1.3 cipher suites (`SSL_CTX_set_ciphersuites`); `nil` keeps OpenSSL's defaults.
    public var cipherSuites: String?
    /// The vehicle makes the factory serves; `nil` for every make.
    public var availableMakes: Set<String>?

    public init(
        certificateChain: PEM? = nil,
        privateKey: PEM? = nil,
        trustedCertificates: PEM? = nil,
        peerVerification: PeerVerification = .none,
        minimumVersion: TLSVersion = .tls1_2,
        maximumVersion: TLSVersion? = nil,
        cipherList: String = OpenSSLSecurityConfiguration.defaultCipherList,
        cipherSuites: String? = nil,
        availableMakes: Set<String>? = nil
    ) {
        self.certificateChain = certificateChain
        self.privateKey = privateKey
        self.trustedCertificates = trustedCertificates
        self.peerVerification = peerVerification
        self.minimumVersion = minimumVersion
        self.maximumVersion = maximumVersion
        self.cipherList = cipherList
        self.cipherSuites = cipherSuites
        self.availableMakes = availableMakes
    }

    /// The app's side: presents `certificateChain`, asks for no client certificate, and accepts TLS 1.2 at most.
    ///
    /// The cap is what makes protected video work against stock SDL Core: Core negotiates TLS 1.3 whatever its ini
    /// says, and on protocol 5 about half of its TLS 1.3 handshakes send the start of the encrypted StartServiceACK
    /// in place of their Finished, which no app can complete (docs/security.md, "SDL Core's TLS 1.3 race"). With
    /// TLS 1.2 Core's last handshake step sends nothing, so there is nothing to overwrite. Pass `maximumVersion: nil`
    /// for a head unit known to handle TLS 1.3.
    ///
    /// ```swift
    /// let app = OpenSSLSecurityConfiguration.app(
    ///     certificateChain: .file("app-chain.pem"), privateKey: .file("app-key.pem"))   // TLS 1.2
    /// let modern = OpenSSLSecurityConfiguration.app(
    ///     certificateChain: .file("app-chain.pem"), privateKey: .file("app-key.pem"), maximumVersion: nil)
    /// ```
    public static func app(
        certificateChain: PEM, privateKey: PEM, maximumVersion: TLSVersion? = .tls1_2
    ) -> Self {
        Self(certificateChain: certificateChain, privateKey: privateKey, maximumVersion: maximumVersion)
    }

    /// The head unit's side: requires the app's certificate to verify against `trustedCertificates`.
    public static func headUnit(trusting trustedCertificates: PEM) -> Self {
        Self(trustedCertificates: trustedCertificates, peerVerification: .required)
    }
}
