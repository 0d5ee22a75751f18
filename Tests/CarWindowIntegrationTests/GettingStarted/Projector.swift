// Verbatim from docs/getting-started.md (GettingStartedGuideTests checks they agree):
// Sources/MyCarApp/Projector.swift
import CarWindow
import SDLSession

/// Projects the player into the head unit at `host:port` until SIGINT or SIGTERM.
@CarWindowActor
func projectPlayer(host: String, port: Int) async throws {
    let settings = CarWindowSettings(
        app: AppConfiguration(appName: "My Player", appID: "my-player", appType: .navigation))
    let screen = PlayerScreen()
    let window = try WindowSource(settings: settings)
    window.rootView = screen.root
    let projection = Projection(settings: settings, transport: TCPTransport(host: host, port: port))
    try await projection.start(source: window)
    print("projecting; Ctrl-C stops")
    let received = await shutdownSignal()
    print("signal \(received): stopping")
    try await projection.stop()
}
