import CarWindowTestingTools
import Foundation
import FrameSources
import HeadUnit
import Logging
import ProjectionHosting
import SDLProjection
import SDLRPC
import SDLSession
import Testing

@Suite("The local head unit of demo and project", .timeLimit(.minutes(2)))
struct LocalHeadUnitTests {
    @Test("without a directory it records into a new temporary one named for the command; no video, no recording")
    func temporaryDirectory() async throws {
        let local = try await LocalHeadUnit.start(port: 0, recordDirectory: nil, prefix: "cw-hosting-test")
        defer { try? FileManager.default.removeItem(atPath: local.recordDirectory) }
        #expect(local.port > 0)
        let name = URL(fileURLWithPath: local.recordDirectory).lastPathComponent
        #expect(name.hasPrefix("cw-hosting-test-"), "\(name)")
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: local.recordDirectory, isDirectory: &isDirectory))
        #expect(isDirectory.boolValue)
        #expect(await local.stop() == [])
    }

    @Test("a directory given is made; the configuration's changes reach the emulator; stop lists what it recorded")
    func givenDirectoryAndRecording() async throws {
        let scratch = try ScratchDirectory(prefix: "cw-hosting")
        let directory = scratch.url.appendingPathComponent("nested/recordings").path
        let local = try await LocalHeadUnit.start(port: 0, recordDirectory: directory, prefix: "unused") {
            $0.buttons = [.ok, .navZoomIn]
        }
        #expect(local.recordDirectory == directory)
        #expect(await local.emulator.configuration.buttons == [.ok, .navZoomIn])
        let events = await local.emulator.events()

        var app = AppConfiguration(appName: "Hosting", appID: "cw-hosting")
        app.logger.logLevel = .critical
        var logger = Logger(label: "test.hosting")
        logger.logLevel = .critical
        let projection = Projection(
            options: ProjectionOptions(app: app), host: "127.0.0.1", port: local.port, logger: logger)
        let source = PacedFrameSource(name: "pattern") { () throws(ProjectionFailure) in PatternSource() }
        try await projection.start(source: source)
        for await event in events {
            if case .videoFrame(_, let index, _) = event, index >= 2 { break }
        }
        try await projection.stop()
        let recordings = await local.stop()
        #expect(recordings.count == 1)
        let recording = try #require(recordings.first)
        #expect(recording.hasPrefix(directory + "/") && recording.hasSuffix(".h264"), "\(recording)")
        let size = try FileManager.default.attributesOfItem(atPath: recording)[.size] as? Int
        #expect((size ?? 0) > 0)
    }

    @Test("a port another emulator holds is the emulator's error, and the directory made for it is removed")
    func portInUse() async throws {
        let first = try await LocalHeadUnit.start(port: 0, recordDirectory: nil, prefix: "cw-hosting-test")
        defer { try? FileManager.default.removeItem(atPath: first.recordDirectory) }
        let prefix = "cw-hosting-in-use-\(UUID().uuidString)"
        await #expect(throws: (any Error).self) {
            let second = try await LocalHeadUnit.start(port: first.port, recordDirectory: nil, prefix: prefix)
            _ = await second.stop()
        }
        // The temporary directory made for the one that never listened is gone.
        let left = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
        #expect(!left.contains { $0.hasPrefix(prefix) }, "\(left.filter { $0.hasPrefix(prefix) })")
        _ = await first.stop()
    }
}
