import CarWindowTesting
import Foundation
import HeadUnit
import NIOCore
import SDLRPC
import SDLSecurity
import SDLSession
import SDLWire
import Testing

/// Protected video end to end: the session (TLS server) against the emulator (TLS client) over TCP on 127.0.0.1,
/// with certificates made at run time by `openssl`.
@Suite("Protected video over TCP")
struct ProtectedVideoTests {
    static let videoParameters = VideoStartService(height: 240, width: 320, videoProtocol: "RAW", videoCodec: "H264")

    @Test("handshake, E bit on every video frame, ciphertext on the wire, decrypted recording decodes")
    func protectedStream() async throws {
        let material = try await TestMaterial.loaded()
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = try HeadUnitConfiguration.protected(
            trusting: material.ca, directory: directory, force: [.video])
        // A small MTU: every access unit becomes a First frame and TLS-sized Consecutive frames.
        configuration.mtu = 4_096
        // The spec's refusal, which leaves the HMI level alone (Core's own is in CoreTLSTests).
        configuration.quirks.coreForcedProtectionRefusal = false
        let headUnit = HeadUnitEmulator(configuration: configuration)
        let port = try await headUnit.start()
        let wire = await headUnit.receivedFrames()
        let events = await headUnit.events()
        let session = SDLSession(
            configuration: try .protected(material: material), transport: TCPTransport(host: "127.0.0.1", port: port))
        let units = try SyntheticClip.accessUnits(count: 30)
        do {
            let statuses = await session.hmiStatusUpdates()
            try await session.start()
            for await status in statuses where status.hmiLevel == .full { break }

            // ForceProtectedService: the unprotected start is refused.
            await #expect {
                try await session.startVideoService(Self.videoParameters)
            } throws: { error in
                guard let error = error as? SDLSessionError, case .serviceRejected(.video, let nak) = error.kind
                else { return false }
                return nak.reason?.contains("must be protected") == true
            }

            let video = try await session.startVideoService(Self.videoParameters, encrypted: true)
            #expect(video.isEncrypted)
            #expect(video.protectionError == nil)
            for unit in units { try await session.sendData(ByteBuffer(bytes: unit), on: .video) }
            try await session.endService(.video)
            try await session.stop()
        } catch {
            try? await session.stop()
            await headUnit.stop()
            throw error
        }
        await headUnit.stop()

        var handshakeCompleted = false
        for await event in events {
            if case .handshakeCompleted = event { handshakeCompleted = true }
        }
        #expect(handshakeCompleted)

        var frames: [SDLFrame] = []
        for await received in wire where received.frame.header.serviceType == .video {
            if received.frame.header.frameType != .control { frames.append(received.frame) }
        }
        #expect(frames.count >= units.count)
        for frame in frames {
            let payload = Array(frame.payload.readableBytesView)
            if frame.header.frameType == .first {
                // First frames stay clear: total plaintext size and frame count (PS §2.3).
                #expect(!frame.header.isEncrypted)
                #expect(payload.count == 8)
            } else {
                #expect(frame.header.isEncrypted, "video frame without the E bit: \(frame.header)")
                #expect(!looksLikeH264(payload), "readable H.264 on the wire: \(frame.header)")
                #expect(payload.first == 0x17, "not a TLS application_data record: \(frame.header)")
            }
        }
        #expect(frames.contains { $0.header.frameType == .first }, "a 4 KiB MTU splits access units")
        #expect(frames.allSatisfy { $0.payload.readableBytes <= 4_096 - 12 })

        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let name = try #require(names.first { $0.hasSuffix("-video1-320x240-raw.h264") }, "recordings: \(names)")
        let recording = directory.appendingPathComponent(name)
        let recorded = try Data(contentsOf: recording)
        #expect(Array(recorded) == units.flatMap { $0 })
        let summary = try await VideoProbe().summary(of: recording)
        #expect(summary == VideoSummary(width: 320, height: 240, frames: units.count))
    }

    /// A handshake that cannot succeed, the SDL code the app's error must carry.
    struct Failure: Sendable, CustomTestStringConvertible {
        enum Cause: Sendable { case wrongCA, expiredCertificate, garbage, stall }
        var cause: Cause
        var code: SecurityErrorCode
        var testDescription: String { "\(cause) gives \(code)" }
    }

    static let failures: [Failure] = [
        Failure(cause: .wrongCA, code: .invalidCertificate),
        Failure(cause: .expiredCertificate, code: .expiredCertificate),
        Failure(cause: .garbage, code: .sslInvalidData),
        Failure(cause: .stall, code: .handshakeFailed),
    ]

    @Test(
        "a failed handshake is a typed error, or an unprotected stream with the reason", arguments: failures,
        [ProtectionFailurePolicy.requireProtection, .fallBackToUnprotected])
    func handshakeFailure(_ failure: Failure, policy: ProtectionFailurePolicy) async throws {
        let material = try await TestMaterial.loaded()
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var headUnitConfiguration = try HeadUnitConfiguration.protected(
            trusting: failure.cause == .wrongCA ? material.otherCA : material.ca, directory: directory,
            fault: failure.cause == .garbage ? .garbage : failure.cause == .stall ? .stall : nil)
        headUnitConfiguration.security?.handshakeTimeout = .seconds(30)
        let headUnit = HeadUnitEmulator(configuration: headUnitConfiguration)
        let port = try await headUnit.start()
        let expired = failure.cause == .expiredCertificate
        let app = try AppConfiguration.protected(
            material: material,
            certificate: expired ? material.expiredCertificate : nil, key: expired ? material.expiredKey : nil,
            // Only the stalled head unit is meant to hit the app's deadline; the others must fail on their own.
            policy: policy, handshakeTimeout: failure.cause == .stall ? .milliseconds(500) : .seconds(20))
        let session = SDLSession(configuration: app, transport: TCPTransport(host: "127.0.0.1", port: port))
        do {
            let statuses = await session.hmiStatusUpdates()
            try await session.start()
            for await status in statuses where status.hmiLevel == .full { break }
            switch policy {
            case .requireProtection:
                let error = await #expect(throws: SDLSessionError.self) {
                    try await session.startVideoService(Self.videoParameters, encrypted: true)
                }
                guard case .security(let security) = error?.kind else {
                    Issue.record("expected a security error, got \(String(describing: error))")
                    break
                }
                #expect(security.code == failure.code, "\(security)")
            case .fallBackToUnprotected:
                let video = try await session.startVideoService(Self.videoParameters, encrypted: true)
                #expect(!video.isEncrypted)
                guard case .security(let security) = video.protectionError?.kind else {
                    Issue.record("expected a security error, got \(String(describing: video.protectionError))")
                    break
                }
                #expect(security.code == failure.code, "\(security)")
                try await session.sendData(ByteBuffer(bytes: [0, 0, 0, 1, 0x09, 0xF0]), on: .video)
            }
            try await session.stop()
        } catch {
            try? await session.stop()
            await headUnit.stop()
            throw error
        }
        await headUnit.stop()
    }
}
