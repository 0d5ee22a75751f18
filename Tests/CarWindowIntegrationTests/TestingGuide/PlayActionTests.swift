// Verbatim from docs/testing.md (GettingStartedGuideTests checks they agree):
// Tests/MyAppTests/PlayActionTests.swift
import CarWindow
import CarWindowTesting
import SDLSession
import Testing

@Test @CarWindowActor
func playRunsItsAction() async throws {
    let play = Button(title: "Play")
    var tapped = 0
    play.action = { tapped += 1; play.title = "Pause" }
    let app = AppConfiguration(appName: "My Player", appID: "my-player", appType: .navigation)
    try await EmulatorFixture.withProjection(app: app, root: { play }) { emulator, projection, appID in
        let before = try await emulator.latestFrame(of: appID, timeout: .seconds(20))
        try await emulator.tap(view: play, app: appID)
        var mark = before
        while tapped == 0 { mark = try await emulator.nextFrame(after: mark, timeout: .seconds(30)) }
    }
}
