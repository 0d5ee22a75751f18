import COpenSSL
import Foundation
import SDLSecurity

extension CertificateSummary {
    /// Reads the subject attributes and the validity period of an OpenSSL `X509`; `nil` when a date does not parse.
    init?(x509 certificate: OpaquePointer) {
        guard let notBefore = Self.seconds(X509_get0_notBefore(certificate)),
            let notAfter = Self.seconds(X509_get0_notAfter(certificate))
        else { return nil }
        let subject = X509_get_subject_name(certificate)
        self.init(
            subjectSerialNumber: Self.text(subject, NID_serialNumber), commonName: Self.text(subject, NID_commonName),
            notBefore: notBefore, notAfter: notAfter)
    }

    /// The first value of one subject attribute. X.500 bounds these attributes to 64 characters; 256 bytes leaves
    /// room for UTF-8.
    private static func text(_ name: OpaquePointer?, _ nid: Int32) -> String? {
        guard let name else { return nil }
        var buffer = [CChar](repeating: 0, count: 256)
        let length = X509_NAME_get_text_by_NID(name, nid, &buffer, Int32(buffer.count))
        guard length >= 0 else { return nil }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func seconds(_ time: UnsafePointer<ASN1_TIME>?) -> Int64? {
        guard let time else { return nil }
        var fields = tm()
        guard ASN1_TIME_to_tm(time, &fields) == 1 else { return nil }
        return Int64(timegm(&fields))
    }

    /// The leaf (first certificate) of a PEM chain held in memory.
    static func leaf(of pem: OpenSSLSecurityConfiguration.PEM?) -> CertificateSummary? {
        guard let pem, let chain = try? OpenSSLContextBuilder.certificates(in: pem) else { return nil }
        defer { for certificate in chain { X509_free(certificate) } }
        return chain.first.flatMap { CertificateSummary(x509: $0) }
    }
}
