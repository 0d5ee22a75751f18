public import Logging
import SDLMediaService
import SDLRPC
public import SDLSession

/// An ``AudioStreamManager`` wired to a running ``SDLSession``: the PCM format from the registration's
/// `pcmStreamCapabilities`, the main window's HMI level, the head unit's EndService(audio) and the connection's end.
///
/// ```
///  session.hmiStatusUpdates() ──────▶ manager.hmiLevelChanged ─┐
///  session.serviceEnds() ────────┐                            ├─ manager.run(): control loop, one paced send
///  session.connectionStateUpdates()┴▶ connection.serviceEvents()┘  loop ─▶ session.sendData(chunk, on: .audio)
/// ```
///
/// The tasks that carry these are children of one task this actor owns: ``start()`` creates it, ``stop()`` cancels
/// it and waits for it. There is one send path and no task per chunk.
///
/// ```swift
/// try await session.start()
/// let audio = try await SessionAudioStream(session: session)
/// let events = await audio.manager.events()        // subscribe before start(): nothing is missed
/// await audio.start()
/// let prompt = try await audio.manager.push(file: "turn-left.wav")
/// await audio.manager.play()
/// for await event in events {
///     if case .finished(prompt, _) = event { break }
/// }
/// await audio.stop()
/// try await session.stop()
/// ```
public actor SessionAudioStream<C: Clock> where C.Duration == Duration {
    /// Where the driver is; it runs once, by ``start()`` or ``run()``.
    enum State {
        case idle
        case running(Task<Void, Never>)
        case runningInCaller
        case stopped
    }

    /// The manager: push, play, stop, events.
    public nonisolated let manager: AudioStreamManager<C>
    /// The adapter the manager talks to.
    public nonisolated let connection: SessionAudioServiceConnection
    private let session: SDLSession
    private var state = State.idle

    /// Wires a manager to `session`, which must be registered (its `registration` gives the PCM format).
    ///
    /// - Parameters:
    ///   - session: a started session.
    ///   - clock: paces the audio.
    ///   - settings: chunk size, lead, file length limit.
    ///   - logger: the manager's logger; also warns when the head unit's PCM capability had to fall back.
    /// - Throws: ``MediaStreamingError`` `.connectionFailed` when the session is not registered.
    public init(
        session: SDLSession,
        clock: C,
        settings: AudioStreamingSettings = AudioStreamingSettings(),
        logger: Logger = Logger(label: "carwindow.audio")
    ) async throws(MediaStreamingError) {
        guard let registration = await session.registration else {
            throw MediaStreamingError(.connectionFailed, "the session is not registered: start() it first")
        }
        let format = PCMFormat(capabilities: registration.pcmStreamCapabilities, logger: logger)
        let connection = SessionAudioServiceConnection(session: session)
        self.session = session
        self.connection = connection
        self.manager = AudioStreamManager(
            format: format, connection: connection, clock: clock, settings: settings, logger: logger)
    }

    /// Starts the manager and the tasks that feed it, in a task this actor owns. A second call, a call after
    /// ``stop()`` or while ``run()`` runs, does nothing.
    public func start() {
        guard case .idle = state else { return }
        let (manager, connection, session) = (self.manager, self.connection, self.session)
        state = .running(Task { await Self.drive(manager, connection, session) })
    }

    /// Runs the manager and the tasks that feed it in the calling task until that task is cancelled: for a caller
    /// that owns a task group, beside the video side's `SessionVideoDriver.run(feeding:)`. Use either this or
    /// ``start()``/``stop()``, once.
    ///
    /// ```swift
    /// try await withThrowingDiscardingTaskGroup { group in
    ///     group.addTask { await audio.run() }
    ///     group.addTask { await SessionVideoDriver(session: session).run(feeding: video) }
    ///     // ... then group.cancelAll()
    /// }
    /// ```
    public func run() async {
        guard case .idle = state else { return }
        state = .runningInCaller
        await Self.drive(manager, connection, session)
        state = .stopped
    }

    private static func drive(
        _ manager: AudioStreamManager<C>, _ connection: SessionAudioServiceConnection, _ session: SDLSession
    ) async {
        await withDiscardingTaskGroup { group in
            group.addTask { await manager.run() }
            group.addTask {
                for await status in await session.hmiStatusUpdates() {
                    await manager.hmiLevelChanged(status.hmiLevel)
                }
            }
        }
    }

    /// Cancels the manager and its feeders and waits for them. The audio service is left as it is (the session's
    /// own `stop()` ends everything); call `manager.stopStreaming()` first to end it politely.
    /// With ``run()``, cancel the calling task instead.
    public func stop() async {
        guard case .running(let task) = state else {
            if case .idle = state { state = .stopped }
            return
        }
        state = .stopped
        task.cancel()
        await task.value
    }
}

extension SessionAudioStream where C == ContinuousClock {
    /// Wires a manager to `session`, paced by the continuous clock.
    public init(
        session: SDLSession,
        settings: AudioStreamingSettings = AudioStreamingSettings(),
        logger: Logger = Logger(label: "carwindow.audio")
    ) async throws(MediaStreamingError) {
        try await self.init(session: session, clock: ContinuousClock(), settings: settings, logger: logger)
    }
}
