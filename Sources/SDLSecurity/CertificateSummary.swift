/// The fields of a certificate that SDL head units check beyond the TLS chain: who it names and when it is valid.
///
/// SDL Core requires the subject `serialNumber` of the app's certificate to equal the app's policy id (its
/// `fullAppID`, or `appID`), and compares the validity period with its own clock, which runs an hour behind the
/// HMI's (docs/security.md, "What a head unit checks").
///
/// ```swift
/// if let peer = manager.peerCertificate, peer.subjectSerialNumber != appID {
///     // SDL Core answers INVALID_CERT "App ID does not match certificate"
/// }
/// ```
public struct CertificateSummary: Hashable, Sendable {
    /// The subject's `serialNumber` attribute (OID 2.5.4.5), not the certificate's serial number; `nil` if absent.
    public var subjectSerialNumber: String?
    /// The subject's common name; `nil` if absent.
    public var commonName: String?
    /// The start of the validity period, in seconds since 1970-01-01 UTC.
    public var notBefore: Int64
    /// The end of the validity period, in seconds since 1970-01-01 UTC.
    public var notAfter: Int64

    public init(subjectSerialNumber: String?, commonName: String?, notBefore: Int64, notAfter: Int64) {
        self.subjectSerialNumber = subjectSerialNumber
        self.commonName = commonName
        self.notBefore = notBefore
        self.notAfter = notAfter
    }
}
