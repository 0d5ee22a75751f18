import BrowserTestSupport
import CarWindowTesting
import Foundation
import Logging
import SDLRPC
import SDLSecurity
import SDLSecurityOpenSSL
import SDLSession
import SDLWire
import Testing

/// `carwindow headunit --trust-ca` in its own process, checked as a user would check a certificate before a car:
/// it refuses one that names another app, as SDL Core does, and `--without-tls-quirks app-id` accepts it.
@Suite("carwindow headunit with TLS", .timeLimit(.minutes(2)))
struct HeadUnitTLSTests {
    @Test(
        "a certificate naming another app is refused like SDL Core; --without-tls-quirks app-id accepts it",
        arguments: [false, true])
    func certificateNamingAnotherApp(quirkOff: Bool) async throws {
        let material = try await TestMaterial.loaded()
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("carwindow-headunit-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        guard case .data(let caBytes) = material.ca else { throw HarnessError("the CA is not in memory") }
        let caPath = directory.appendingPathComponent("ca.pem")
        try Data(caBytes).write(to: caPath)

        let headUnit = try ChildProcess.launch(
            executable: BinaryRunner.productsDirectory.appendingPathComponent("carwindow"),
            arguments: ["headunit", "--port", "0", "--trust-ca", caPath.path, "--force-protected", "video"]
                + (quirkOff ? ["--without-tls-quirks", "app-id"] : []))
        defer { headUnit.kill() }
        let listening = try await headUnit.waitForLine("the listening line", in: .stdout, timeout: .seconds(60)) {
            $0.hasPrefix("carwindow head unit listening on 127.0.0.1:")
        }
        let address = listening.text.dropFirst("carwindow head unit listening on 127.0.0.1:".count)
        let port = try #require(Int(address.prefix { $0.isNumber }))

        var logger = Logger(label: "test.headunit-tls")
        logger.logLevel = .critical
        var app = AppConfiguration(
            appName: "SwiftSDL Nav Probe", appID: material.appID, timeouts: .all(.seconds(20)), logger: logger)
        app.security = AppConfiguration.Security(
            factory: try OpenSSLSecurityManagerFactory(
                .app(certificateChain: material.mismatchedCertificate, privateKey: material.mismatchedKey)))
        let session = SDLSession(configuration: app, transport: TCPTransport(host: "127.0.0.1", port: port))
        let parameters = VideoStartService(height: 480, width: 800, videoProtocol: "RAW", videoCodec: "H264")
        do {
            let statuses = await session.hmiStatusUpdates()
            try await session.start()
            for await status in statuses where status.hmiLevel == .full { break }
            if quirkOff {
                let video = try await session.startVideoService(parameters, encrypted: true)
                #expect(video.isEncrypted)
            } else {
                let error = await #expect(throws: SDLSessionError.self) {
                    try await session.startVideoService(parameters, encrypted: true)
                }
                guard case .security(let security) = error?.kind else {
                    Issue.record("expected a security error, got \(String(describing: error))")
                    try await session.stop()
                    return
                }
                #expect(
                    security.kind == .peerReportedError(.invalidCertificate, text: "App ID does not match certificate"))
                // The head unit's console says why, with both names.
                let refusal = try await headUnit.waitForLine("the refusal", in: .stdout, timeout: .seconds(30)) {
                    $0.contains("not protected") && $0.contains("App ID does not match certificate")
                }
                #expect(refusal.text.contains(#"the subject has "another-app", the app's policy id is "swiftsdl-nav""#))
            }
            try await session.stop()
        } catch {
            try? await session.stop()
            throw error
        }
        #expect(await headUnit.stop(signal: SIGINT, grace: .seconds(30)) == 0)
    }
}
