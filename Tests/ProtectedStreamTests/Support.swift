// Exported to every file of this target: files written before CarWindowTesting (on other branches too) use
// `TestMaterial` with no import of their own, and MemberImportVisibility would otherwise hide its members.
@_exported import CarWindowTesting
import Foundation
import HeadUnit
import Logging
import SDLMedia
import SDLSecurity
import SDLSecurityOpenSSL
import SDLSession
import SDLWire

extension AppConfiguration {
    /// The app of these tests: quiet logs, protection with the given certificate, and deadlines (30 s) that only
    /// catch a peer that never answers, not a machine busy with a parallel build. Tests of a deadline pass their own.
    static func protected(
        material: TestMaterial,
        certificate: TestMaterial.PEM? = nil,
        key: TestMaterial.PEM? = nil,
        policy: ProtectionFailurePolicy = .requireProtection,
        handshakeTimeout: Duration = .seconds(30),
        maximumTLSVersion: OpenSSLSecurityConfiguration.TLSVersion? = nil
    ) throws -> AppConfiguration {
        var logger = Logger(label: "test.protected")
        logger.logLevel = .critical
        var tls = OpenSSLSecurityConfiguration.app(
            certificateChain: certificate ?? material.appCertificate, privateKey: key ?? material.appKey)
        tls.maximumVersion = maximumTLSVersion
        let factory = try OpenSSLSecurityManagerFactory(tls)
        return AppConfiguration(
            appName: "SwiftSDL Nav Probe", appID: material.appID, timeouts: .all(.seconds(30)), logger: logger,
            security: AppConfiguration.Security(
                factory: factory, failurePolicy: policy, handshakeTimeout: handshakeTimeout)
        )
    }
}

extension HeadUnitConfiguration {
    /// The emulator on a free port, activating the app at once, recording into `directory`.
    static func protected(
        trusting ca: TestMaterial.PEM,
        directory: URL,
        force: Set<ServiceType> = [],
        fault: HeadUnitSecurity.HandshakeFault? = nil,
        configuredTLS12: Bool = false
    ) throws -> HeadUnitConfiguration {
        var configuration = HeadUnitConfiguration(port: 0, activationDelay: .milliseconds(20))
        configuration.recordDirectory = directory.path
        var tls = OpenSSLSecurityConfiguration.headUnit(trusting: ca)
        // Core's ini says TLSv1.2; what Core runs ignores it (CoreQuirks.negotiatesTLS13DespiteConfiguredMaximum).
        let uncapped = try OpenSSLSecurityManagerFactory(tls)
        if configuredTLS12 { tls.maximumVersion = .tls1_2 }
        configuration.security = HeadUnitSecurity(
            factory: try OpenSSLSecurityManagerFactory(tls),
            forceProtectedServices: force, handshakeTimeout: .seconds(30), fault: fault,
            factoryIgnoringMaximumVersion: configuredTLS12 ? uncapped : nil)
        return configuration
    }
}

/// A fresh temporary directory, removed by the caller.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("carwindow-protected-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Whether bytes look like the start of an H.264 Annex-B access unit: a start code and a NAL header with the
/// forbidden bit clear and a slice, IDR, SEI, SPS, PPS or AUD type.
func looksLikeH264(_ bytes: [UInt8]) -> Bool {
    for prefix in [[0, 0, 0, 1], [0, 0, 1]] as [[UInt8]] where bytes.starts(with: prefix) {
        guard bytes.count > prefix.count else { return false }
        let header = bytes[prefix.count]
        return header & 0x80 == 0 && [1, 5, 6, 7, 8, 9].contains(header & 0x1F)
    }
    return false
}
