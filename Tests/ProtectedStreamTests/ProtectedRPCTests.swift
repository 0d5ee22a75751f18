import Foundation
import HeadUnit
import NIOCore
import SDLRPC
import SDLSecurityOpenSSL
import SDLSession
import SDLWire
import Synchronization
import Testing

/// RPC protection end to end (SDL-0207): the session upgrades its RPC service when OnPermissionsChange asks, the
/// emulator insists on encryption for the RPCs its policy lists, and both sides carry them as TLS records.
@Suite("Protected RPCs over TCP", .timeLimit(.minutes(2)))
struct ProtectedRPCTests {
    /// A request and a notification that require encryption; everything else does not.
    static let encryptedRPCs: Set<String> = ["SendHapticData", "OnSystemCapabilityUpdated"]
    static let rects = [SDLRPC.HapticRect(id: 1, rect: Rectangle(x: 10, y: 20, width: 100, height: 50))]

    static func headUnitConfiguration(
        material: TestMaterial, directory: URL, activationDelay: Duration?
    ) throws -> HeadUnitConfiguration {
        var configuration = HeadUnitConfiguration(port: 0, activationDelay: activationDelay)
        configuration.eventLogPath = directory.appendingPathComponent("events.jsonl").path
        configuration.security = HeadUnitSecurity(
            factory: try OpenSSLSecurityManagerFactory(.headUnit(trusting: material.ca)),
            requireEncryptedRPCs: true, encryptedRPCs: encryptedRPCs, handshakeTimeout: .seconds(30))
        return configuration
    }

    static func isEncryptionNeeded(_ error: any Error, context: String) -> Bool {
        guard let error = error as? SDLSessionError, case .encryptionNeeded(let request, _) = error.kind else {
            return false
        }
        return request == SendHapticData.functionID && error.context?.contains(context) == true
    }

    @Test("upgrade with E = 1, encrypted request and response, clear RPCs, ENCRYPTION_NEEDED before the upgrade")
    func upgradeAndProtectedRPCs() async throws {
        let material = try await TestMaterial.loaded()
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // No activation: the app stays in NONE, so the RPC service stays clear until the test moves it to FULL.
        let configuration = try Self.headUnitConfiguration(
            material: material, directory: directory, activationDelay: nil)
        let headUnit = HeadUnitEmulator(configuration: configuration)
        let port = try await headUnit.start()
        let wire = await headUnit.receivedFrames()
        let events = await headUnit.events()
        let session = SDLSession(
            configuration: try .protected(material: material), transport: TCPTransport(host: "127.0.0.1", port: port))
        do {
            let permissions = await session.permissionUpdates()
            let protection = await session.rpcProtectionUpdates()
            let notifications = await session.notifications()
            try await session.start()

            let granted = try await firstMatch(in: permissions, what: "OnPermissionsChange") { _ in true }
            #expect(granted.requireEncryption == true)
            for item in granted.permissionItem {
                #expect(
                    (item.requireEncryption == true) == Self.encryptedRPCs.contains(item.rpcName),
                    "requireEncryption of \(item.rpcName): \(String(describing: item.requireEncryption))")
            }
            #expect(await session.rpcProtection == .unprotected)

            // NONE: the RPC service is clear, so the protected-only request goes out clear and is refused.
            await #expect {
                try await session.send(SendHapticData(hapticRectData: Self.rects))
            } throws: { error in
                Self.isEncryptionNeeded(error, context: "RPC service protection: unprotected")
            }
            // A request that needs no encryption works in the clear (and subscribes to capability updates).
            let subscribed = try await session.send(
                GetSystemCapability(systemCapabilityType: .videoStreaming, subscribe: true))
            #expect(subscribed.success)
            // A notification that requires encryption is not sent while the RPC service is clear.
            var video = await headUnit.configuration.video
            video.preferredResolution = VideoSize(width: 1024, height: 600)
            await headUnit.updateVideoCapability(video)
            _ = try await firstMatch(in: events, what: "OnSystemCapabilityUpdated withheld") { event in
                if case .notificationWithheld(_, "OnSystemCapabilityUpdated") = event { return true }
                return false
            }

