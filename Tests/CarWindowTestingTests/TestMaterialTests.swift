import CarWindowTesting
import Foundation
import SDLSecurityOpenSSL
import Testing

@Suite("TestMaterial", .timeLimit(.minutes(1)))
struct TestMaterialTests {
    @Test("every certificate and key is PEM text, and each pair is distinct")
    func material() async throws {
        let material = try await TestMaterial.loaded()
        func text(_ pem: TestMaterial.PEM) -> String {
            guard case .data(let bytes) = pem else { return "" }
            return String(decoding: bytes, as: UTF8.self)
        }
        let certificates = [
            material.ca, material.otherCA, material.appCertificate, material.expiredCertificate,
            material.foreignCertificate, material.headUnitCertificate,
        ].map(text)
        let keys = [material.appKey, material.expiredKey, material.foreignKey, material.headUnitKey].map(text)
        for certificate in certificates { #expect(certificate.hasPrefix("-----BEGIN CERTIFICATE-----")) }
        for key in keys { #expect(key.hasPrefix("-----BEGIN PRIVATE KEY-----")) }
        #expect(Set(certificates).count == certificates.count)
        #expect(Set(keys).count == keys.count)
    }

    @Test("the app's pair and the CA load into the OpenSSL engine on both sides")
    func loads() async throws {
        let material = try await TestMaterial.loaded()
        _ = try OpenSSLSecurityManagerFactory(
            .app(certificateChain: material.appCertificate, privateKey: material.appKey))
        _ = try OpenSSLSecurityManagerFactory(.headUnit(trusting: material.ca))
    }

    @Test("the first API still reads: GenerationError(description:) is the module's error, of kind .other")
    func generationError() {
        let error: TestMaterial.GenerationError = TestMaterial.GenerationError(description: "not data")
        #expect(error == CarWindowTestingError(.other, "not data"))
        #expect("\(error)" == "not data")
    }
}
