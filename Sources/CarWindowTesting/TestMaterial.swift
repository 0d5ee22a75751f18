import Foundation
public import SDLSecurityOpenSSL

/// Throwaway TLS certificates and keys for tests of protected services, made at run time with the `openssl`
/// command-line tool and never written to the repository: a CA, the app's certificate signed by it, an expired one,
/// one from another CA, and a head-unit client certificate. All keys are P-256.
///
/// The emulator trusts ``ca`` and the app presents ``appCertificate``; the other pairs make the handshake fail in a
/// known way (expired, unknown issuer). The PEMs are held in memory; the scratch directory openssl wrote them to is
/// removed before ``generate()`` returns.
///
/// ```swift
/// let material = try await TestMaterial.loaded()
/// let app = try OpenSSLSecurityManagerFactory(
///     .app(certificateChain: material.appCertificate, privateKey: material.appKey))
/// let headUnit = try OpenSSLSecurityManagerFactory(.headUnit(trusting: material.ca))
/// ```
public struct TestMaterial: Sendable {
    /// A certificate or key in PEM form, as `OpenSSLSecurityConfiguration` takes it.
    public typealias PEM = OpenSSLSecurityConfiguration.PEM
    /// Why the material could not be made (usually: no `openssl`). Kept under its first name for existing tests.
    public typealias GenerationError = CarWindowTestingError

    /// The CA that signed ``appCertificate``, ``expiredCertificate`` and ``headUnitCertificate``.
    public var ca: PEM
    /// A second CA: trusting it instead of ``ca`` makes the app's certificate unknown.
    public var otherCA: PEM
    /// The app's certificate (`CN=carwindow-app`), valid for 30 days.
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
    /// A head-unit client certificate signed by ``ca``.
    public var headUnitCertificate: PEM
    /// The key of ``headUnitCertificate``.
    public var headUnitKey: PEM

    /// Made once per process on first use; every test that needs it fails with the reason if that failed.
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
    /// prefer ``shared``.
    ///
    /// - Throws: ``CarWindowTestingError`` `.toolMissing` without `openssl`, `.toolFailed` with openssl's message,
    ///   `.fileSystem` when the scratch directory cannot be made.
    ///
    /// ```swift
    /// let fresh = try TestMaterial.generate()
    /// ```
    public static func generate() throws(GenerationError) -> TestMaterial {
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
        let tool = ExternalTool(executable: openssl)
        let run = { (arguments: [String]) throws(GenerationError) in
            try tool.check(tool.runBlocking(arguments, in: directory), arguments)
        }
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        for (name, subject) in [("ca", "/CN=CarWindow Test CA"), ("other-ca", "/CN=Some Other CA")] {
            try run(
                ["req", "-x509"] + ec
                    + ["-keyout", "\(name).key", "-out", "\(name).pem", "-days", "30", "-subj", subject])
        }
        let leaves = [
            ("app", "ca", "30"), ("expired", "ca", "-1"), ("foreign", "other-ca", "30"), ("head-unit", "ca", "30"),
        ]
        for (serial, (name, issuer, days)) in leaves.enumerated() {
            try run(["req"] + ec + ["-keyout", "\(name).key", "-out", "\(name).csr", "-subj", "/CN=carwindow-\(name)"])
            try run([
                "x509", "-req", "-in", "\(name).csr", "-CA", "\(issuer).pem", "-CAkey", "\(issuer).key",
                "-set_serial", "\(serial + 2)", "-days", days, "-out", "\(name).pem",
            ])
        }
        func pem(_ file: String) throws(GenerationError) -> PEM {
            guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(file).path) else {
                throw GenerationError(.fileSystem, "openssl did not write \(file)")
            }
            return .data(Array(data))
        }
        return TestMaterial(
            ca: try pem("ca.pem"), otherCA: try pem("other-ca.pem"),
            appCertificate: try pem("app.pem"), appKey: try pem("app.key"),
            expiredCertificate: try pem("expired.pem"), expiredKey: try pem("expired.key"),
            foreignCertificate: try pem("foreign.pem"), foreignKey: try pem("foreign.key"),
            headUnitCertificate: try pem("head-unit.pem"), headUnitKey: try pem("head-unit.key")
        )
    }
}