            // FULL: the session upgrades the RPC service (StartService RPC, E = 1, after the handshake).
            let app = try #require(await headUnit.apps().first?.app)
            try await headUnit.setHMILevel(.full, for: app)
            let status = try await firstMatch(in: protection, what: "RPC protection") { status in
                if case .failed = status { return true }
                return status == .protected
            }
            #expect(status == .protected)

            let protected = try await session.send(SendHapticData(hapticRectData: Self.rects))
            #expect(protected.success)
            #expect(protected.resultCode == .success)
            let clear = try await session.send(
                GetSystemCapability(systemCapabilityType: .videoStreaming, subscribe: true))
            #expect(clear.success)

            video.preferredResolution = VideoSize(width: 800, height: 480)
            await headUnit.updateVideoCapability(video)
            let update = try await firstMatch(in: notifications, what: "OnSystemCapabilityUpdated") {
                $0.functionID == OnSystemCapabilityUpdated.functionID
            }
            let resolution = try update.decode(OnSystemCapabilityUpdated.self).systemCapability
                .videoStreamingCapability?.preferredResolution
            #expect(resolution?.resolutionWidth == 800)
            #expect(resolution?.resolutionHeight == 480)
            try await session.stop()
        } catch {
            try? await session.stop()
            await headUnit.stop()
            throw error
        }
        await headUnit.stop()

        // App -> head unit, as it crossed the wire.
        var appFrames: [SDLFrame] = []
        for await received in wire where received.frame.header.serviceType == .rpc { appFrames.append(received.frame) }
        let upgrades = appFrames.filter {
            $0.header.controlFrameInfo == .startService && $0.header.frameType == .control && $0.header.isEncrypted
        }
        #expect(upgrades.count == 1, "one StartService(RPC) with E = 1")
        let appData = appFrames.filter { $0.header.frameType != .control }
        let appEncrypted = appData.filter(\.header.isEncrypted)
        #expect(!appEncrypted.isEmpty, "the protected SendHapticData went out with E = 1")
        for frame in appEncrypted {
            #expect(frame.payload.readableBytesView.first == 0x17, "not a TLS application_data record: \(frame.header)")
        }
        let appClear = appData.filter { !$0.header.isEncrypted }.compactMap { try? RPCPayload(decoding: $0.payload) }
        #expect(appClear.count == appData.count - appEncrypted.count, "every clear RPC frame decodes")
        #expect(
            appClear.filter { $0.functionID == SendHapticData.functionID }.count == 1,
            "SendHapticData in the clear only once: the refused one")

        // Head unit -> app, from the emulator's event log.
        let log = try coreToAppRPCFrames(directory.appendingPathComponent("events.jsonl"))
        let acks = log.filter { $0.frameType == 0 && $0.frameInfo == ControlFrameInfo.startServiceACK.rawValue }
        #expect(acks.map(\.encrypted) == [false, true], "the first RPC ACK clear, the upgrade's with E = 1")
        let encrypted = log.filter { $0.frameType != 0 && $0.encrypted }
        #expect(encrypted.count >= 2, "the SendHapticData response and the notification came encrypted")
        for entry in encrypted {
            #expect(entry.payloadHex.hasPrefix("17"), "not a TLS application_data record: \(entry.summary)")
        }
        let clearNames = log.filter { $0.frameType != 0 && !$0.encrypted }.map(\.summary)
        #expect(clearNames.filter { $0.hasPrefix("SendHapticData") }.count == 1, "clear: only ENCRYPTION_NEEDED")
        #expect(!clearNames.contains { $0.hasPrefix("OnSystemCapabilityUpdated") }, "never in the clear: \(clearNames)")
        #expect(
            log.contains { $0.summary.hasPrefix("SendHapticData") && $0.resultCode == "ENCRYPTION_NEEDED" },
            "the refusal is SendHapticData's own response with ENCRYPTION_NEEDED")
    }

    @Test("a session without security gets ENCRYPTION_NEEDED as a typed error; clear RPCs still work")
    func sessionWithoutSecurity() async throws {
        let material = try await TestMaterial.loaded()
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let headUnit = HeadUnitEmulator(
            configuration: try Self.headUnitConfiguration(
                material: material, directory: directory, activationDelay: .milliseconds(20)))
        let port = try await headUnit.start()
        var app = try AppConfiguration.protected(material: material)
        app.security = nil
        let session = SDLSession(configuration: app, transport: TCPTransport(host: "127.0.0.1", port: port))
        do {
            let statuses = await session.hmiStatusUpdates()
            try await session.start()
            _ = try await firstMatch(in: statuses, what: "HMI level FULL") { $0.hmiLevel == .full }
            await #expect {
                try await session.send(SendHapticData(hapticRectData: Self.rects))
            } throws: { error in
                Self.isEncryptionNeeded(error, context: "no AppConfiguration.security")
            }
            let capability = try await session.send(GetSystemCapability(systemCapabilityType: .videoStreaming))
            #expect(capability.success)
            #expect(await session.rpcProtection == .unprotected)
            try await session.stop()
        } catch {
            try? await session.stop()
            await headUnit.stop()
            throw error
        }
        await headUnit.stop()
    }
}

