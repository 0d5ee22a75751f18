import CarWindowTesting
import Foundation
import HeadUnit
import NIOCore
import SDLRPC
import SDLSecurity
import SDLSecurityOpenSSL
import SDLSession
import SDLWire
import Testing

/// SDL Core 8.2's TLS 1.3 race, which the emulator reproduces on demand
/// (``CoreQuirks/encryptedACKOverwritesFinalHandshakeMessage``): on protocol 5 Core encrypts the protected
/// StartServiceACK into the buffer that still holds its last handshake message, then sends that buffer as the
/// message. Here the race is lost every time.
@Suite("SDL Core's TLS 1.3 race", .timeLimit(.minutes(3)))
struct CoreTLSRaceTests {
    static let videoParameters = CoreTLSTests.videoParameters

    /// The emulator as Core was measured: configured for TLS 1.2 but negotiating 1.3, forcing protected video, and
    /// losing the race on every protected start.
    static func headUnit(material: TestMaterial, directory: URL, protocolMajor: Int) throws -> HeadUnitEmulator {
        var configuration = try HeadUnitConfiguration.protected(
            trusting: material.ca, directory: directory, force: [.video], configuredTLS12: true)
        configuration.protocolVersion = protocolMajor == 5 ? ProtocolVersion(5, 4, 1) : ProtocolVersion(4, 3, 0)
        configuration.quirks.encryptedACKOverwritesFinalHandshakeMessage = 1
        configuration.eventLogPath = directory.appendingPathComponent("events.jsonl").path
        return HeadUnitEmulator(configuration: configuration)
    }

    @Test("protocol 5, TLS 1.3: Core's last handshake message is the encrypted ACK's start; the app says so, ends it")
    func raceLost() async throws {
        let material = try await TestMaterial.loaded()
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let headUnit = try Self.headUnit(material: material, directory: directory, protocolMajor: 5)
        let port = try await headUnit.start()
        // Deadlines far beyond the test's: the error must come from what the head unit sent, not from a timer.
        var app = try AppConfiguration.protected(material: material, handshakeTimeout: .seconds(600))
        app.timeouts = .all(.seconds(600))
        let session = SDLSession(configuration: app, transport: TCPTransport(host: "127.0.0.1", port: port))
        try await Self.run(session, headUnit) {
            let statuses = await session.hmiStatusUpdates()
            try await session.start()
            for await status in statuses where status.hmiLevel == .full { break }
            let error = await #expect(throws: SDLSessionError.self) {
                try await session.startVideoService(Self.videoParameters, encrypted: true)
            }
            guard case .security(let security) = error?.kind else {
                Issue.record("expected a security error, got \(String(describing: error))")
                return
            }
            #expect(security.kind == .handshakeFailed, "\(security)")
            #expect(security.code == .handshakeFailed)
            let text = "\(security)"
            #expect(text.contains("TLS handshake failed"), "\(text)")
            #expect(text.contains("encrypted StartServiceACK (video), not its Finished"), "\(text)")
            #expect(text.contains("maximumVersion = .tls1_2"), "\(text)")
            #expect(await !session.runningServices.contains(.video))
        }

