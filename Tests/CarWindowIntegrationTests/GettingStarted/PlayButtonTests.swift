// Verbatim from docs/getting-started.md (GettingStartedGuideTests checks they agree):
// Tests/MyCarAppTests/PlayButtonTests.swift
import CarWindow
import CarWindowTesting
import HeadUnit
import SDLSession
import Testing

@Test("a tap on Play turns the button blue", .timeLimit(.minutes(3)))
func playTurnsBlue() async throws {
    try await EmulatorFixture.run { emulator in
        let (projection, screen) = try await startPlayer(port: emulator.port)
        let app = try await emulator.app(timeout: .seconds(20))
        _ = try await emulator.hapticRects(of: app, timeout: .seconds(20))
        let button = await emulator.videoRect(of: screen.playButton)
        let before = try await emulator.latestFrame(of: app, timeout: .seconds(20))
        try await emulator.tap(view: screen.playButton)
        let blue = PixelColor(red: 0x1E, green: 0x88, blue: 0xE5)
        _ = try await emulator.frame(after: before, timeout: .seconds(10)) { picture in
            // A corner inside the button, clear of its title.
            picture.averageColor(x: button.minX + 5, y: button.minY + 5, width: 8, height: 8).isClose(to: blue)
        }
        try await projection.stop()
    }
}

@CarWindowActor
func startPlayer(port: Int) async throws -> (Projection, PlayerScreen) {
    let settings = CarWindowSettings(
        app: AppConfiguration(appName: "My Player", appID: "my-player", appType: .navigation))
    let screen = PlayerScreen()
    let window = try WindowSource(settings: settings)
    window.rootView = screen.root
    let projection = Projection(settings: settings, transport: TCPTransport(host: "127.0.0.1", port: port))
    try await projection.start(source: window)
    return (projection, screen)
}
