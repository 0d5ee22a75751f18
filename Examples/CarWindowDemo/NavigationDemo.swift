public import CarWindow
public import Logging
public import SDLProjection
public import SDLSession

/// The demo navigation app: a ``NavigationScreen`` (with the destination search and the settings sheet) in a
/// `WindowSource`, with the vehicle moving along its route so the picture keeps changing, run by its own
/// `Projection`. `carwindow demo` runs it against the emulator or SDL Core, and any other host (a `--source demo`
/// stream, a test) can run it the same way.
///
/// ```swift
/// let demo = try NavigationDemo(host: "127.0.0.1", port: 12345)
/// let events = await demo.projection.events()
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

    /// The run: ``start()`` starts it with the demo as its source.
    public nonisolated let projection: Projection
    /// The view tree's source the demo's screens are installed in.
    public nonisolated let windowSource: WindowSource
    public let screen: NavigationScreen
    /// The whole demo app: the navigation screen, the destination search and the settings sheet.
    public let demoApp: DemoAppScreen
    /// How far along the route the vehicle moves per second (the route is 0...1); 0 keeps it still.
    public let vehicleSpeed: Double

    /// Creates the demo on `transport`, with the screen installed in its window.
    ///
    /// - Parameters:
    ///   - app: the registration; ``appConfiguration(name:)`` by default.
    ///   - transport: how to reach the head unit.
    ///   - vehicleSpeed: route fraction per second; the default crosses the map in about two minutes.
    public convenience init(
        app: AppConfiguration = NavigationDemo.appConfiguration(), transport: some SDLTransport,
        vehicleSpeed: Double = 0.008
    ) throws(CarWindowError) {
        try self.init(settings: CarWindowSettings(app: app), transport: transport, vehicleSpeed: vehicleSpeed)
    }

    /// Creates the demo with its settings spelled out (the run's options in `settings.projection`: protocol
    /// preference, audio, the disconnect policy, ...), as `carwindow demo` and `carwindow stream --source demo` do.
    public init(
        settings: CarWindowSettings, transport: some SDLTransport, vehicleSpeed: Double = 0.008,
        logger: Logger = Logger(label: "carwindow.video")
    ) throws(CarWindowError) {
        projection = Projection(settings: settings, transport: transport, logger: logger)
        windowSource = try WindowSource(settings: settings, logger: logger)
        demoApp = DemoAppScreen()
        screen = demoApp.navigation
        self.vehicleSpeed = vehicleSpeed
        try demoApp.install(in: windowSource.window)
    }

    /// Creates the demo connecting over TCP to `host:port`.
    public convenience init(
        app: AppConfiguration = NavigationDemo.appConfiguration(), host: String, port: Int,
        vehicleSpeed: Double = 0.008
    ) throws(CarWindowError) {
        try self.init(app: app, transport: TCPTransport(host: host, port: port), vehicleSpeed: vehicleSpeed)
    }

    /// Connects, registers and runs the demo (the vehicle moving) until ``stop()``.
    ///
    /// - Throws: what `Projection.start(source:)` throws.
    public func start() async throws(ProjectionFailure) {
        try await projection.start(source: self)
    }

    /// Moves the vehicle along its route at 10 Hz until the task is cancelled.
    func moveVehicle() async {
        guard vehicleSpeed > 0 else { return }
        let step = vehicleSpeed / 10
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: .milliseconds(100))
            } catch {
                break
            }
            screen.advance(by: step)
        }
    }

    /// Stops the run, and with it the vehicle.
    ///
    /// - Throws: what `Projection.stop()` throws.
    public func stop() async throws(ProjectionFailure) {
        try await projection.stop()
    }
}

/// The demo as a projection's source: its window source, with the vehicle moving for as long as the run goes on.
///
/// ```swift
/// try await demo.projection.run(source: demo)   // until demo.projection.stop() or a failure
/// ```
extension NavigationDemo: ProjectionSource {
    public nonisolated func run(in context: ProjectionContext) async throws(ProjectionFailure) {
        let windowSource = self.windowSource
        let result = await withTaskGroup(of: Result<Void, ProjectionFailure>?.self) { group in
            group.addTask {
                await self.moveVehicle()
                return nil
            }
            group.addTask {
                do throws(ProjectionFailure) {
                    try await windowSource.run(in: context)
                    return .success(())
                } catch {
                    return .failure(error)
                }
            }
            var outcome: Result<Void, ProjectionFailure> = .success(())
            for await next in group {
                guard let next else { continue }
                outcome = next
                break
            }
            group.cancelAll()
            return outcome
        }
        try result.get()
    }

    public nonisolated func received(_ touch: ProjectionTouch) async {
        await windowSource.received(touch)
    }

    public nonisolated func received(_ action: TouchAction) async {
        await windowSource.received(action)
    }

    public nonisolated func received(_ button: ProjectionButton) async {
        await windowSource.received(button)
    }

    public nonisolated func isImmediateTap(at point: Point) async -> Bool {
        await windowSource.isImmediateTap(at: point)
    }
}
