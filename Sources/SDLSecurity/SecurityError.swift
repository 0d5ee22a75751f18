public import SDLWire

/// Every error of the security layer: what failed, the SDL error code it maps to, and the TLS library's own words.
///
/// ```swift
/// do {
///     _ = try manager.decrypt(frame.payload)
/// } catch {
///     log.error("\(error)")              // "decryption failed (DECRYPTION_FAILED (0x06)): <OpenSSL's reason>"
///     sendInternalError(error.code)       // the wire code the head unit understands
/// }
/// ```
public struct SecurityError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// The TLS handshake failed for a reason other than the certificate (no shared cipher or version, an alert).
        case handshakeFailed
        /// The peer's certificate did not verify, or the peer rejected ours: unknown CA, bad signature, missing.
        case invalidCertificate
        /// A certificate is outside its validity period.
        case expiredCertificate
        /// The handshake bytes were not TLS.
        case invalidData
        /// The peer stopped answering: no handshake input arrived before the deadline.
        case handshakeTimedOut
        /// The peer sent a SendInternalError notification; its code and text are kept.
        case peerReportedError(SecurityErrorCode, text: String?)
        /// Encryption or decryption was asked for before the handshake completed, or after it failed.
        case notProtected
        /// A plaintext larger than one TLS record may carry was given to `encrypt`.
        case plaintextTooLarge(size: Int, limit: Int)
        /// The TLS library could not encrypt.
        case encryptionFailed
        /// A record did not decrypt or authenticate.
        case decryptionFailed
        /// The peer closed the TLS connection (close_notify).
        case peerClosed
        /// A security query whose header or JSON did not parse.
        case malformedQuery(String)
        /// A security query with a type and id this side does not handle.
        case unexpectedQuery(type: SecurityQuery.QueryType, id: SecurityQuery.QueryID)
        /// Certificates, keys or settings the security manager could not use.
        case configuration(String)
        /// The security manager was stopped.
        case stopped
    }

    public var kind: Kind
    /// Extra context: the TLS library's error string, the file that did not load.
    public var context: String?

    public init(_ kind: Kind, context: String? = nil) {
        self.kind = kind
        self.context = context
    }

    /// The SDL error code for this error, as sent in a SendInternalError notification (PS §5.1.1.4).
    public var code: SecurityErrorCode {
        switch kind {
        case .handshakeFailed, .handshakeTimedOut: .handshakeFailed
        case .invalidCertificate: .invalidCertificate
        case .expiredCertificate: .expiredCertificate
        case .invalidData: .sslInvalidData
        case .peerReportedError(let code, _): code
        case .notProtected: .serviceNotProtected
        case .plaintextTooLarge, .encryptionFailed: .encryptionFailed
        case .decryptionFailed: .decryptionFailed
        case .malformedQuery: .invalidQuerySize
        case .unexpectedQuery: .invalidQueryID
        case .peerClosed, .configuration, .stopped: .internal
        }
    }

    public var description: String {
        let base: String
        switch kind {
        case .handshakeFailed: base = "TLS handshake failed"
        case .invalidCertificate: base = "certificate did not verify"
        case .expiredCertificate: base = "certificate is outside its validity period"
        case .invalidData: base = "handshake data is not TLS"
        case .handshakeTimedOut: base = "no handshake data from the peer before the deadline"
        case .peerReportedError(let code, let text):
            // The text usually repeats the code's name; show it only when it says more.
            let extra = text.flatMap { $0 == code.name ? nil : ": \($0)" } ?? ""
            base = "peer reported a security error" + extra
        case .notProtected: base = "no completed TLS handshake to encrypt or decrypt with"
        case .plaintextTooLarge(let size, let limit): base = "plaintext of \(size) bytes exceeds one record's \(limit)"
        case .encryptionFailed: base = "encryption failed"
        case .decryptionFailed: base = "decryption failed"
        case .peerClosed: base = "peer closed the TLS connection"
        case .malformedQuery(let why): base = "malformed security query: \(why)"
        case .unexpectedQuery(let type, let id):
            base =
                "unexpected security query type 0x\(String(type.rawValue, radix: 16)) id 0x\(String(id.rawValue, radix: 16))"
        case .configuration(let why): base = "security configuration: \(why)"
        case .stopped: base = "security manager was stopped"
        }
        let withCode = "\(base) [\(code)]"
        if let context { return "\(withCode): \(context)" }
        return withCode
    }
}
