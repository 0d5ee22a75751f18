// Verbatim from docs/testing.md (GettingStartedGuideTests checks they agree):
// Tests/MyAppTests/StreamsTheMapTests.swift
import CarWindow
import CarWindowTesting
import HeadUnit
import SDLSession
import Testing

@Test("the app streams the map at the head unit's size")
@CarWindowActor
func streamsTheMapAtTheHeadUnitsSize() async throws {
    var configuration = EmulatorFixture.defaultConfiguration
    configuration.video.preferredResolution = VideoSize(width: 1024, height: 600)
    try await EmulatorFixture.run(configuration: configuration) { emulator in
        // Subscribe before the app connects; the stream buffers everything until you read it.
        let events = await emulator.headUnit.events()
        let app = AppConfiguration(appName: "My Map", appID: "my-map", appType: .navigation)
        let settings = CarWindowSettings(app: app)
        let window = try WindowSource(settings: settings)
        window.rootView = Label(text: "My map")  // your screen here
        let projection = Projection(settings: settings, transport: emulator.transport())
        try await projection.start(source: window)
        var frames = 0
        for await event in events {
            if case .videoFrame = event { frames += 1 }
            if frames == 2 { break }
        }
        try await projection.stop()
        await emulator.headUnit.stop()  // allowed; the fixture stops it again at the end (a no-op)

        let recording = try #require(try emulator.recordingFiles().first)
        let summary = try await VideoProbe().summary(of: recording)
        #expect(summary.width == 1024 && summary.height == 600)
        #expect(summary.frames >= 2, "\(summary)")
    }
}
