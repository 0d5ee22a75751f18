public import NIOCore

/// One TLS connection as SDL uses it: handshake bytes in and out, then one record per encrypted frame.
///
/// Modelled on what the SDL libraries expose (sdl_ios `SDLSecurityType`, sdl_java `SdlSecurityBase`: initialise,
/// run handshake, encrypt, decrypt, stop), reshaped for Swift: creation and initialisation are one step in
/// ``SecurityManagerFactory/makeManager(role:appID:vehicleMake:)``, the handshake returns its state instead of
/// calling back, and failures are typed.
///
/// A manager holds mutable TLS state, so it is a class and not `Sendable`: exactly one owner (the session's actor or
/// event loop, or the emulator) creates it and calls it, one call at a time. SDL runs one handshake per transport
/// connection (PS §7); after any TLS error every protected service on that transport is lost, so the owner replaces
/// the manager rather than retrying on it.
///
/// ```swift
/// let manager = try factory.makeManager(role: .app, appID: "8675309", vehicleMake: "SDL")
/// let step = manager.processHandshake(query.binary)     // the head unit's ClientHello
/// // ... exchange until step.state == .complete, then per frame:
/// let ciphertext = try manager.encrypt(chunk)           // chunk.readableBytes <= EncryptedChunkLimit.stream
/// let plaintext = try manager.decrypt(frame.payload)
/// manager.stop()
/// ```
public protocol SecurityManager: AnyObject {
    /// Which end of the TLS connection this manager plays.
    var role: SecurityRole { get }

    /// Feeds the peer's handshake bytes (empty to start: the head unit's first call produces the ClientHello) and
    /// returns the bytes to send back and the handshake's state. Once failed, every later call returns the same
    /// failure. Bytes that arrive after completion (post-handshake messages) are kept for the next ``decrypt(_:)``.
    func processHandshake(_ input: [UInt8]) -> HandshakeStep

    /// Encrypts one plaintext chunk into exactly one TLS record.
    ///
    /// - Parameter plaintext: at most ``EncryptedChunkLimit/tlsRecordPlaintext`` bytes; SDL framing uses the smaller
    ///   ``EncryptedChunkLimit/rpc`` and ``EncryptedChunkLimit/stream``.
    /// - Returns: the record, ready to be an encrypted frame's payload.
    /// - Throws: ``SecurityError`` `.notProtected` before the handshake completed, `.plaintextTooLarge`,
    ///   `.encryptionFailed`.
    func encrypt(_ plaintext: ByteBuffer) throws(SecurityError) -> ByteBuffer

    /// Decrypts the records in one encrypted frame's payload.
    ///
    /// - Returns: the plaintext; empty if the bytes end inside a record (the rest is kept for the next call).
    /// - Throws: ``SecurityError`` `.notProtected`, `.decryptionFailed`, `.peerClosed`.
    func decrypt(_ ciphertext: ByteBuffer) throws(SecurityError) -> ByteBuffer

    /// Ends the TLS connection and releases its state. Later calls fail with `.stopped`.
    func stop()

    /// The certificate the peer presented, once the handshake has got that far; `nil` when there was none or the
    /// engine cannot tell. A head unit uses it for the checks SDL Core makes after the TLS chain verified
    /// (``CertificateSummary``).
    var peerCertificate: CertificateSummary? { get }

    /// The peer's chain as this side verified it, leaf first and trust anchor last; empty before verification or
    /// when the engine cannot tell. SDL Core checks every certificate's validity against its own clock.
    ///
    /// ```swift
    /// let youngest = manager.peerCertificateChain.map(\.notBefore).max()
    /// ```
    var peerCertificateChain: [CertificateSummary] { get }
}

extension SecurityManager {
    /// Engines that cannot describe the peer's certificate report none.
    public var peerCertificate: CertificateSummary? { nil }

    /// Engines that cannot describe the verified chain report the peer's certificate alone, if any.
    public var peerCertificateChain: [CertificateSummary] { peerCertificate.map { [$0] } ?? [] }
}

/// Makes ``SecurityManager``s: the `Sendable` value an app configures once and CarWindow calls per transport
/// connection.
///
/// ```swift
/// struct MySecurity: SecurityManagerFactory {
///     var availableMakes: Set<String>? { ["Ford", "Lincoln"] }
///     func makeManager(role: SecurityRole, appID: String, vehicleMake: String?) throws(SecurityError)
///         -> any SecurityManager { ... }
/// }
/// ```
public protocol SecurityManagerFactory: Sendable {
    /// The vehicle makes this factory serves, compared with RegisterAppInterface's `vehicleType.make`; `nil` serves
    /// every make. sdl_ios applies security to streaming only for a listed make (`SDLSecurityType` `+availableMakes`).
    var availableMakes: Set<String>? { get }

    /// Creates and initialises a manager for one transport connection.
    ///
    /// - Parameters:
    ///   - role: `.app` for the TLS server (CarWindow), `.headUnit` for the TLS client (the emulator).
    ///   - appID: the app's `fullAppID` (or `appID`), for managers that select certificates per app.
    ///   - vehicleMake: the make the head unit reported, if known.
    /// - Throws: ``SecurityError`` `.configuration` when certificates or keys cannot be used.
    func makeManager(role: SecurityRole, appID: String, vehicleMake: String?) throws(SecurityError)
        -> any SecurityManager

    /// The certificate this factory's managers present (the app's leaf), if it has one and can describe it. The
    /// session compares its subject `serialNumber` with the app id, which SDL Core requires, to say so in its log and
    /// in the error when the head unit refuses the certificate.
    var presentedCertificate: CertificateSummary? { get }
}

extension SecurityManagerFactory {
    /// Factories that cannot describe their certificate report none.
    public var presentedCertificate: CertificateSummary? { nil }
}

extension SecurityManagerFactory {
    /// Whether this factory serves `make`: always when ``availableMakes`` is `nil`; never for an unknown make
    /// otherwise. Compared case-insensitively, as makes arrive in whatever case the head unit chose.
    public func serves(vehicleMake make: String?) -> Bool {
        guard let makes = availableMakes else { return true }
        guard let make else { return false }
        return makes.contains { $0.lowercased() == make.lowercased() }
    }
}
