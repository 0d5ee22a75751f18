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
/// let events = projection.events()
/// try await projection.start()
/// for await event in events {
///     if case .stateChanged(.streaming) = event { print("on the car's screen") }
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
    /// The run the projection is the source of: its `events()` carry every touch, gesture, haptic rect and video
    /// event in the one `--events` schema.
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
    /// Where the projection is in the life of a video stream.
    public private(set) var state: CarWindowState = .disconnected
    /// The capabilities of the stream being shown, once one started.
    public internal(set) var capabilities: DisplayMetrics?
    /// The pump of the current stream (a new one per stream, at its frame rate); `nil` while not streaming.
    public internal(set) var pump: FramePump?

    var hmiAllowsStreaming = false
    /// The pump settings of the open stream, to start a pump again when a suspended stream resumes.
    var streamConfiguration: StreamingConfiguration?
    /// The run's context while the projection is its source: haptic rects and gestures go through it.
    var context: ProjectionContext?
    private var phase: Phase = .idle
    /// The run; its value is how it failed, `nil` when it ended well.
    private var running: Task<ProjectionFailure?, Never>?
    var streamingTask: Task<Void, Never>?
    private let subscribers = Broadcast<CarWindowEvent>(replaysCurrent: false, buffering: .bufferingNewest(256))
    /// The theme's switches, in order, for the run's `appearance` events (the source relays them while it runs).
    let appearances = Broadcast<Appearance>(replaysCurrent: false, buffering: .bufferingNewest(16))

    private enum Phase { case idle, starting, running, stopped }

    /// Creates a stopped projection that will reach the head unit through `transport`.
    ///
    /// - Parameters:
    ///   - app: the app's registration (name, id, type: navigation or projection) and session timeouts.
    ///   - transport: how to reach the head unit (TCP, in-memory for tests).
    ///   - settings: frame rate, encoder usage, ranges, the "open the app" message, window configuration.
    /// - Throws: ``CarWindowError`` when the initial resolution or the window configuration is invalid.
    public convenience init(
        app: AppConfiguration, transport: some SDLTransport, settings: CarWindowSettings = CarWindowSettings()
    ) throws(CarWindowError) {
        try self.init(options: settings.projectionOptions(app: app), transport: transport, settings: settings)
    }

    /// Creates a stopped projection with every run option spelled out: the video preferences, audio beside the
    /// video, the disconnect policy. `options.video` and `options.capabilityWait` win over `settings`' own.
    ///
    /// ```swift
    /// var options = CarWindowSettings().projectionOptions(app: app)
    /// options.video.dataSource = PreferredFormat(first: .h264RTP)
    /// options.audioFile = "welcome.wav"
    /// let projection = try CarWindowProjection(options: options, transport: TCPTransport(host: host, port: port))
    /// ```
    ///
    /// - Parameter logger: the video manager's logger (its lifecycle at info, errors at error).
    public init(
        options: ProjectionOptions, transport: some SDLTransport, settings: CarWindowSettings = CarWindowSettings(),
        logger: Logger = Logger(label: "carwindow.video")
    ) throws(CarWindowError) {
        self.settings = settings
        let initial = try DisplayMetrics(resolution: settings.initialResolution)
        window = try Window(capabilities: initial, configuration: settings.window)
        let renderer = settings.messageRenderer
        let factory = MediaEncoderFactory(
            baseSettings: settings.streaming.applied(to: EncoderSettings(width: 16, height: 16)),
            backgroundFrame: { message, size in
                renderer.frame(message: message, width: size.width, height: size.height)
            })
        streaming = StreamingSession(options: options, transport: transport, encoderFactory: factory, logger: logger)
        keyboard = HeadUnitKeyboard(streaming: streaming)
        window.keyboardPresenter = keyboard
    }

    /// Creates a stopped projection that will connect over TCP to SDL Core (or the emulator) at `host:port`.
    ///
    /// ```swift
    /// let projection = try CarWindowProjection(app: app, host: "192.168.1.20", port: 12345)
    /// ```
    public convenience init(
        app: AppConfiguration, host: String, port: Int, settings: CarWindowSettings = CarWindowSettings()
    ) throws(CarWindowError) {
        try self.init(app: app, transport: TCPTransport(host: host, port: port), settings: settings)
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

    /// A new stream of ``CarWindowEvent``s from now on, yielded on ``CarWindowActor`` in order (state changes,
    /// capabilities, the window following driver distraction, errors; touches, gestures, haptic rects and appearance
    /// are the run's `ProjectionEvent`s on `streaming.events()`). Each call returns an independent stream that
    /// keeps the newest 256 events for a slow reader; all end when the projection stops.
    public func events() -> AsyncStream<CarWindowEvent> {
        subscribers.subscribe()
    }

    /// Connects, registers the app and starts following the head unit: the video stream starts on its own once
    /// the head unit allows it (HMI level FULL or LIMITED, streamable), and restarts at every new size. The run
    /// goes on in a task the projection owns until ``stop()``; a lost connection or a video error nothing can fix
    /// ends it with an ``CarWindowEvent/error(_:)`` and the state ``CarWindowState/disconnected``. With
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
            phase = .stopped
            finishSubscribers()
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
                // A failure after stop() is the shutdown's own business (stop() decides what to say), not news.
                guard self.phase != .stopped else { return error }
                self.report(CarWindowError(error))
                self.sessionClosed()
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
            phase = .stopped
            finishSubscribers()
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
        move(to: .disconnected)
        finishSubscribers()
        if let failure, failure.kind == .nothingStreamed { throw CarWindowError(failure) }
    }

    /// Tells the video manager the app's own state (foreground, background, ...): a backgrounded app's stream is
    /// suspended and shows the "open the app" message.
    public func setAppState(_ appState: AppState) async {
        await streaming.setAppState(appState)
    }

    // MARK: Events

    func yield(_ event: CarWindowEvent) {
        subscribers.send(event)
    }

    /// Reports an error that happened where it could not be thrown.
    func report(_ error: CarWindowError) {
        yield(.error(error))
    }

    /// Moves to `target` through the intermediate states ``CarWindowState/canMove(to:)`` requires, yielding each.
    func move(to target: CarWindowState) {
        while state != target {
            var next = target
            if !state.canMove(to: target) {
                next = state == .streaming ? .stopping : .readyForStreaming
                if next == state || !state.canMove(to: next) { next = target }
            }
            state = next
            yield(.stateChanged(next))
        }
    }

    private func finishSubscribers() {
        subscribers.finish()
    }
}
