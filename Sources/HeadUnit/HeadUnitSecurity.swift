public import SDLSecurity
public import SDLWire

/// The emulator's side of protected services: it is the TLS client (PS §7), verifies the app's certificate with
/// the factory's trusted CAs, and can insist on protection like SDL Core's `ForceProtectedService`.
///
/// ```swift
/// import SDLSecurityOpenSSL
///
/// var configuration = HeadUnitConfiguration(port: 0)
/// configuration.security = HeadUnitSecurity(
///     factory: try OpenSSLSecurityManagerFactory(.headUnit(trusting: .file("ca.pem"))),
///     forceProtectedServices: [.video, .audio],
///     requireEncryptedRPCs: true, encryptedRPCs: ["SendHapticData", "OnTouchEvent"])
/// ```
public struct HeadUnitSecurity: Sendable {
    /// A broken handshake on purpose, to test how an app copes.
    public enum HandshakeFault: String, Sendable, CaseIterable {
        /// The first handshake message carries bytes that are not TLS.
        case garbage
        /// The head unit sends its ClientHello and then answers no handshake data (it still reacts to the app's
        /// SendInternalError by refusing the service).
        case stall
        /// TLS 1.3 as SDL Core orders it (the protected ACK before the head unit's Finished), but the Finished
        /// never comes: the app holds the ACK until its handshake deadline.
        case dropFinalMessage
    }

    /// Makes one TLS client engine per app connection (`OpenSSLSecurityManagerFactory(.headUnit(trusting:))`).
    public var factory: any SecurityManagerFactory
    /// The engine SDL Core really runs when ``factory`` caps the TLS version (Core's `Protocol=TLSv1.2`): the same
    /// settings without the maximum, used while ``CoreQuirks/negotiatesTLS13DespiteConfiguredMaximum`` is on.
    /// `nil` uses ``factory`` either way.
    ///
    /// ```swift
    /// var core = OpenSSLSecurityConfiguration.headUnit(trusting: .file("ca.pem"))
    /// core.maximumVersion = .tls1_2                       // what Core's ini says
    /// var security = HeadUnitSecurity(factory: try OpenSSLSecurityManagerFactory(core))
    /// core.maximumVersion = nil                           // what Core does
    /// security.factoryIgnoringMaximumVersion = try OpenSSLSecurityManagerFactory(core)
    /// ```
    public var factoryIgnoringMaximumVersion: (any SecurityManagerFactory)?
    /// Services whose unprotected StartService is refused with a NAK (Core's `ForceProtectedService`, which lists
    /// 0x0A and 0x0B in its example).
    public var forceProtectedServices: Set<ServiceType>
    /// The app-level flag of RPC protection (SDL-0207): OnPermissionsChange says `requireEncryption: true`. Together
    /// with ``encryptedRPCs`` it makes the app upgrade its RPC service (StartService RPC with E = 1) and decides
    /// which RPCs the head unit insists on receiving and sending encrypted.
    public var requireEncryptedRPCs: Bool
    /// RPC names (`"SendHapticData"`, `"OnTouchEvent"`) whose PermissionItem says `requireEncryption: true`. While
    /// ``requireEncryptedRPCs`` is on, a listed request that arrives in the clear is answered ENCRYPTION_NEEDED and a
    /// listed notification goes out encrypted, or not at all before the RPC service is protected, as SDL Core does
    /// (docs/security.md, "The emulator's head-unit side").
    public var encryptedRPCs: Set<String>
    /// How long the app may stay silent during the handshake.
    public var handshakeTimeout: Duration
    /// A deliberate fault, `nil` for a correct handshake.
    public var fault: HandshakeFault?

    public init(
        factory: any SecurityManagerFactory,
        forceProtectedServices: Set<ServiceType> = [],
        requireEncryptedRPCs: Bool = false,
        encryptedRPCs: Set<String> = [],
        handshakeTimeout: Duration = .seconds(10),
        fault: HandshakeFault? = nil,
        factoryIgnoringMaximumVersion: (any SecurityManagerFactory)? = nil
    ) {
        self.factory = factory
        self.factoryIgnoringMaximumVersion = factoryIgnoringMaximumVersion
        self.forceProtectedServices = forceProtectedServices
        self.requireEncryptedRPCs = requireEncryptedRPCs
        self.encryptedRPCs = encryptedRPCs
        self.handshakeTimeout = handshakeTimeout
        self.fault = fault
    }
}
