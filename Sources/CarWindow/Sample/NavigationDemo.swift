public import SDLSession

/// The demo navigation app: a ``CarWindowProjection`` showing a ``NavigationScreen``, with the vehicle moving
/// along its route so the picture keeps changing. `carwindow demo` runs it against the emulator or SDL Core, and
/// any other host (a `--source demo` stream, a test) can run it the same way.
///
/// ```swift
/// let demo = try NavigationDemo(host: "127.0.0.1", port: 12345)
/// let events = demo.projection.events()
/// try await demo.start()
/// // ... until Ctrl-C
/// try await demo.stop()
/// ```
@CarWindowActor
public final class NavigationDemo {
    /// The app's registration as the demo makes it: a NAVIGATION app with the policy id SDL Core's traces use.
    public nonisolated static func appConfiguration(name: String = "CarWindow Demo") -> AppConfiguration {
        AppConfiguration(appName: name, appID: "swiftsdl-nav", appType: .navigation)
    }

    public let projection: CarWindowProjection
    public let screen: NavigationScreen
    /// The whole demo app: the navigation screen, the destination search and the settings sheet.
    public let demoApp: DemoAppScreen
    /// How far along the route the vehicle moves per second (the route is 0...1); 0 keeps it still.
    public let vehicleSpeed: Double
    private var animation: Task<Void, Never>?

    /// Creates the demo on `transport`, with the screen installed in the projection's window.
    ///
    /// - Parameters:
    ///   - app: the registration; ``appConfiguration(name:)`` by default.
    ///   - transport: how to reach the head unit.
    ///   - settings: the projection's settings.
    ///   - vehicleSpeed: route fraction per second; the default crosses the map in about two minutes.
    public init(
        app: AppConfiguration = NavigationDemo.appConfiguration(), transport: some SDLTransport,
        settings: CarWindowSettings = CarWindowSettings(), vehicleSpeed: Double = 0.008
    ) throws(CarWindowError) {
        projection = try CarWindowProjection(app: app, transport: transport, settings: settings)
        demoApp = DemoAppScreen()
        screen = demoApp.navigation
        self.vehicleSpeed = vehicleSpeed
        try demoApp.install(in: projection.window)
    }

    /// Creates the demo connecting over TCP to `host:port`.
    public convenience init(
        app: AppConfiguration = NavigationDemo.appConfiguration(), host: String, port: Int,
        settings: CarWindowSettings = CarWindowSettings(), vehicleSpeed: Double = 0.008
    ) throws(CarWindowError) {
        try self.init(
            app: app, transport: TCPTransport(host: host, port: port), settings: settings, vehicleSpeed: vehicleSpeed)
    }

    /// Starts the projection and the vehicle's movement.
    ///
    /// - Throws: what ``CarWindowProjection/start()`` throws.
    public func start() async throws(CarWindowError) {
        try await projection.start()
        guard vehicleSpeed > 0, animation == nil else { return }
        let screen = self.screen
        let step = vehicleSpeed / 10
        // One task for the demo's lifetime, at 10 Hz: the pump renders at its own rate whatever changed.
        animation = Task {
            while !Task.isCancelled {
                do {
                    try await Task.sleep(for: .milliseconds(100))
                } catch {
                    break
                }
                screen.advance(by: step)
            }
        }
    }

    /// Stops the movement and the projection.
    ///
    /// - Throws: what ``CarWindowProjection/stop()`` throws.
    public func stop() async throws(CarWindowError) {
        animation?.cancel()
        animation = nil
        try await projection.stop()
    }
}