        // Core's bytes: the ACK's payload is one TLS record, and the handshake message after it carries the record's
        // first bytes in place of the Finished (a ChangeCipherSpec record, 14 03 03 00 01 01, then the Finished).
        let log = try EventLogLines(path: directory.appendingPathComponent("events.jsonl"))
        let ack = try #require(log.coreToApp.firstIndex { $0.isControl(0x02, service: 11) })
        let record = log.coreToApp[ack].payload
        #expect(record.starts(with: [0x17, 0x03, 0x03]))
        let last = try #require(log.coreToApp.lastIndex { $0.isHandshakeMessage && $0.isHandshakeData })
        #expect(last > ack, "the overwritten message follows the ACK")
        let binary = log.coreToApp[last].securityQueryBinary
        #expect(binary.count >= 21 && binary.count < record.count, "\(binary.count) of \(record.count)")
        #expect(binary == Array(record.prefix(binary.count)), "byte-identical to the start of the ACK's payload")
        #expect(!binary.starts(with: [0x14, 0x03, 0x03, 0x00, 0x01, 0x01]))
        #expect(log.appToCore.contains { $0.isControl(0x04, service: 11) }, "the app ended the acknowledged service")
    }

    struct Immune: Sendable, CustomTestStringConvertible {
        var protocolMajor: Int
        var tls: OpenSSLSecurityConfiguration.TLSVersion
        var testDescription: String { "protocol \(protocolMajor), \(tls == .tls1_3 ? "TLS 1.3" : "TLS 1.2")" }
    }

    @Test(
        "TLS 1.2, or protocol 4 (no ACK payload to encrypt), streams protected against the race",
        arguments: [
            Immune(protocolMajor: 5, tls: .tls1_2), Immune(protocolMajor: 4, tls: .tls1_2),
            Immune(protocolMajor: 4, tls: .tls1_3),
        ])
    func immune(_ setup: Immune) async throws {
        let material = try await TestMaterial.loaded()
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let headUnit = try Self.headUnit(material: material, directory: directory, protocolMajor: setup.protocolMajor)
        let port = try await headUnit.start()
        let app = try AppConfiguration.protected(
            material: material, maximumTLSVersion: setup.tls == .tls1_2 ? .tls1_2 : nil)
        let session = SDLSession(configuration: app, transport: TCPTransport(host: "127.0.0.1", port: port))
        let units = try SyntheticClip.accessUnits(count: 10)
        try await Self.run(session, headUnit) {
            let statuses = await session.hmiStatusUpdates()
            try await session.start()
            for await status in statuses where status.hmiLevel == .full { break }
            let video = try await session.startVideoService(Self.videoParameters, encrypted: true)
            #expect(video.isEncrypted)
            for unit in units { try await session.sendData(ByteBuffer(bytes: unit), on: .video) }
            try await session.endService(.video)
        }
        let recording = directory.appendingPathComponent("app1-video1-320x240-raw.h264")
        #expect(Array(try Data(contentsOf: recording)) == units.flatMap { $0 })
    }

    @Test("the app's default TLS configuration, `.app(...)`, streams protected against the race on protocol 5")
    func defaultConfigurationIsImmune() async throws {
        let material = try await TestMaterial.loaded()
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let headUnit = try Self.headUnit(material: material, directory: directory, protocolMajor: 5)
        let port = try await headUnit.start()
        var app = try AppConfiguration.protected(material: material)
        // What a user writes: the factory's defaults, nothing capped by hand.
        app.security = AppConfiguration.Security(
            factory: try OpenSSLSecurityManagerFactory(
                .app(certificateChain: material.appCertificate, privateKey: material.appKey)),
            failurePolicy: .requireProtection, handshakeTimeout: .seconds(30))
        let session = SDLSession(configuration: app, transport: TCPTransport(host: "127.0.0.1", port: port))
        let units = try SyntheticClip.accessUnits(count: 10)
        try await Self.run(session, headUnit) {
            let statuses = await session.hmiStatusUpdates()
            try await session.start()
            for await status in statuses where status.hmiLevel == .full { break }
            let video = try await session.startVideoService(Self.videoParameters, encrypted: true)
            #expect(video.isEncrypted)
            for unit in units { try await session.sendData(ByteBuffer(bytes: unit), on: .video) }
            try await session.endService(.video)
        }
        let recording = directory.appendingPathComponent("app1-video1-320x240-raw.h264")
        #expect(Array(try Data(contentsOf: recording)) == units.flatMap { $0 })
    }

    @Test("a protected start whose ACK came but whose handshake stalls fails as the handshake, and is ended")
    func handshakeStallsAfterACK() async throws {
        let material = try await TestMaterial.loaded()
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = try HeadUnitConfiguration.protected(
            trusting: material.ca, directory: directory, fault: .dropFinalMessage)
        configuration.eventLogPath = directory.appendingPathComponent("events.jsonl").path
        let headUnit = HeadUnitEmulator(configuration: configuration)
        let port = try await headUnit.start()
        // The start's own deadline ends the wait (the handshake's is later): 20 s leaves a starved machine time to
        // deliver the ACK first (CoreTLSTests.finalMessageNeverComes saw 10 s).
        var app = try AppConfiguration.protected(material: material, handshakeTimeout: .seconds(600))
        app.timeouts = .all(.seconds(20))
        let session = SDLSession(configuration: app, transport: TCPTransport(host: "127.0.0.1", port: port))
        try await Self.run(session, headUnit) {
            let statuses = await session.hmiStatusUpdates()
            try await session.start()
            for await status in statuses where status.hmiLevel == .full { break }
            let error = await #expect(throws: SDLSessionError.self) {
                try await session.startVideoService(Self.videoParameters, encrypted: true)
            }
            guard case .security(let security) = error?.kind else {
                Issue.record("expected a security error, not \(String(describing: error))")
                return
            }
            #expect(security.kind == .handshakeFailed)
            #expect("\(security)".contains("acknowledged video with E = 1 but did not finish the TLS handshake"))
        }
        let log = try EventLogLines(path: directory.appendingPathComponent("events.jsonl"))
        #expect(log.appToCore.contains { $0.isControl(0x04, service: 11) }, "the app ended the acknowledged service")
    }

    /// Runs `body`, then stops the session and the head unit, on failure too.
    static func run(
        _ session: SDLSession, _ headUnit: HeadUnitEmulator, _ body: () async throws -> Void
    ) async throws {
        do {
            try await body()
            try await session.stop()
        } catch {
            try? await session.stop()
            await headUnit.stop()
            throw error
        }
        await headUnit.stop()
    }
}

extension EventLogLines.Entry {
    /// A security query with SendHandshakeData (query id 1).
    var isHandshakeData: Bool { payload.count >= 12 && payload[1...3].elementsEqual([0, 0, 1]) }

    /// The TLS bytes of a security query: after its 12-byte header and its JSON.
    var securityQueryBinary: [UInt8] {
        guard payload.count >= 12 else { return [] }
        let json = payload[8..<12].reduce(0) { $0 << 8 | Int($1) }
        return Array(payload.dropFirst(12 + json))
    }
}
