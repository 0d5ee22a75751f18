import CarWindowTesting
import Foundation
import NIOCore
import SDLSecurity
import SDLSecurityOpenSSL
import SDLWire
import Testing

@Suite("Security configuration and limits")
struct ConfigurationTests {
    @Test("PEM files are read when the factory is made, and the handshake works with them")
    func pemFiles() async throws {
        let m = try await TestMaterial.loaded()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("carwindow-pem-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func write(_ pem: TestMaterial.PEM, _ name: String) throws -> OpenSSLSecurityConfiguration.PEM {
            guard case .data(let bytes) = pem else { throw TestMaterial.GenerationError(description: "not data") }
            let url = directory.appendingPathComponent(name)
            try Data(bytes).write(to: url)
            return .file(url.path)
        }
        let app = OpenSSLSecurityConfiguration.app(
            certificateChain: try write(m.appCertificate, "app.pem"), privateKey: try write(m.appKey, "app.key"))
        let headUnit = OpenSSLSecurityConfiguration.headUnit(trusting: try write(m.ca, "ca.pem"))
        var harness = try HandshakeHarness(app: app, headUnit: headUnit)
        harness.run()
        #expect(harness.app.completed && harness.headUnit.completed)
    }

    @Test("configuration mistakes are typed errors with context")
    func mistakes() async throws {
        let m = try await TestMaterial.loaded()
        let missing = #expect(throws: SecurityError.self) {
            try OpenSSLSecurityManagerFactory(
                .app(certificateChain: .file("/nonexistent/app.pem"), privateKey: m.appKey))
        }
        #expect(missing?.kind == .configuration("cannot read PEM file"))
        #expect(missing?.context == "/nonexistent/app.pem")

        let mismatched = #expect(throws: SecurityError.self) {
            try OpenSSLSecurityManagerFactory(.app(certificateChain: m.appCertificate, privateKey: m.foreignKey))
        }
        #expect(mismatched?.kind == .configuration("private key does not match the certificate"))

        let factory = try OpenSSLSecurityManagerFactory(.headUnit(trusting: m.ca))
        let noCertificate = #expect(throws: SecurityError.self) {
            try factory.makeManager(role: .app, appID: "app", vehicleMake: nil)
        }
        #expect(noCertificate?.kind == .configuration("the app (TLS server) needs a certificate"))
        #expect(noCertificate?.code == .internal)

        #expect(throws: SecurityError.self) {
            try OpenSSLSecurityManagerFactory(.headUnit(trusting: .data(Array("not a PEM".utf8))))
        }
    }

    @Test("a head unit that only speaks TLS 1.3 and an app capped at 1.2 fail with HANDSHAKE_FAILED")
    func versionMismatch() async throws {
        let m = try await TestMaterial.loaded()
        var app = OpenSSLSecurityConfiguration.app(certificateChain: m.appCertificate, privateKey: m.appKey)
        app.maximumVersion = .tls1_2
        var headUnit = OpenSSLSecurityConfiguration.headUnit(trusting: m.ca)
        headUnit.minimumVersion = .tls1_3
        var harness = try HandshakeHarness(app: app, headUnit: headUnit)
        harness.run()
        #expect(harness.app.failure?.code == .handshakeFailed)
        #expect(harness.headUnit.failure?.code == .handshakeFailed)
    }

    @Test("available makes are matched case-insensitively; nil serves every make")
    func makes() async throws {
        let m = try await TestMaterial.loaded()
        var configuration = OpenSSLSecurityConfiguration.headUnit(trusting: m.ca)
        #expect(try OpenSSLSecurityManagerFactory(configuration).serves(vehicleMake: nil))
        configuration.availableMakes = ["Ford", "Lincoln"]
        let factory = try OpenSSLSecurityManagerFactory(configuration)
        #expect(factory.serves(vehicleMake: "FORD"))
        #expect(!factory.serves(vehicleMake: "SDL"))
        #expect(!factory.serves(vehicleMake: nil))
    }

    @Test(
        "the plaintext chunk is 16 091 bytes unless the frame payload limit is smaller",
        arguments: [
            (ServiceType.rpc, 131_060, 16_091), (.video, 131_060, 16_091), (.audio, 131_060, 16_091),
            (.video, 1_476, 1_183),  // v2: 1500 − 12 header − 12 … minus the 293-byte record overhead
            (.rpc, 200, 1),
        ] as [(ServiceType, Int, Int)]
    )
    func chunkSize(service: ServiceType, framePayload: Int, expected: Int) {
        #expect(EncryptedChunkLimit.plaintextChunkSize(for: service, maximumFramePayload: framePayload) == expected)
    }
}
