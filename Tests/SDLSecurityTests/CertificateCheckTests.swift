import CarWindowTesting
import Foundation
import NIOCore
import SDLSecurity
import SDLSecurityOpenSSL
import SDLWire
import Testing

/// What a head unit reads from the app's certificate after the TLS chain verified, and how it refuses it: the
/// pieces the emulator uses to behave like SDL Core (subject serialNumber == app id, Core's clock).
@Suite("Certificate checks beyond the TLS chain")
struct CertificateCheckTests {
    @Test("after the handshake the head unit sees the app's subject serialNumber and validity")
    func peerCertificate() async throws {
        let m = try await TestMaterial.loaded()
        var harness = try HandshakeHarness(
            app: .app(certificateChain: m.appCertificate, privateKey: m.appKey), headUnit: .headUnit(trusting: m.ca))
        #expect(harness.headUnit.manager.peerCertificate == nil, "no certificate before the handshake")
        harness.run()
        let peer = try #require(harness.headUnit.manager.peerCertificate)
        #expect(peer.subjectSerialNumber == m.appID)
        #expect(peer.commonName == "carwindow-app")
        let now = Int64(Date().timeIntervalSince1970)
        // Backdated by a day, so SDL Core's clock (an hour behind) already finds it valid.
        #expect(peer.notBefore <= now - TestMaterial.backdating.components.seconds + 60)
        #expect(peer.notAfter > now)
        // The verified chain: the leaf, then the CA it was checked against.
        let chain = harness.headUnit.manager.peerCertificateChain
        #expect(chain.map(\.commonName) == ["carwindow-app", "CarWindow Test CA"])
        // The app asks for no client certificate.
        #expect(harness.app.manager.peerCertificate == nil)
        #expect(harness.app.manager.peerCertificateChain.isEmpty)
    }

    @Test("the factory describes the certificate it presents")
    func presentedCertificate() async throws {
        let m = try await TestMaterial.loaded()
        let app = try OpenSSLSecurityManagerFactory(
            .app(certificateChain: m.mismatchedCertificate, privateKey: m.mismatchedKey))
        #expect(app.presentedCertificate?.subjectSerialNumber == "another-app")
        let young = try OpenSSLSecurityManagerFactory(
            .app(certificateChain: m.notYetValidCertificate, privateKey: m.notYetValidKey))
        let now = Int64(Date().timeIntervalSince1970)
        let notBefore = try #require(young.presentedCertificate?.notBefore)
        #expect(notBefore > now - 3_600, "valid for less than Core's hour")
        #expect(try OpenSSLSecurityManagerFactory(.headUnit(trusting: m.ca)).presentedCertificate == nil)
    }

    @Test("fail(_:text:) after completion tells the peer the code and the head unit's own words")
    func failAfterCompletion() async throws {
        let m = try await TestMaterial.loaded()
        var harness = try HandshakeHarness(
            app: .app(certificateChain: m.appCertificate, privateKey: m.appKey), headUnit: .headUnit(trusting: m.ca))
        harness.run()
        #expect(harness.headUnit.machine.isComplete)
        let error = SecurityError(.invalidCertificate, context: "App ID does not match certificate")
        let actions = harness.headUnit.machine.fail(error, text: "App ID does not match certificate")
        guard actions.count == 2, case .send(let query) = actions[0], case .failed(let failed) = actions[1] else {
            Issue.record("expected a SendInternalError and .failed, got \(actions)")
            return
        }
        #expect(failed == error)
        let notification = try SecurityInternalError(query)
        #expect(notification.code == .invalidCertificate)
        #expect(notification.text == "App ID does not match certificate")
        #expect(query.type == .notification)
        #expect(harness.headUnit.machine.failure == error)
        #expect(harness.headUnit.machine.fail(error).isEmpty, "a failed machine stays failed and says nothing more")

        // The app, whose handshake had completed too, fails with the head unit's code and text.
        let appActions = harness.app.machine.receive(query.buffer, now: harness.now, using: harness.app.manager)
        #expect(
            appActions == [
                .failed(
                    SecurityError(
                        .peerReportedError(.invalidCertificate, text: "App ID does not match certificate")))
            ])
    }
}
