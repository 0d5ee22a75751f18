public import Logging
import SDLMedia
public import SDLProjection
import SDLRPC
public import SDLSession
public import SDLStreaming

/// Projects a view tree into a car: the one object an app creates to connect to a head unit, stream its screen as
/// H.264, and take touches back.
///
/// The projection is the view tree's `ProjectionSource` on SDLProjection's `StreamingSession`, which owns the
/// session, the video lifecycle, audio, touches and the event log, the same for every kind of source:
///
/// ```text
///   StreamingSession: SDLSession ─▶ SessionVideoDriver ─▶ VideoStreamManager ◀── FramePump ◀── Window ◀── rootView
///       │  OnTouchEvent (de-duplicated, ÷ scale) ──────────────────────────────────▶ Window (gestures)
///       ◀── SendHapticData ◀── HapticDebouncer ◀── FocusableItemLocator (× scale)
///   manager events: started/resized ──▶ window resized, then a new pump at the negotiated frame rate
///                   suspended ──▶ gestures in progress cancelled       stopped ──▶ pump cancelled
/// ```
///
/// **One executor.** The projection, its window and views, the pump's ticks, touch handling and every event it
/// yields run on ``CarWindowActor``. Long-lived work runs in tasks the projection owns and cancels in ``stop()``:
/// one for the session, manager and notification loops, and one per video stream for the frame pump; there is no
/// task per frame or per touch.
///
/// ```swift
/// let projection = try CarWindowProjection(
///     app: AppConfiguration(appName: "Maps", appID: "swiftsdl-nav"), host: "127.0.0.1", port: 12345)
/// let screen = NavigationScreen()
/// try screen.install(in: projection.window)          // or: projection.rootView = myView
/// let events = await projection.events()
/// try await projection.start()
/// for await event in events {
///     if case .video(.started) = event, await projection.state == .streaming { print("on the car's screen") }
/// }
/// try await projection.stop()
/// ```
@CarWindowActor
public final class CarWindowProjection {
    /// The video manager type the projection runs: openh264 through SDLMedia, on the continuous clock.
    public typealias VideoManager = StreamingSession.VideoManager

    /// The screen: set ``rootView`` (and ``compactRootView``) or configure it directly.
    public let window: Window
    public let settings: CarWindowSettings
    /// The run the projection is the source of: its `events()` are the projection's (``events()``).
    public let streaming: StreamingSession
    /// The head unit's keyboard, the window's ``Window/keyboardPresenter``.
    let keyboard: HeadUnitKeyboard
    /// Why the head unit refused `headLampStatus` (for example "DISALLOWED ..." by policy), when it did: the
    /// theme then stays the app's choice.
    public internal(set) var headLampStatusRefusal: String?
    /// The SDL session; its HMI status, capability and notification streams are there for the app too.
    public nonisolated var session: SDLSession { streaming.session }
    /// The video stream's manager; its `events()` and `statistics` are there for monitors.
    public nonisolated var videoManager: VideoManager { streaming.videoManager }
    /// The capabilities of the stream being shown, once one started.
    public internal(set) var capabilities: DisplayMetrics?
    /// The pump of the current stream (a new one per stream, at its frame rate); `nil` while not streaming.
    public internal(set) var pump: FramePump?

    /// The pump settings of the open stream, to start a pump again when a suspended stream resumes.
    var streamConfiguration: StreamingConfiguration?
    /// The run's context while the projection is its source: haptic rects and gestures go through it.
    var context: ProjectionContext?
    private var phase: Phase = .idle
    /// The run; its value is how it failed, `nil` when it ended well.
    private var running: Task<ProjectionFailure?, Never>?
    var streamingTask: Task<Void, Never>?
    /// Where the projection's own errors go when no run is there to report them (a pump that fails as it ends).
    let logger: Logger
    /// The theme's switches, in order, for the run's `appearance` events (the source relays them while it runs).
    let appearances = Broadcast<Appearance>(replaysCurrent: false, buffering: .bufferingNewest(16))

    private enum Phase { case idle, starting, running, stopped }

    /// Creates a stopped projection of `app` with the default settings (``CarWindowSettings/init(app:)``) that will
    /// reach the head unit through `transport`.
    ///
    /// - Parameters:
    ///   - app: the app's registration (name, id, type: navigation or projection) and session timeouts.
    ///   - transport: how to reach the head unit (TCP, in-memory for tests).
    /// - Throws: ``CarWindowError`` when the initial resolution or the window configuration is invalid.
    public convenience init(app: AppConfiguration, transport: some SDLTransport) throws(CarWindowError) {
        try self.init(settings: CarWindowSettings(app: app), transport: transport)
    }

