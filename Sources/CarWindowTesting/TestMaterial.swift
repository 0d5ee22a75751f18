import Foundation
public import SDLSecurityOpenSSL

/// Throwaway TLS certificates and keys for tests of protected services, made at run time with the `openssl`
/// command-line tool and never written to the repository: a CA, the app's certificate signed by it, an expired one,
/// one from another CA, one not yet valid by SDL Core's clock, one naming another app, and a head-unit client
/// certificate. All keys are P-256.
///
/// The certificates are made the way SDL Core wants them: the app's policy id (``appID``) is the subject
/// `serialNumber`, and every validity period starts a day in the past, since Core's clock runs an hour behind the
/// HMI's. The emulator trusts ``ca`` and the app presents ``appCertificate``; the other pairs make the handshake
/// fail in a known way. The PEMs are held in memory; the scratch directory openssl wrote them to is removed before
/// ``generate(appID:)`` returns.
///
/// ```swift
/// let material = try await TestMaterial.loaded()
/// let app = try OpenSSLSecurityManagerFactory(
///     .app(certificateChain: material.appCertificate, privateKey: material.appKey))
/// let headUnit = try OpenSSLSecurityManagerFactory(.headUnit(trusting: material.ca))
/// // the app registers with appID (or fullAppID) == material.appID
/// ```
public struct TestMaterial: Sendable {
    /// A certificate or key in PEM form, as `OpenSSLSecurityConfiguration` takes it.
    public typealias PEM = OpenSSLSecurityConfiguration.PEM
    /// Why the material could not be made (usually: no `openssl`). Kept under its first name for existing tests.
    public typealias GenerationError = CarWindowTestingError

    /// The app id ``shared`` names in its certificates.
    public static let defaultAppID = "swiftsdl-nav"
    /// The validity periods of the good certificates start this long ago: well before SDL Core's clock, which runs
    /// an hour behind.
    public static let backdating: Duration = .seconds(86_400)

    /// The app's policy id, the subject `serialNumber` of every app certificate except ``mismatchedCertificate``.
    public var appID: String
    /// The CA that signed ``appCertificate``, ``expiredCertificate``, ``notYetValidCertificate``,
    /// ``mismatchedCertificate`` and ``headUnitCertificate``.
    public var ca: PEM
    /// A second CA: trusting it instead of ``ca`` makes the app's certificate unknown.
    public var otherCA: PEM
    /// The app's certificate (`CN=carwindow-app`, `serialNumber=`\ ``appID``), valid from a day ago for 30 days.
    public var appCertificate: PEM
    /// The key of ``appCertificate``.
    public var appKey: PEM
    /// A certificate signed by ``ca`` that expired yesterday.
    public var expiredCertificate: PEM
    /// The key of ``expiredCertificate``.
    public var expiredKey: PEM
    /// A valid certificate signed by ``otherCA``.
    public var foreignCertificate: PEM
    /// The key of ``foreignCertificate``.
    public var foreignKey: PEM
    /// A certificate signed by ``ca`` whose validity started ten minutes ago: valid by a true clock, "not yet
    /// valid" by SDL Core's, which runs an hour behind.
    public var notYetValidCertificate: PEM
    /// The key of ``notYetValidCertificate``.
    public var notYetValidKey: PEM
    /// A certificate signed by ``ca`` for another app (`serialNumber=another-app`): SDL Core answers "App ID does
    /// not match certificate".
    public var mismatchedCertificate: PEM
    /// The key of ``mismatchedCertificate``.
    public var mismatchedKey: PEM
    /// A head-unit client certificate signed by ``ca``.
    public var headUnitCertificate: PEM
    /// The key of ``headUnitCertificate``.
    public var headUnitKey: PEM

    /// Made once per process on first use, for ``defaultAppID``; every test that needs it fails with the reason if
    /// that failed.
    ///
    /// The first access runs `openssl` for about a second on the calling thread, and every thread that reads it
    /// meanwhile waits: from async code use ``loaded()``, which makes it on a thread of its own.
    ///
    /// ```swift
    /// let material = try TestMaterial.shared.get()
    /// ```
    public static let shared: Result<TestMaterial, GenerationError> = Result { () throws(GenerationError) in
        try generate()
    }

