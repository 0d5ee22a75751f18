// Verbatim from docs/getting-started.md (GettingStartedGuideTests checks they agree):
// Sources/MyCarApp/Projector.swift
import CarWindow
import SDLSession

/// Projects the player into the head unit at `host:port` until SIGINT or SIGTERM.
@CarWindowActor
func projectPlayer(host: String, port: Int) async throws {
    let app = AppConfiguration(appName: "My Player", appID: "my-player", appType: .navigation)
    let projection = try CarWindowProjection(app: app, host: host, port: port)
    let screen = PlayerScreen()
    projection.rootView = screen.root
    try await projection.start()
    print("projecting; Ctrl-C stops")
    let received = await shutdownSignal()
    print("signal \(received): stopping")
    try await projection.stop()
}
