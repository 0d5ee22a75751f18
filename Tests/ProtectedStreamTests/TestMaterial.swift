import Foundation
import SDLSecurityOpenSSL

/// Certificates and keys made at test time with the `openssl` command line tool, never committed: a CA, the app's
/// certificate signed by it, an expired one, one from another CA, and a head-unit client certificate.
struct TestMaterial: Sendable {
    typealias PEM = OpenSSLSecurityConfiguration.PEM

    var ca: PEM
    var otherCA: PEM
    var appCertificate: PEM
    var appKey: PEM
    var expiredCertificate: PEM
    var expiredKey: PEM
    var foreignCertificate: PEM
    var foreignKey: PEM
    var headUnitCertificate: PEM
    var headUnitKey: PEM

    struct GenerationError: Error, CustomStringConvertible {
        var description: String
    }

    /// Generated once per test run; every test that needs it fails with the reason if generation failed.
    static let shared: Result<TestMaterial, GenerationError> = Result { () throws(GenerationError) in try generate() }

    private static func generate() throws(GenerationError) -> TestMaterial {
        guard let openssl = findOpenSSL() else {
            throw GenerationError(
                description: "the `openssl` command line tool is needed to generate test certificates "
                    + "(Debian: apt-get install openssl)"
            )
        }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("carwindow-protected-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw GenerationError(description: "cannot create \(directory.path): \(error)")
        }
        // The PEMs are read into memory and the directory removed, so nothing outlives the test process.
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = { (arguments: [String]) throws(GenerationError) in
            try runOpenSSL(openssl, arguments, in: directory)
        }
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        for (name, subject) in [("ca", "/CN=CarWindow Test CA"), ("other-ca", "/CN=Some Other CA")] {
            try run(["req", "-x509"] + ec + ["-keyout", "\(name).key", "-out", "\(name).pem", "-days", "30", "-subj", subject])
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
                throw GenerationError(description: "openssl did not write \(file)")
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

    private static func findOpenSSL() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/openssl" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    private static func runOpenSSL(_ openssl: String, _ arguments: [String], in directory: URL) throws(GenerationError) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: openssl)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw GenerationError(description: "cannot run \(openssl): \(error)")
        }
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw GenerationError(
                description: "openssl \(arguments.joined(separator: " ")) failed: "
                    + String(decoding: message, as: UTF8.self)
            )
        }
    }
}
