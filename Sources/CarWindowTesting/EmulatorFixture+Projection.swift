public import CarWindow
public import HeadUnit
public import Logging
public import SDLProjection
public import SDLSession

extension EmulatorFixture {
    /// The emulator, and your CarWindow app projected into it: started (connected, registered) before the body, with
    /// the emulator's id for the app, like ``withSession(app:configuration:eventLog:logger:inMemory:isolation:_:)``.
    ///
    /// The projection is stopped (unregistered) when `body` returns or throws, before the emulator stops; the body
    /// may stop it itself. `root` builds the screen on `CarWindowActor` before the projection starts, so the first
    /// frame already shows it; the body gets the `WindowSource` it is in.
    ///
    /// ```swift
    /// @Test @CarWindowActor func playTurnsBlue() async throws {
    ///     let play = Button(title: "Play")
    ///     play.action = { play.backgroundColor = .blue }
    ///     try await EmulatorFixture.withProjection(app: myApp, root: { play }) { emulator, projection, screen, app in
    ///         let before = try await emulator.latestFrame(of: app, timeout: .seconds(20))
    ///         try await emulator.tap(view: play)
    ///         _ = try await emulator.nextFrame(after: before, timeout: .seconds(5))
    ///     }
    /// }
    /// ```
    /// - Parameters:
    ///   - app: the app's registration; the projection runs with `CarWindowSettings.init(app:)`.
    ///   - configuration: the emulator's, as for ``run(configuration:eventLog:logger:isolation:_:)``.
    ///   - registrationTimeout: how long the app may take to appear in the emulator.
    ///   - root: the screen's root view.
    ///   - body: the test; gets the fixture, the started projection, the window source it runs and the emulator's
    ///     id for the app.
    /// - Throws: what `body` throws; `ProjectionFailure` when the projection cannot start, `CarWindowError` when
    ///   its window cannot be made; `CarWindowTestingError`
    ///   `.timeout` when the emulator never lists the app.
    public static func withProjection<Result>(
        app: AppConfiguration,
        configuration: HeadUnitConfiguration = EmulatorFixture.defaultConfiguration,
        eventLog: Bool = false,
        logger: Logger = Logger(label: "carwindow.headunit"),
        registrationTimeout: Duration = .seconds(20),
        isolation: isolated (any Actor)? = #isolation,
        root: @escaping @CarWindowActor () -> View?,
        _ body: (EmulatorFixture, Projection, WindowSource, AppID) async throws -> Result
    ) async throws -> Result {
        try await withProjection(
            settings: CarWindowSettings(app: app), configuration: configuration, eventLog: eventLog, logger: logger,
            registrationTimeout: registrationTimeout, isolation: isolation, root: root, body)
    }

    /// ``withProjection(app:configuration:eventLog:logger:registrationTimeout:isolation:root:_:)`` with the
    /// projection's settings spelled out, its registration (`settings.projection.app`) included.
    ///
    /// ```swift
    /// var settings = CarWindowSettings(app: myApp)
    /// settings.projection.buttons = [.ok]
    /// try await EmulatorFixture.withProjection(settings: settings, root: { list }) { emulator, projection, _, app in
    ///     // ...
    /// }
    /// ```
    public static func withProjection<Result>(
        settings: CarWindowSettings,
        configuration: HeadUnitConfiguration = EmulatorFixture.defaultConfiguration,
        eventLog: Bool = false,
        logger: Logger = Logger(label: "carwindow.headunit"),
        registrationTimeout: Duration = .seconds(20),
        isolation: isolated (any Actor)? = #isolation,
        root: @escaping @CarWindowActor () -> View?,
        _ body: (EmulatorFixture, Projection, WindowSource, AppID) async throws -> Result
    ) async throws -> Result {
        try await run(configuration: configuration, eventLog: eventLog, logger: logger) { emulator in
            let screen = try await makeScreen(settings: settings, root: root)
            let projection = Projection(settings: settings, transport: emulator.transport())
            try await projection.start(source: screen)
            let result: Result
            do {
                let appID = try await emulator.app(timeout: registrationTimeout)
                result = try await body(emulator, projection, screen, appID)
            } catch {
                try? await projection.stop()
                throw error
            }
            try await projection.stop()
            return result
        }
    }

    @CarWindowActor
    private static func makeScreen(
        settings: CarWindowSettings, root: @CarWindowActor () -> View?
    ) throws(CarWindowError) -> WindowSource {
        let screen = try WindowSource(settings: settings)
        screen.rootView = root()
        return screen
    }
}
