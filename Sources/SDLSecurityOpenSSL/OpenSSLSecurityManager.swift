import COpenSSL
public import NIOCore
public import SDLSecurity

/// A ``SecurityManager`` on OpenSSL 3: one `SSL` object between two memory BIOs, so TLS bytes go wherever SDL's
/// security queries and encrypted frames take them.
///
/// ```
///  peer bytes ──► processHandshake / decrypt ──► [read BIO] ──► SSL ──► [write BIO] ──► bytes for the peer
/// ```
///
/// Not `Sendable`, by design: the `SSL` object is mutable and not thread-safe, so the manager has exactly one owner
/// (the session's actor, an event loop, the emulator) that calls it one call at a time. It frees everything in
/// `deinit`, or earlier in ``stop()``.
///
/// ```swift
/// let manager = try factory.makeManager(role: .headUnit, appID: "8675309", vehicleMake: nil)
/// let hello = manager.processHandshake([])          // ClientHello in hello.output
/// ```
public final class OpenSSLSecurityManager: SecurityManager {
    public let role: SecurityRole
    /// `nil` once stopped.
    private var ssl: OpaquePointer?
    /// Owned by `ssl`.
    private let readBIO: OpaquePointer
    private let writeBIO: OpaquePointer
    private var state: HandshakeState = .inProgress

    /// Creates a manager with its own TLS context.
    ///
    /// - Throws: ``SecurityError`` `.configuration` if the configuration does not suit `role` (an app without a
    ///   certificate) or OpenSSL refuses it.
    public init(configuration: OpenSSLSecurityConfiguration, role: SecurityRole) throws(SecurityError) {
        self.role = role
        let context = try OpenSSLContextBuilder(configuration: configuration, role: role).makeContext()
        // The SSL object holds its own reference to the context.
        defer { OpenSSLContextBuilder.release(context) }
        guard let ssl = SSL_new(context) else {
            throw SecurityError(.configuration("SSL_new failed"), context: OpenSSLErrorQueue.drain().joined())
        }
        guard let readBIO = BIO_new(BIO_s_mem()), let writeBIO = BIO_new(BIO_s_mem()) else {
            SSL_free(ssl)
            throw SecurityError(.configuration("BIO_new failed"))
        }
        SSL_set_bio(ssl, readBIO, writeBIO)
        if role == .app { SSL_set_accept_state(ssl) } else { SSL_set_connect_state(ssl) }
        self.ssl = ssl
        self.readBIO = readBIO
        self.writeBIO = writeBIO
    }

    deinit {
        if let ssl { SSL_free(ssl) }
    }

    public func processHandshake(_ input: [UInt8]) -> HandshakeStep {
        guard let ssl else { return HandshakeStep(output: [], state: .failed(SecurityError(.stopped))) }
        switch state {
        case .failed: return HandshakeStep(output: [], state: state)
        case .complete:
            // Post-handshake messages wait in the read BIO for the next decrypt, in record order.
            _ = feed(input)
            return HandshakeStep(output: drainOutput(), state: .complete)
        case .inProgress: break
        }
        ERR_clear_error()
        guard feed(input) else {
            state = .failed(SecurityError(.invalidData, context: "could not buffer \(input.count) handshake bytes"))
            return HandshakeStep(output: [], state: state)
        }
        let result = SSL_do_handshake(ssl)
        if result == 1 {
            state = .complete
        } else {
            let error = SSL_get_error(ssl, result)
            if error != SSL_ERROR_WANT_READ {
                state = .failed(OpenSSLErrorQueue.handshakeError(ssl: ssl, sslError: error))
            }
        }
        return HandshakeStep(output: drainOutput(), state: state)
    }

