public import HeadUnit
public import Logging
public import SDLSession

extension EmulatorFixture {
    /// The emulator, and an `SDLSession` started against it: connected, negotiated and registered.
    ///
    /// The session is stopped (unregistered, closed) when `body` returns and before the emulator stops, on a thrown
    /// error too. The body may stop it itself; stopping twice is harmless.
    ///
    /// - Parameters:
    ///   - app: the app's configuration.
    ///   - configuration: the emulator's, as for ``run(configuration:eventLog:logger:isolation:_:)``.
    ///   - eventLog: also write the emulator's event log, to ``eventLog``.
    ///   - logger: the emulator's logger.
    ///   - inMemory: `true` links the session to the emulator in memory (``transport()``); `false` over TCP
    ///     (``tcpTransport(configuration:)``), for tests of what a socket adds: the link rate, back-pressure.
    ///   - body: the test; gets the fixture, the started session and the emulator's id for the app.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws; `SDLSessionError` when the session cannot start; a stop that fails after
    ///   `body` returned.
    ///
    /// ```swift
    /// let app = AppConfiguration(appName: "My App", appID: "my-app", appType: .navigation)
    /// try await EmulatorFixture.withSession(app: app) { emulator, session, appID in
    ///     for await status in await session.hmiStatusUpdates() where status.hmiLevel == .full { break }
    ///     try await emulator.headUnit.setHMILevel(.background, for: appID)
    /// }
    /// ```
    public static func withSession<Result>(
        app: AppConfiguration,
        configuration: HeadUnitConfiguration = EmulatorFixture.defaultConfiguration,
        eventLog: Bool = false,
        logger: Logger = Logger(label: "carwindow.headunit"),
        inMemory: Bool = true,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (EmulatorFixture, SDLSession, AppID) async throws -> Result
    ) async throws -> Result {
        try await run(configuration: configuration, eventLog: eventLog, logger: logger) { emulator in
            let session =
                inMemory
                ? SDLSession(configuration: app, transport: emulator.transport())
                : SDLSession(configuration: app, transport: emulator.tcpTransport())
            let result: Result
            do {
                try await session.start()
                // The emulator registers the app before it answers RegisterAppInterface, so it is listed by now.
                guard let appID = await emulator.headUnit.apps().last?.app else {
                    throw CarWindowTestingError(.other, "the session started but the emulator lists no app")
                }
                result = try await body(emulator, session, appID)
            } catch {
                try? await session.stop()
                throw error
            }
            try await session.stop()
            return result
        }
    }
}
