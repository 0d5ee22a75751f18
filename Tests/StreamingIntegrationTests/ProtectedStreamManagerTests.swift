import CarWindowTesting
import Foundation
import HeadUnit
import SDLRPC
import SDLSecurityOpenSSL
import SDLSession
import SDLStreaming
import SDLWire
import Testing

/// The path a streaming app (and `carwindow stream`) takes to protected video: `AppConfiguration.security` with the
/// app's certificate and key, and `VideoStreamingSettings.requestsEncryption`, against the emulator with SDL Core's
/// TLS behaviour on and video forced to be protected.
@Suite("Protected video through the stream manager", .timeLimit(.minutes(3)))
struct ProtectedStreamManagerTests {
    @Test("the manager's stream is encrypted and the decrypted recording decodes to every frame sent")
    func protectedStream() async throws {
        let material = try await TestMaterial.loaded()
        let headUnitSecurity = try OpenSSLSecurityManagerFactory(.headUnit(trusting: material.ca))
        let appSecurity = try OpenSSLSecurityManagerFactory(
            .app(certificateChain: material.appCertificate, privateKey: material.appKey))
        var settings = VideoStreamingSettings()
        settings.requestsEncryption = true
        try await StreamingHarness.run(
            configure: { $0.security = HeadUnitSecurity(factory: headUnitSecurity, forceProtectedServices: [.video]) },
            app: {
                $0.appID = material.appID
                $0.security = AppConfiguration.Security(factory: appSecurity)
            },
            settings: settings
        ) { context in
            let stream = try await context.started()
            #expect(stream.isEncrypted)
            #expect(await context.manager.status.isEncrypted)
            #expect(await context.sendFrames(12, size: stream.size) == 12)
            await context.manager.stop()
            try await context.next("stopped") { $0 == .stopped(.requested) }
            let files = try context.recordingFiles()
            #expect(files.count == 1)
            let summary = try await decoded(#require(files.first))
            #expect(summary == VideoSummary(width: stream.size.width, height: stream.size.height, frames: 12))
        }
    }
}