    public func encrypt(_ plaintext: ByteBuffer) throws(SecurityError) -> ByteBuffer {
        let ssl = try protectedSSL()
        let count = plaintext.readableBytes
        guard count <= EncryptedChunkLimit.tlsRecordPlaintext else {
            throw SecurityError(.plaintextTooLarge(size: count, limit: EncryptedChunkLimit.tlsRecordPlaintext))
        }
        guard count > 0 else { return ByteBuffer() }
        ERR_clear_error()
        let written = plaintext.withUnsafeReadableBytes { SSL_write(ssl, $0.baseAddress, Int32($0.count)) }
        guard written == count else {
            let reason = OpenSSLErrorQueue.drain().joined(separator: "; ")
            throw SecurityError(.encryptionFailed, context: "SSL_write returned \(written); \(reason)")
        }
        return drainOutputBuffer()
    }

    public func decrypt(_ ciphertext: ByteBuffer) throws(SecurityError) -> ByteBuffer {
        let ssl = try protectedSSL()
        ERR_clear_error()
        guard feed(ciphertext) else {
            throw SecurityError(.decryptionFailed, context: "could not buffer \(ciphertext.readableBytes) bytes")
        }
        var plaintext = ByteBuffer()
        // Plaintext never exceeds the ciphertext fed in (plus at most one record buffered before), so this loop and
        // the buffer stay bounded by the frame size.
        while true {
            var read: Int32 = 0
            plaintext.writeWithUnsafeMutableBytes(minimumWritableBytes: EncryptedChunkLimit.tlsRecordPlaintext) {
                read = SSL_read(ssl, $0.baseAddress, Int32(clamping: $0.count))
                return Int(max(read, 0))
            }
            if read > 0 { continue }
            switch SSL_get_error(ssl, read) {
            case SSL_ERROR_WANT_READ:
                return plaintext
            case SSL_ERROR_ZERO_RETURN:
                state = .failed(SecurityError(.peerClosed))
                throw SecurityError(.peerClosed)
            default:
                let error = SecurityError(.decryptionFailed, context: OpenSSLErrorQueue.drain().joined(separator: "; "))
                state = .failed(error)
                throw error
            }
        }
    }

    public func stop() {
        if let ssl { SSL_free(ssl) }
        ssl = nil
        state = .failed(SecurityError(.stopped))
    }

    public var peerCertificate: CertificateSummary? {
        guard let ssl, let certificate = SSL_get1_peer_certificate(ssl) else { return nil }
        defer { X509_free(certificate) }
        return CertificateSummary(x509: certificate)
    }

    public var peerCertificateChain: [CertificateSummary] {
        guard let ssl else { return [] }
        let count = carwindow_SSL_verified_chain_count(ssl)
        return (0..<max(0, count)).compactMap { index in
            carwindow_SSL_verified_chain_certificate(ssl, index).flatMap { CertificateSummary(x509: $0) }
        }
    }

    private func protectedSSL() throws(SecurityError) -> OpaquePointer {
        guard let ssl else { throw SecurityError(.stopped) }
        switch state {
        case .complete: return ssl
        case .inProgress: throw SecurityError(.notProtected, context: "the handshake has not completed")
        case .failed(let error): throw SecurityError(.notProtected, context: "the handshake failed: \(error)")
        }
    }

    private func feed(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { write($0) }
    }

    private func feed(_ buffer: ByteBuffer) -> Bool {
        buffer.withUnsafeReadableBytes { write($0) }
    }

    private func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard !bytes.isEmpty else { return true }
        guard let count = Int32(exactly: bytes.count) else { return false }
        return BIO_write(readBIO, bytes.baseAddress, count) == count
    }

    private func drainOutput() -> [UInt8] {
        let pending = BIO_ctrl_pending(writeBIO)
        guard pending > 0 else { return [] }
        return [UInt8](unsafeUninitializedCapacity: pending) { buffer, initialized in
            initialized = Int(max(0, BIO_read(writeBIO, buffer.baseAddress, Int32(clamping: pending))))
        }
    }

    private func drainOutputBuffer() -> ByteBuffer {
        let pending = BIO_ctrl_pending(writeBIO)
        var buffer = ByteBuffer()
        guard pending > 0 else { return buffer }
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: pending) {
            Int(max(0, BIO_read(writeBIO, $0.baseAddress, Int32(clamping: pending))))
        }
        return buffer
    }
}
