import CarWindowTesting
import Foundation
import HeadUnit
import Logging
import NIOCore
import SDLRPC
import SDLSession
import SDLWire
import Testing

@Suite("EmulatorFixture", .timeLimit(.minutes(3)))
struct EmulatorFixtureTests {
    static func app() -> AppConfiguration {
        var app = AppConfiguration(appName: "Fixture Test", appID: "fixture-test", timeouts: .all(.seconds(10)))
        app.logger.logLevel = .critical
        return app
    }

    @Test("an app streams into the fixture; the recording is listed and decodes to every access unit")
    func streamAndProbe() async throws {
        let units = try SyntheticClip.accessUnits(count: 10)
        let (recordings, directory) = try await EmulatorFixture.withSession(app: Self.app()) {
            emulator, session, app in
            #expect(emulator.host == "127.0.0.1")
            #expect(emulator.port > 0)
            let hmi = await session.hmiStatusUpdates()
            // The fixture's emulator activates the app on its own, shortly after registration.
            for await status in hmi where status.hmiLevel == .full { break }
            #expect(await emulator.headUnit.apps().map(\.app) == [app])
            _ = try await session.startVideoService(
                VideoStartService(height: 240, width: 320, videoProtocol: "RAW", videoCodec: "H264"))
            for unit in units { try await session.sendData(ByteBuffer(bytes: unit), on: .video) }
            // EndService's ACK comes after the emulator took every frame before it, so the file is complete.
            try await session.endService(.video)
            let files = try emulator.recordingFiles()
            #expect(files.map(\.lastPathComponent) == ["app\(app.rawValue)-video1-320x240-raw.h264"])
            var summaries: [VideoSummary] = []
            for file in files { summaries.append(try await VideoProbe().summary(of: file)) }
            return (summaries, emulator.directory)
        }
        #expect(recordings == [VideoSummary(width: 320, height: 240, frames: units.count)])
        #expect(!FileManager.default.fileExists(atPath: directory.path), "the fixture removes its directory")
    }

    @Test("a cancelled wait ends when its task is cancelled, not at its deadline or when the emulator stops")
    func cancelledWaitEnds() async throws {
        try await EmulatorFixture.run { emulator in
            let (outcomes, outcome) = AsyncStream.makeStream(of: String.self)
            let waiting = Task {
                do throws(CarWindowTestingError) {
                    _ = try await emulator.app(timeout: .seconds(3600))  // no app ever comes
                    outcome.yield("an app")
                } catch {
                    outcome.yield("\(error.kind)")
                }
            }
            waiting.cancel()
            // The deadline only catches a wait that ignores cancellation; such a wait ends, with a timeout, when
            // the fixture stops the emulator after this body.
            let ended = try await firstElement(of: outcomes, "the cancelled wait ending", within: .seconds(60)) { _ in
                true
            }
            #expect(ended == "cancelled")
        }
    }

    @Test("a body that throws: the error comes out, the emulator is stopped and its directory removed")
    func bodyThrows() async throws {
        let captured = Captured()
        await #expect(throws: Planned.self) {
            try await EmulatorFixture.run { emulator in
                await captured.set(events: await emulator.headUnit.events(), directory: emulator.directory)
                #expect(FileManager.default.fileExists(atPath: emulator.directory.path))
                throw Planned()
            }
        }
        let (events, directory) = try #require(await captured.value)
        // The emulator finishes every event stream when it stops; a running one would keep this loop waiting.
        for await event in events { Issue.record("unexpected event after the body threw: \(event)") }
        #expect(!FileManager.default.fileExists(atPath: directory.path))
    }

    @Test("withSession: a body that throws still stops the session and the emulator")
    func sessionBodyThrows() async throws {
        let captured = Captured()
        let sessions = SessionBox()
        await #expect(throws: Planned.self) {
            try await EmulatorFixture.withSession(app: Self.app()) { emulator, session, _ in
                await captured.set(events: await emulator.headUnit.events(), directory: emulator.directory)
                await sessions.set(session)
                #expect(await session.state == .ready)
                throw Planned()
            }
        }
        let session = try #require(await sessions.value)
        #expect(await session.state == .closed(error: nil))
        let (events, directory) = try #require(await captured.value)
        var seen: [HeadUnitEvent] = []
        for await event in events { seen.append(event) }
        #expect(!FileManager.default.fileExists(atPath: directory.path))
        #expect(
            seen.contains { if case .appUnregistered = $0 { true } else { false } },
            "the session unregistered before the emulator stopped; saw \(seen)")
    }

    @Test("recordings sort by app and stream number, filtered by extension; the event log is in the directory")
    func recordingOrder() async throws {
        try await EmulatorFixture.run(eventLog: true) { emulator in
            let eventLog = try #require(emulator.eventLog)
            #expect(eventLog.deletingLastPathComponent().path == emulator.directory.path)
            let names = [
                "app1-video10-800x480-raw.h264", "app2-video1-800x480-raw.h264", "app1-video9-800x480-rtp.h264",
                "app1-audio1.pcm", "app1-video1-320x240-raw.h264",
            ]
            for name in names {
                try Data().write(to: emulator.directory.appendingPathComponent(name))
            }
            #expect(
                try emulator.recordingFiles().map(\.lastPathComponent) == [
                    "app1-video1-320x240-raw.h264", "app1-video9-800x480-rtp.h264", "app1-video10-800x480-raw.h264",
                    "app2-video1-800x480-raw.h264",
                ])
            #expect(try emulator.recordingFiles(withExtension: "pcm").map(\.lastPathComponent) == ["app1-audio1.pcm"])
        }
    }

    @Test("the emulator's own configuration is kept; only host, port and the recording directory are replaced")
    func configurationKept() async throws {
        var configuration = EmulatorFixture.defaultConfiguration
        configuration.host = "0.0.0.0"
        configuration.port = 1
        configuration.video.preferredResolution = VideoSize(width: 1024, height: 600)
        try await EmulatorFixture.run(configuration: configuration) { emulator in
            let running = await emulator.headUnit.configuration
            #expect(running.host == "127.0.0.1")
            #expect(running.recordDirectory == emulator.directory.path)
            #expect(running.video.preferredResolution == VideoSize(width: 1024, height: 600))
            #expect(emulator.port != 1)
        }
    }
}

/// What a fixture's body handed out, to look at after the fixture ended.
private actor Captured {
    var value: (AsyncStream<HeadUnitEvent>, URL)?
    func set(events: AsyncStream<HeadUnitEvent>, directory: URL) { value = (events, directory) }
}

private actor SessionBox {
    var value: SDLSession?
    func set(_ session: SDLSession) { value = session }
}
