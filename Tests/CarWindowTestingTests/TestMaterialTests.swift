import CarWindowTesting
import Foundation
import SDLSecurity
import SDLSecurityOpenSSL
import Testing

@Suite("TestMaterial", .timeLimit(.minutes(3)))
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
            material.foreignCertificate, material.headUnitCertificate, material.notYetValidCertificate,
            material.mismatchedCertificate,
        ].map(text)
        let keys = [
            material.appKey, material.expiredKey, material.foreignKey, material.headUnitKey, material.notYetValidKey,
            material.mismatchedKey,
        ].map(text)
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

    @Test("app certificates name the app as SDL Core wants: subject serialNumber, validity from a day ago")
    func madeForCore() async throws {
        let material = try await TestMaterial.loaded()
        #expect(material.appID == TestMaterial.defaultAppID)
        let now = Int64(Date().timeIntervalSince1970)
        let pairs = [
            (material.appCertificate, material.appKey), (material.foreignCertificate, material.foreignKey),
        ]
        for (certificate, key) in pairs {
            let factory = try OpenSSLSecurityManagerFactory(.app(certificateChain: certificate, privateKey: key))
            let summary = try #require(factory.presentedCertificate)
            #expect(summary.subjectSerialNumber == material.appID)
            #expect(summary.notBefore < now - 23 * 3_600, "backdated well beyond Core's hour")
            #expect(summary.notAfter > now + 29 * 86_400)
        }
    }

    @Test("generate(appID:) writes the given app id")
    func otherAppID() async throws {
        let material = try await BlockingWork.run { try TestMaterial.generate(appID: "8675309") }
        #expect(material.appID == "8675309")
        let factory = try OpenSSLSecurityManagerFactory(
            .app(certificateChain: material.appCertificate, privateKey: material.appKey))
        #expect(factory.presentedCertificate?.subjectSerialNumber == "8675309")
    }

    @Test("the first API still reads: GenerationError(description:) is the module's error, of kind .other")
    func generationError() {
        let error: TestMaterial.GenerationError = TestMaterial.GenerationError(description: "not data")
        #expect(error == CarWindowTestingError(.other, "not data"))
        #expect("\(error)" == "not data")
    }
}
