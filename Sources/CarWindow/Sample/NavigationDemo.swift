public import Logging
public import SDLProjection
public import SDLSession

/// The demo navigation app: a ``CarWindowProjection`` showing a ``NavigationScreen``, with the vehicle moving
/// along its route so the picture keeps changing. `carwindow demo` runs it against the emulator or SDL Core, and
/// any other host (a `--source demo` stream, a test) can run it the same way.
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
        projection = try CarWindowProjection(settings: settings, transport: transport, logger: logger)
        demoApp = DemoAppScreen()
        screen = demoApp.navigation
        self.vehicleSpeed = vehicleSpeed
        try demoApp.install(in: projection.window)
    }

    /// The demo as a `ProjectionSource` for its projection's `streaming` session: the projection's source with the
    /// vehicle moving for as long as it runs.
    ///
    /// ```swift
    /// try await demo.projection.streaming.run(source: demo.source)
    /// ```
    public nonisolated var source: NavigationDemoSource { NavigationDemoSource(demo: self) }

    /// Creates the demo connecting over TCP to `host:port`.
    public convenience init(
        app: AppConfiguration = NavigationDemo.appConfiguration(), host: String, port: Int,
        vehicleSpeed: Double = 0.008
    ) throws(CarWindowError) {
        try self.init(app: app, transport: TCPTransport(host: host, port: port), vehicleSpeed: vehicleSpeed)
    }

    /// Starts the projection and the vehicle's movement.
    ///
    /// - Throws: what ``CarWindowProjection/start()`` throws.
    public func start() async throws(CarWindowError) {
        try await projection.start()
        guard animation == nil else { return }
        // One task for the demo's lifetime: the pump renders at its own rate whatever changed.
        animation = Task { await self.moveVehicle() }
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

    /// Stops the movement and the projection.
    ///
    /// - Throws: what ``CarWindowProjection/stop()`` throws.
    public func stop() async throws(CarWindowError) {
        animation?.cancel()
        animation = nil
        try await projection.stop()
    }
}

/// ``NavigationDemo`` as a `ProjectionSource`: the projection's source, with the vehicle moving beside it.
public struct NavigationDemoSource: ProjectionSource {
    let demo: NavigationDemo

    public func run(in context: ProjectionContext) async throws(ProjectionFailure) {
        let demo = self.demo
        let projection = demo.projection.source
        let result = await withTaskGroup(of: Result<Void, ProjectionFailure>?.self) { group in
            group.addTask {
                await demo.moveVehicle()
                return nil
            }
            group.addTask {
                do throws(ProjectionFailure) {
                    try await projection.run(in: context)
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

    public func received(_ touch: ProjectionTouch) async {
        await demo.projection.source.received(touch)
    }

    public func received(_ action: TouchAction) async {
        await demo.projection.source.received(action)
    }

    public func isImmediateTap(at point: Point) async -> Bool {
        await demo.projection.source.isImmediateTap(at: point)
    }
}