    /// ``shared``, made on a thread of its own so that no thread of Swift's cooperative pool waits for `openssl`.
    ///
    /// ```swift
    /// let material = try await TestMaterial.loaded()
    /// ```
    public static func loaded() async throws(GenerationError) -> TestMaterial {
        try await sharedOffPool.value.get()
    }

    private static let sharedOffPool = Task { await BlockingWork.run { shared } }

    /// Makes a fresh set with `openssl` (the first on `PATH`). Takes about a second and blocks the calling thread;
    /// prefer ``shared``, or run it with `BlockingWork` for another app id.
    ///
    /// - Parameter appID: the app's policy id (`fullAppID`, or `appID`), written as the subject `serialNumber`.
    /// - Throws: `CarWindowTestingError` `.toolMissing` without `openssl`, `.toolFailed` with openssl's message,
    ///   `.fileSystem` when the scratch directory cannot be made.
    ///
    /// ```swift
    /// let mine = try await BlockingWork.run { try TestMaterial.generate(appID: "8675309") }
    /// ```
    public static func generate(appID: String = defaultAppID) throws(GenerationError) -> TestMaterial {
        guard let openssl = ExternalTool.locate("openssl") else {
            throw GenerationError(
                .toolMissing,
                "the `openssl` command line tool is needed to generate test certificates "
                    + "(Debian: apt-get install openssl)")
        }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("carwindow-material-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw GenerationError(.fileSystem, "cannot create \(directory.path): \(error)")
        }
        // The PEMs are read into memory and the directory removed, so nothing outlives the call.
        defer { try? FileManager.default.removeItem(at: directory) }
        let authority = CertificateAuthorityFiles(directory: directory, tool: ExternalTool(executable: openssl))
        try authority.prepare()
        let now = Date()
        let day: TimeInterval = 86_400
        let from = now.addingTimeInterval(-TimeInterval(backdating.components.seconds))
        let until = now.addingTimeInterval(30 * day)
        try authority.makeRoot("ca", subject: "/CN=CarWindow Test CA", from: from, until: until)
        try authority.makeRoot("other-ca", subject: "/CN=Some Other CA", from: from, until: until)
        let app = "/CN=carwindow-app/serialNumber=\(appID)"
        let leaves: [(name: String, issuer: String, subject: String, from: Date, until: Date)] = [
            ("app", "ca", app, from, until),
            ("expired", "ca", app, now.addingTimeInterval(-31 * day), now.addingTimeInterval(-day)),
            ("foreign", "other-ca", app, from, until),
            ("young", "ca", app, now.addingTimeInterval(-600), until),
            ("mismatched", "ca", "/CN=carwindow-app/serialNumber=another-app", from, until),
            ("head-unit", "ca", "/CN=carwindow-head-unit", from, until),
        ]
        for leaf in leaves {
            try authority.makeLeaf(
                leaf.name, issuer: leaf.issuer, subject: leaf.subject, from: leaf.from, until: leaf.until)
        }
        let pem = authority.read
        return TestMaterial(
            appID: appID, ca: try pem("ca.pem"), otherCA: try pem("other-ca.pem"),
            appCertificate: try pem("app.pem"), appKey: try pem("app.key"),
            expiredCertificate: try pem("expired.pem"), expiredKey: try pem("expired.key"),
            foreignCertificate: try pem("foreign.pem"), foreignKey: try pem("foreign.key"),
            notYetValidCertificate: try pem("young.pem"), notYetValidKey: try pem("young.key"),
            mismatchedCertificate: try pem("mismatched.pem"), mismatchedKey: try pem("mismatched.key"),
            headUnitCertificate: try pem("head-unit.pem"), headUnitKey: try pem("head-unit.key")
        )
    }
}
