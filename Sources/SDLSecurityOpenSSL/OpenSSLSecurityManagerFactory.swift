import Foundation
public import SDLSecurity

/// The default ``SecurityManagerFactory``: OpenSSL 3 through memory BIOs, one TLS context per manager.
///
/// PEM files are read once, when the factory is created, and a context is built to check that certificates, key
/// and settings work together, so configuration mistakes surface here rather than at the first handshake.
///
/// ```swift
/// let factory = try OpenSSLSecurityManagerFactory(
///     .app(certificateChain: .file("app-chain.pem"), privateKey: .file("app-key.pem")))
/// let manager = try factory.makeManager(role: .app, appID: "8675309", vehicleMake: "SDL")
/// ```
public struct OpenSSLSecurityManagerFactory: SecurityManagerFactory {
    /// The configuration with every PEM file replaced by its contents.
    public let configuration: OpenSSLSecurityConfiguration
    /// The leaf of ``OpenSSLSecurityConfiguration/certificateChain``, read once.
    public let presentedCertificate: CertificateSummary?

    /// - Throws: ``SecurityError`` `.configuration` if a file cannot be read, a PEM does not parse, the key does not
    ///   match the certificate or a setting is refused by OpenSSL.
    public init(_ configuration: OpenSSLSecurityConfiguration) throws(SecurityError) {
        var resolved = configuration
        resolved.certificateChain = try Self.load(configuration.certificateChain)
        resolved.privateKey = try Self.load(configuration.privateKey)
        resolved.trustedCertificates = try Self.load(configuration.trustedCertificates)
        self.configuration = resolved
        presentedCertificate = CertificateSummary.leaf(of: resolved.certificateChain)
        let role: SecurityRole = resolved.certificateChain == nil ? .headUnit : .app
        let context = try OpenSSLContextBuilder(configuration: resolved, role: role).makeContext()
        OpenSSLContextBuilder.release(context)
    }

    public var availableMakes: Set<String>? { configuration.availableMakes }

    /// Creates a manager for one transport connection. `appID` and `vehicleMake` do not change the TLS settings of
    /// this implementation; factories that pick certificates per app or make can use them.
    public func makeManager(
        role: SecurityRole,
        appID: String,
        vehicleMake: String?
    ) throws(SecurityError) -> any SecurityManager {
        try OpenSSLSecurityManager(configuration: configuration, role: role)
    }

    private static func load(_ pem: OpenSSLSecurityConfiguration.PEM?) throws(SecurityError)
        -> OpenSSLSecurityConfiguration.PEM?
    {
        guard case .file(let path) = pem else { return pem }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SecurityError(.configuration("cannot read PEM file"), context: path)
        }
        return .data(Array(data))
    }
}