    /// Creates a stopped projection with `settings`: the run's options (registration, video preferences, audio
    /// beside the video, buttons, gestures, the disconnect policy) in `settings.projection`, CarWindow's own around
    /// them.
    ///
    /// ```swift
    /// var settings = CarWindowSettings(app: app)
    /// settings.projection.video.dataSource = PreferredFormat(first: .h264RTP)
    /// settings.projection.audioFile = "welcome.wav"
    /// let projection = try CarWindowProjection(settings: settings, transport: TCPTransport(host: host, port: port))
    /// ```
    ///
    /// - Parameter logger: the video manager's logger (its lifecycle at info, errors at error).
    /// - Throws: ``CarWindowError`` when the initial resolution or the window configuration is invalid.
    public init(
        settings: CarWindowSettings, transport: some SDLTransport, logger: Logger = Logger(label: "carwindow.video")
    ) throws(CarWindowError) {
        self.settings = settings
        self.logger = logger
        let initial = try DisplayMetrics(resolution: settings.initialResolution)
        window = try Window(capabilities: initial, configuration: settings.window)
        // The run recognizes the touches with these; a touch fed to the window directly is read the same way.
        window.gestures = settings.projection.gestures
        let renderer = settings.messageRenderer
        let factory = MediaEncoderFactory(
            baseSettings: settings.streaming.applied(to: EncoderSettings(width: 16, height: 16)),
            backgroundFrame: { message, size in
                renderer.frame(message: message, width: size.width, height: size.height)
            })
        streaming = StreamingSession(
            options: settings.projection, transport: transport, encoderFactory: factory, logger: logger)
        keyboard = HeadUnitKeyboard(streaming: streaming)
        window.keyboardPresenter = keyboard
    }

    /// Creates a stopped projection of `app` with the default settings that will connect over TCP to SDL Core (or
    /// the emulator) at `host:port`.
    ///
    /// ```swift
    /// let projection = try CarWindowProjection(app: app, host: "192.168.1.20", port: 12345)
    /// ```
    public convenience init(app: AppConfiguration, host: String, port: Int) throws(CarWindowError) {
        try self.init(settings: CarWindowSettings(app: app), host: host, port: port)
    }

    /// Creates a stopped projection with `settings` that will connect over TCP to SDL Core (or the emulator) at
    /// `host:port`.
    ///
    /// ```swift
    /// var settings = CarWindowSettings(app: app)
    /// settings.openAppMessage = "Open Maps on your phone"
    /// let projection = try CarWindowProjection(settings: settings, host: "192.168.1.20", port: 12345)
    /// ```
    public convenience init(settings: CarWindowSettings, host: String, port: Int) throws(CarWindowError) {
        try self.init(settings: settings, transport: TCPTransport(host: host, port: port))
    }

    /// The screen's content; swapping it at any time lays the new tree out, redraws it and sends its haptic rects.
    public var rootView: View? {
        get { window.rootView }
        set { window.rootView = newValue }
    }

    /// The content for small viewports (picture-in-picture), below `settings.window.compactThreshold`.
    public var compactRootView: View? {
        get { window.compactRootView }
        set { window.compactRootView = newValue }
    }

    /// The projection as a `ProjectionSource`, for running it on its ``streaming`` session yourself (as
    /// `carwindow stream` does) instead of through ``start()``:
    ///
    /// ```swift
    /// try await projection.streaming.run(source: projection.source)   // until streaming.stop() or a failure
    /// ```
    public nonisolated var source: CarWindowProjectionSource { CarWindowProjectionSource(projection: self) }

    /// A new stream of the projection's events from now on, in order: the run's `ProjectionEvent`s (HMI statuses,
    /// video events, touches, gestures, haptic rects, driver distraction, appearance) with the projection's own
    /// errors among them, the one stream the `--events` log writes. Each call returns an independent stream that
    /// keeps the newest 1024 events for a slow reader; all end when the run ends (``stop()``, or a failure: then the
    /// last event is its `error`). ``state`` says where the projection is after any of them.
    ///
    /// ```swift
    /// for await event in await projection.events() {
    ///     if case .error(let failure, _) = event { print("\(failure.kind): \(failure)") }
    /// }
    /// ```
    public nonisolated func events() async -> AsyncStream<ProjectionEvent> {
        await streaming.events()
    }

