/// The error code of an SDL security internal error (PS §5.1.1.4).
///
/// It travels in a SendInternalError notification as JSON `{"id": code, "text": name}` and as a one-byte binary copy.
/// Open: a code this table does not know is kept and reported, not rejected.
///
/// ```swift
/// let code = SecurityErrorCode(rawValue: 0x0A)
/// code == .invalidCertificate   // true
/// code.name                     // "INVALID_CERT"
/// ```
public struct SecurityErrorCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 0x00 SUCCESS.
    public static let success = SecurityErrorCode(rawValue: 0x00)
    /// 0x01 INVALID_QUERY_SIZE: the query was shorter than its header or its JSON size.
    public static let invalidQuerySize = SecurityErrorCode(rawValue: 0x01)
    /// 0x02 INVALID_QUERY_ID: a query type or id the receiver does not handle.
    public static let invalidQueryID = SecurityErrorCode(rawValue: 0x02)
    /// 0x03 NOT_SUPPORTED.
    public static let notSupported = SecurityErrorCode(rawValue: 0x03)
    /// 0x04 SERVICE_ALREADY_PROTECTED.
    public static let serviceAlreadyProtected = SecurityErrorCode(rawValue: 0x04)
    /// 0x05 SERVICE_NOT_PROTECTED: encryption was asked for before a handshake completed.
    public static let serviceNotProtected = SecurityErrorCode(rawValue: 0x05)
    /// 0x06 DECRYPTION_FAILED.
    public static let decryptionFailed = SecurityErrorCode(rawValue: 0x06)
    /// 0x07 ENCRYPTION_FAILED.
    public static let encryptionFailed = SecurityErrorCode(rawValue: 0x07)
    /// 0x08 SSL_INVALID_DATA: the bytes were not TLS.
    public static let sslInvalidData = SecurityErrorCode(rawValue: 0x08)
    /// 0x09 HANDSHAKE_FAILED.
    public static let handshakeFailed = SecurityErrorCode(rawValue: 0x09)
    /// 0x0A INVALID_CERT: the certificate did not verify (unknown CA, bad signature, wrong use).
    public static let invalidCertificate = SecurityErrorCode(rawValue: 0x0A)
    /// 0x0B EXPIRED_CERT: the certificate is outside its validity period.
    public static let expiredCertificate = SecurityErrorCode(rawValue: 0x0B)
    /// 0xFE UNKNOWN_INTERNAL_ERROR, meant for testing. sdl_java sends it on a local handshake failure.
    public static let unknownInternalError = SecurityErrorCode(rawValue: 0xFE)
    /// 0xFF INTERNAL. sdl_ios sends it on a local handshake failure; CarWindow sends it only for failures that map
    /// to no more specific code (the libraries disagree: see ``unknownInternalError``).
    public static let `internal` = SecurityErrorCode(rawValue: 0xFF)

    /// The name the spec gives the code, as sent in the notification's `text`; `UNKNOWN_0xNN` for unknown codes.
    public var name: String {
        switch self {
        case .success: "SUCCESS"
        case .invalidQuerySize: "INVALID_QUERY_SIZE"
        case .invalidQueryID: "INVALID_QUERY_ID"
        case .notSupported: "NOT_SUPPORTED"
        case .serviceAlreadyProtected: "SERVICE_ALREADY_PROTECTED"
        case .serviceNotProtected: "SERVICE_NOT_PROTECTED"
        case .decryptionFailed: "DECRYPTION_FAILED"
        case .encryptionFailed: "ENCRYPTION_FAILED"
        case .sslInvalidData: "SSL_INVALID_DATA"
        case .handshakeFailed: "HANDSHAKE_FAILED"
        case .invalidCertificate: "INVALID_CERT"
        case .expiredCertificate: "EXPIRED_CERT"
        case .unknownInternalError: "UNKNOWN_INTERNAL_ERROR"
        case .internal: "INTERNAL"
        default: "UNKNOWN_0x" + (rawValue < 0x10 ? "0" : "") + String(rawValue, radix: 16, uppercase: true)
        }
    }

    public var description: String {
        "\(name) (0x" + (rawValue < 0x10 ? "0" : "") + String(rawValue, radix: 16, uppercase: true) + ")"
    }
}
