import CarWindow
import CarWindowTesting
import HeadUnit
import Logging
import SDLSession
import Testing

/// docs/testing.md's example, run: a CarWindow app tested the way a user tests theirs, with only CarWindowTesting's
/// fixture and probe around it.
@Suite("A projection tested with CarWindowTesting", .timeLimit(.minutes(3)))
@CarWindowActor
struct FixtureProjectionTests {
    @Test("the navigation app streams at the head unit's size, and the recording decodes to the frames it received")
    func streamsTheMap() async throws {
        var configuration = EmulatorFixture.defaultConfiguration
        configuration.video.preferredResolution = VideoSize(width: 1024, height: 600)
        try await EmulatorFixture.run(configuration: configuration) { emulator in
            let events = await emulator.headUnit.events()
            var app = NavigationDemo.appConfiguration(name: "Fixture Test")
            app.logger.logLevel = .critical
            let projection = try CarWindowProjection(app: app, transport: emulator.transport())
            let screen = NavigationScreen()
            try screen.install(in: projection.window)
            try await projection.start()
            // A still screen is sent once and then refreshed rarely: two frames are the first one and proof of a
            // running stream, without waiting for refreshes.
            var frames = 0
            for await event in events {
                if case .videoFrame = event { frames += 1 }
                if frames == 2 { break }
            }
            try await projection.stop()
            await emulator.headUnit.stop()

            #expect(frames == 2, "the emulator's events ended after \(frames) video frames")
            let recording = try #require(try emulator.recordingFiles().first)
            let summary = try await VideoProbe().summary(of: recording)
            #expect(summary.width == 1024 && summary.height == 600, "\(summary)")
            #expect(summary.frames >= 2, "\(summary)")
        }
    }
}
