public import Foundation

/// PEM files for `wss://` tests, made at test time with the `openssl` command-line tool (docs/security.md has the
/// recipe): a CA, a head-unit certificate it signs (for `127.0.0.1` and `localhost`), an app certificate it signs,
/// and a second CA that signed neither, for the certificates a side must refuse.
///
/// ```swift
/// let files = try await WebSocketTLSMaterial.make(in: directory)
/// configuration.webSocketTLS = WebSocketTLSFiles(
///     trustRoots: files.ca.path, certificate: files.headUnit.path, privateKey: files.headUnitKey.path)
/// ```
public struct WebSocketTLSMaterial: Sendable {
    public var ca: URL
    public var otherCA: URL
    public var headUnit: URL
    public var headUnitKey: URL
    public var app: URL
    public var appKey: URL

    private static let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]

    /// Makes the files in `directory`, which must exist.
    public static func make(in directory: URL) async throws(CarWindowTestingError) -> Self {
        guard let executable = ExternalTool.locate("openssl") else {
            throw CarWindowTestingError(.toolMissing, "openssl is not installed")
        }
        let openssl = ExternalTool(executable: executable)
        func run(_ arguments: [String]) async throws(CarWindowTestingError) {
            try openssl.check(try await openssl.run(arguments, in: directory), arguments)
        }
        for name in ["ca", "other-ca"] {
            try await run(
                ["req", "-x509"] + key + ["-keyout", "\(name)-key.pem", "-out", "\(name).pem", "-days", "2"]
                    + ["-subj", "/CN=CarWindow test \(name)"])
        }
        do {
            try "subjectAltName = IP:127.0.0.1, DNS:localhost\n".write(
                to: directory.appendingPathComponent("head-unit.ext"), atomically: true, encoding: .utf8)
            try "basicConstraints = CA:false\n".write(
                to: directory.appendingPathComponent("app.ext"), atomically: true, encoding: .utf8)
        } catch {
            throw CarWindowTestingError(.fileSystem, "\(error)")
        }
        for name in ["head-unit", "app"] {
            try await run(
                ["req", "-new"] + key + ["-keyout", "\(name)-key.pem", "-out", "\(name).csr", "-subj", "/CN=\(name)"])
            try await run(
                ["x509", "-req", "-in", "\(name).csr", "-CA", "ca.pem", "-CAkey", "ca-key.pem", "-CAcreateserial"]
                    + ["-out", "\(name).pem", "-days", "2", "-extfile", "\(name).ext"])
        }
        func file(_ name: String) -> URL { directory.appendingPathComponent(name) }
        return Self(
            ca: file("ca.pem"), otherCA: file("other-ca.pem"), headUnit: file("head-unit.pem"),
            headUnitKey: file("head-unit-key.pem"), app: file("app.pem"), appKey: file("app-key.pem"))
    }
}
