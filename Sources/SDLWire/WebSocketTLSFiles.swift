/// The PEM files one end of a `wss://` link uses: whom it trusts and, when it must show one, its own certificate.
///
/// SDL Core's WebSocket server with TLS (`WSServerCertificatePath`, `WSServerKeyPath`, `WSServerCACertificatePath`)
/// asks the app for a certificate too, so an app that connects to it sets all three; the emulator's server
/// (`carwindow headunit --websocket-certificate/--websocket-key [--websocket-ca]`) asks for one only when it has a CA.
///
/// ```swift
/// let app = WebSocketTLSFiles(trustRoots: "ca.pem", certificate: "app.pem", privateKey: "app-key.pem")
/// let headUnit = WebSocketTLSFiles(trustRoots: "ca.pem", certificate: "hu.pem", privateKey: "hu-key.pem")
/// ```
public struct WebSocketTLSFiles: Hashable, Sendable {
    /// The CA certificates (PEM) the peer's certificate must chain to. A client without them trusts the system's; a
    /// server without them asks the client for no certificate.
    public var trustRoots: String?
    /// This end's certificate chain (PEM): the server's, or the client's for a server that asks for one.
    public var certificate: String?
    /// The private key (PEM) of ``certificate``.
    public var privateKey: String?

    public init(trustRoots: String? = nil, certificate: String? = nil, privateKey: String? = nil) {
        self.trustRoots = trustRoots
        self.certificate = certificate
        self.privateKey = privateKey
    }
}
