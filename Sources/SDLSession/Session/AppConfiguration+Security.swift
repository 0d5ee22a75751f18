public import SDLSecurity

extension AppConfiguration {
    /// How the session protects services: where its TLS engine comes from, what a failed protection means, and how
    /// long the head unit may take over the handshake.
    ///
    /// The session only knows the `SDLSecurity/SecurityManagerFactory` protocol; the OpenSSL engine lives in
    /// `SDLSecurityOpenSSL`, which the app adds:
    ///
    /// ```swift
    /// import SDLSecurityOpenSSL
    ///
    /// var app = AppConfiguration(appName: "CarWindow", appID: "swiftsdl-nav")
    /// app.security = AppConfiguration.Security(
    ///     factory: try OpenSSLSecurityManagerFactory(
    ///         .app(certificateChain: .file("app-chain.pem"), privateKey: .file("app-key.pem"))),
    ///     failurePolicy: .requireProtection)
    /// let video = try await session.startVideoService(parameters, encrypted: true)
    /// ```
    public struct Security: Sendable {
        /// Makes one TLS server engine per transport connection (the app is the TLS server, PS §7).
        public var factory: any SecurityManagerFactory
        /// What a protected start does when protection fails: fail, or start unprotected and report why.
        public var failurePolicy: ProtectionFailurePolicy
        /// How long the head unit may stay silent during the handshake before it fails with `.handshakeTimedOut`.
        public var handshakeTimeout: Duration

        /// - Parameters:
        ///   - factory: the TLS engine's factory (`OpenSSLSecurityManagerFactory` from `SDLSecurityOpenSSL`).
        ///   - failurePolicy: `.requireProtection` (default): content that asked for protection never goes out in
        ///     the clear.
        ///   - handshakeTimeout: 10 s by default, the value sdl_ios waits for the head unit's handshake data.
        public init(
            factory: any SecurityManagerFactory,
            failurePolicy: ProtectionFailurePolicy = .requireProtection,
            handshakeTimeout: Duration = .seconds(10)
        ) {
            self.factory = factory
            self.failurePolicy = failurePolicy
            self.handshakeTimeout = handshakeTimeout
        }
    }
}