/// One head unit -> app RPC-service frame from the emulator's JSON-lines event log.
struct LoggedRPCFrame {
    var frameType: Int
    var frameInfo: Int
    var encrypted: Bool
    /// The payload after the 12-byte v2+ header, in hex.
    var payloadHex: String
    var summary: String
    /// The decoded JSON's `resultCode`, for clear responses.
    var resultCode: String?
}

func coreToAppRPCFrames(_ file: URL) throws -> [LoggedRPCFrame] {
    let text = try String(contentsOf: file, encoding: .utf8)
    var frames: [LoggedRPCFrame] = []
    for line in text.split(separator: "\n") {
        guard let entry = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            entry["dir"] as? String == "core->app", let header = entry["header"] as? [String: Any],
            header["serviceType"] as? Int == Int(ServiceType.rpc.rawValue)
        else { continue }
        let hex = entry["hex"] as? String ?? ""
        let decoded = entry["decoded"] as? [String: Any]
        frames.append(
            LoggedRPCFrame(
                frameType: header["frameType"] as? Int ?? -1, frameInfo: header["frameInfo"] as? Int ?? -1,
                encrypted: header["encrypted"] as? Bool ?? false, payloadHex: String(hex.dropFirst(24)),
                summary: entry["summary"] as? String ?? "",
                resultCode: (decoded?["json"] as? [String: Any])?["resultCode"] as? String))
    }
    return frames
}

final class LastSeen: Sendable {
    let value = Mutex<String>("nothing")
}

struct WaitFailure: Error, CustomStringConvertible {
    var description: String
}

/// The first element of `stream` that `accept` takes, waiting at most `limit`; the error names the last element
/// seen, so a failure says where things stopped.
func firstMatch<Element: Sendable>(
    in stream: AsyncStream<Element>,
    within limit: Duration = .seconds(30),
    what: String,
    _ accept: @escaping @Sendable (Element) -> Bool
) async throws -> Element {
    let last = LastSeen()
    let found = try await withThrowingTaskGroup(of: Element?.self) { group in
        group.addTask {
            for await element in stream {
                last.value.withLock { $0 = "\(element)" }
                if accept(element) { return element }
            }
            return nil
        }
        group.addTask {
            try await Task.sleep(for: limit)
            return nil
        }
        let first = try await group.next() ?? nil
        group.cancelAll()
        return first
    }
    guard let found else {
        throw WaitFailure(description: "\(what): not seen within \(limit); last seen: \(last.value.withLock { $0 })")
    }
    return found
}
