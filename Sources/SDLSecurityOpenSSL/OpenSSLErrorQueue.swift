import COpenSSL
import SDLSecurity

/// Reads OpenSSL's thread-local error queue and maps failures to ``SecurityError`` kinds and SDL codes.
///
/// The queue belongs to the calling thread, which is why every manager call clears it first and reads it before
/// returning: a manager's calls never suspend in between.
enum OpenSSLErrorQueue {
    /// Empties the queue, returning OpenSSL's text for each entry, oldest first.
    static func drain() -> [String] {
        drainCodes().map(text(of:))
    }

    static func drainCodes() -> [UInt] {
        var codes: [UInt] = []
        while case let code = ERR_get_error(), code != 0 {
            codes.append(code)
        }
        return codes
    }

    static func text(of code: UInt) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The error for a failed handshake step.
    ///
    /// - Our own certificate check failed: EXPIRED_CERT for a validity-period failure, INVALID_CERT otherwise.
    /// - The peer's alert says it rejected our certificate: the same two codes.
    /// - The bytes were not TLS records or messages: SSL_INVALID_DATA.
    /// - Anything else (no shared version or cipher, other alerts): HANDSHAKE_FAILED.
    static func handshakeError(ssl: OpaquePointer, sslError: Int32) -> SecurityError {
        let codes = drainCodes()
        var context = codes.map(text(of:))
        let verifyResult = Int32(truncatingIfNeeded: SSL_get_verify_result(ssl))
        if verifyResult != X509_V_OK {
            let reason = X509_verify_cert_error_string(Int(verifyResult)).map { String(cString: $0) } ?? "?"
            context.insert("certificate verification: \(reason) (\(verifyResult))", at: 0)
        }
        if context.isEmpty { context = ["SSL_get_error \(sslError)"] }
        let kind: SecurityError.Kind
        if verifyResult == X509_V_ERR_CERT_HAS_EXPIRED || verifyResult == X509_V_ERR_CERT_NOT_YET_VALID {
            kind = .expiredCertificate
        } else if verifyResult != X509_V_OK {
            kind = .invalidCertificate
        } else {
            kind = codes.lazy.compactMap(kind(forReasonOf:)).first ?? .handshakeFailed
        }
        return SecurityError(kind, context: context.joined(separator: "; "))
    }

    private static func kind(forReasonOf code: UInt) -> SecurityError.Kind? {
        guard ERR_GET_LIB(code) == ERR_LIB_SSL else { return nil }
        switch ERR_GET_REASON(code) {
        case SSL_R_SSLV3_ALERT_CERTIFICATE_EXPIRED:
            return .expiredCertificate
        case SSL_R_TLSV1_ALERT_UNKNOWN_CA, SSL_R_SSLV3_ALERT_BAD_CERTIFICATE, SSL_R_SSLV3_ALERT_UNSUPPORTED_CERTIFICATE,
            SSL_R_SSLV3_ALERT_CERTIFICATE_REVOKED, SSL_R_SSLV3_ALERT_CERTIFICATE_UNKNOWN,
            SSL_R_PEER_DID_NOT_RETURN_A_CERTIFICATE, SSL_R_CERTIFICATE_VERIFY_FAILED:
            return .invalidCertificate
        case SSL_R_WRONG_VERSION_NUMBER, SSL_R_HTTP_REQUEST, SSL_R_UNKNOWN_PROTOCOL, SSL_R_PACKET_LENGTH_TOO_LONG,
            SSL_R_ENCRYPTED_LENGTH_TOO_LONG, SSL_R_LENGTH_MISMATCH, SSL_R_LENGTH_TOO_SHORT, SSL_R_BAD_LENGTH,
            SSL_R_BAD_PACKET_LENGTH, SSL_R_BAD_RECORD_TYPE, SSL_R_UNEXPECTED_MESSAGE, SSL_R_UNEXPECTED_RECORD,
            SSL_R_EXCESSIVE_MESSAGE_SIZE, SSL_R_BAD_PROTOCOL_VERSION_NUMBER, SSL_R_DECRYPTION_FAILED_OR_BAD_RECORD_MAC:
            return .invalidData
        default:
            return nil
        }
    }
}
