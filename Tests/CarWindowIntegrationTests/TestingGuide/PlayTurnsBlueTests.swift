// Verbatim from docs/testing.md (GettingStartedGuideTests checks they agree):
// Tests/MyAppTests/PlayTurnsBlueTests.swift
import CarWindow
import CarWindowTesting
import SDLSession
import Testing

@Test @CarWindowActor
func playTurnsBlueInTheVideo() async throws {
    let play = Button(title: "Play")
    play.backgroundColor = Color(hex: 0x424242)
    var tapped = 0
    play.action = {
        tapped += 1
        play.backgroundColor = Color(hex: 0x1E88E5)
    }
    let root = StackView(axis: .vertical, insets: EdgeInsets(all: 40), arrangedSubviews: [play, View()])
    let app = AppConfiguration(appName: "My Player", appID: "my-player", appType: .navigation)
    try await EmulatorFixture.withProjection(app: app, root: { root }) { emulator, _, _, appID in
        _ = try await emulator.hapticRects(of: appID, timeout: .seconds(20))  // laid out and on screen
        let area = await emulator.videoRect(of: play)
        let before = try await emulator.latestFrame(of: appID, timeout: .seconds(20))
        try await emulator.tap(view: play, app: appID)
        let blue = PixelColor(red: 0x1E, green: 0x88, blue: 0xE5)
        _ = try await emulator.frame(after: before, timeout: .seconds(10)) { picture in
            // A corner inside the button, clear of its title.
            let corner = picture.averageColor(x: area.minX + 5, y: area.minY + 5, width: 8, height: 8)
            return tapped > 0 && corner.isClose(to: blue)
        }
    }
}
