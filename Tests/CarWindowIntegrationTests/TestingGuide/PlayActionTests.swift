// Verbatim from docs/testing.md (GettingStartedGuideTests checks they agree):
// Tests/MyAppTests/PlayActionTests.swift
import CarWindow
import CarWindowTesting
import HeadUnit
import SDLSession
import Testing

@Test @CarWindowActor
func playRunsItsAction() async throws {
    let play = Button(title: "Play")
    var tapped = 0
    play.action = {
        tapped += 1
        play.title = "Pause"
    }
    let app = AppConfiguration(appName: "My Player", appID: "my-player", appType: .navigation)
    try await EmulatorFixture.withProjection(app: app, root: { play }) { emulator, _, _, appID in
        _ = try await emulator.hapticRects(of: appID, timeout: .seconds(20))  // laid out and on screen
        let changes = await emulator.headUnit.events()  // each frame or touch the emulator sees rechecks
        try await emulator.tap(view: play, app: appID)
        let ran = await eventually(within: .seconds(10), recheckingOn: changes) { tapped > 0 }
        #expect(ran, "the tap did not reach Play")
    }
}