    /// Where the projection is in the life of a video stream, derived now from the session's connection state and
    /// HMI status and the video manager's state (``CarWindowState/init(connection:hmi:video:)``).
    public var state: CarWindowState {
        get async {
            let session = self.session
            let manager = videoManager
            return CarWindowState(
                connection: await session.state, hmi: await session.hmiStatus, video: await manager.status.state)
        }
    }

    /// Connects, registers the app and starts following the head unit: the video stream starts on its own once
    /// the head unit allows it (HMI level FULL or LIMITED, streamable), and restarts at every new size. The run
    /// goes on in a task the projection owns until ``stop()``; a lost connection or a video error nothing can fix
    /// ends it with an `error` event (`ProjectionEvent.error(_:source:)`, the last) and the state
    /// ``CarWindowState/disconnected``. With
    /// `options.disconnectPolicy = .reconnect(...)` a lost connection is followed by a new one instead: the window
    /// and view tree stay as they are and stream again at the head unit's new size.
    ///
    /// - Throws: ``CarWindowError/Kind/connectFailed`` when the head unit cannot be reached (``CarWindowError/Kind/gaveUp``
    ///   when a reconnect policy retried it), ``CarWindowError/Kind/registrationRefused`` when it refused the app, each
    ///   with the session's error as ``CarWindowError/underlying``; ``CarWindowError/Kind/invalidState`` when called
    ///   twice or when ``stop()`` came while connecting.
    public func start() async throws(CarWindowError) {
        guard phase == .idle else { throw CarWindowError(.invalidState, "start() called while \(phase)") }
        phase = .starting
        do {
            try await streaming.connect()
        } catch {
            // The run's events ended with the failure as their last event.
            phase = .stopped
            throw CarWindowError(error)
        }
        guard phase == .starting else { return }  // stop() came while connecting
        phase = .running
        let streaming = self.streaming
        let source = self.source
        running = Task {
            do throws(ProjectionFailure) {
                try await streaming.run(source: source)
                return nil
            } catch {
                // The run's last event is the failure; a failure after stop() is the shutdown's (stop() says it).
                guard self.phase != .stopped else { return error }
                self.stopStreaming()
                return error
            }
        }
    }

    /// Ends the video service, unregisters and disconnects, then ends every task and event stream. Safe to call
    /// more than once.
    ///
    /// - Throws: ``CarWindowError/Kind/nothingStreamed`` when `options.requiresVideo` is set and no video stream
    ///   ever started (the reason in its message: the head unit never activated the app, never answered the video
    ///   StartService, ...), so a script's timed run that streamed nothing does not end as a clean one. Everything is
    ///   stopped anyway.
    public func stop() async throws(CarWindowError) {
        guard phase == .running || phase == .starting else {
            // Before start(), the run's stop only ends its event streams; after an end, it does nothing.
            if phase == .idle { await streaming.stop() }
            phase = .stopped
            return
        }
        phase = .stopped
        keyboard.cancel()
        // Let the frame in flight reach the manager before EndService, so no video follows it.
        let pumping = streamingTask
        stopStreaming()
        await pumping?.value
        await streaming.stop()
        let failure = await running?.value ?? nil
        running = nil
        if let failure, failure.kind == .nothingStreamed { throw CarWindowError(failure) }
    }

    /// Tells the video manager the app's own state (foreground, background, ...): a backgrounded app's stream is
    /// suspended and shows the "open the app" message.
    public func setAppState(_ appState: AppState) async {
        await streaming.setAppState(appState)
    }

    // MARK: Errors

    /// Reports an error of the projection's own (the window, the pump, a request or notification of its own) where
    /// it could not be thrown: as an `error` event of the run, in order with its other events.
    func report(_ failure: ProjectionFailure, source: ProjectionEvent.ErrorSource) async {
        guard let context else {
            // No run to tell: it ended (a pump failing as its stream ends, say); the log keeps it.
            logger.warning("projection error after its run", metadata: ["error": "\(failure)"])
            return
        }
        await context.report(.error(failure, source: source))
    }

    /// Reports an error of the window or its pump (a size it cannot take, a frame that failed to render): the stream
    /// of frames failed, the run goes on.
    func report(_ error: CarWindowError) async {
        await report(ProjectionFailure(.sourceFailed, "\(error)", underlying: error), source: .video)
    }
}
