public import Logging
import NIOConcurrencyHelpers
import NIOCore
import SDLAudio
import SDLMedia
import SDLRPC
public import SDLSession
public import SDLStreaming
import SDLWire

/// One projection into a head unit, whatever draws the frames: it connects and registers, follows the video
/// lifecycle, plays audio beside the video, turns the driver's touches into view points, reports everything as
/// ``ProjectionEvent``s and shuts down within a bound. A ``ProjectionSource`` only supplies frames, touches' effects
/// and haptic rects.
///
/// It is the one object an app runs, whatever the source: CarWindow's view tree (`WindowSource`), an X11 or
/// Wayland program, a test pattern or a video file. `carwindow stream` (every `--source`), `carwindow demo` and
/// `carwindow project` all run on it, so an option, an event or an error means the same on every path.
///
/// Two ways to run it: ``start(source:)`` connects, then runs the source in a task the projection owns until
/// ``stop()``; ``run(source:)`` runs it in the caller's task until ``stop()`` or a failure.
///
/// ```text
///  run(source:) ─ one task group, one owner per job ───────────────────────────────────────────────
///   manager.run()             control and frame paths (SDLStreaming)
///   SessionVideoDriver        registration, HMI statuses, capabilities ─▶ manager
///   audio (with audioFile)    SessionAudioStream.run(), the file pushed and played
///   event relays              HMI statuses, video and audio events ─▶ events(); a fatal video error ─▶ outcome
///   touches                   OnTouchEvent ─▶ TouchConverter (Core's copy dropped, ÷ scale) ─▶ .touch + source.received
///                             ─▶ the one GestureRecognizer (ticked at the frame rate) ─▶ .gesture + source.received
///   source.run(in:)           frames ─▶ manager.send, haptic rects ─▶ SendHapticData
///   connection watch          the session closing under us ─▶ outcome (connectionLost)
///   stop()                    ─▶ outcome (finished)
///  the first outcome decides: EndService (bounded by shutdownWait), UnregisterAppInterface, close.
///  connectionLost under .reconnect: reconnecting events and backoff, a new session and manager registered with
///  the last hashID, then the group again with the same source; gaveUp when the policy's attempts are spent.
///  Every one of these steps, and stop() in each of them, is decided by ``ProjectionRunMachine`` (pure) and
///  executed in Projection+Lifecycle.swift; the waits run on an injected clock.
/// ```
///
/// ```swift
/// let projection = Projection(
///     options: ProjectionOptions(app: AppConfiguration(appName: "Pattern", appID: "swiftsdl-nav")),
///     transport: TCPTransport(host: "127.0.0.1", port: 12345))
/// let events = await projection.events()
/// Task { for await event in events { print(event.records) } }
/// try await projection.start(source: PacedFrameSource(name: "grey") { Grey() })   // connected, registered
/// // ...
/// try await projection.stop()
/// ```
public actor Projection {
    /// The video manager every projection runs: openh264 through SDLMedia, on the continuous clock.
    public typealias VideoManager = VideoStreamManager<MediaEncoderFactory, ContinuousClock>

    public nonisolated let options: ProjectionOptions
    /// The current connection's SDL session: HMI status, capability and notification streams are there for the
    /// app too. After a reconnection (``ProjectionOptions/DisconnectPolicy/reconnect(_:)``) this is a new session:
    /// streams taken from the old one have ended.
    public nonisolated var session: SDLSession { current.withLockedValue { $0.session } }
    /// The current connection's video manager: `events()`, `status` and `statistics` are there for monitors. A
    /// reconnection brings a new one, like ``session``.
    public nonisolated var videoManager: VideoManager { current.withLockedValue { $0.videoManager } }
    let logger: Logger
    /// Names the head unit in connection errors: `HOST:PORT` for TCP.
    let endpoint: String
    /// What the transport is, for the `registered` event.
    let transportKind: TransportKind
    /// Builds the session and video manager of one connection: the first, and each reconnection's.
    let makeConnection: @Sendable (AppConfiguration) -> Connection
    /// The connection the run is on; swapped only by a reconnection, read from any task by the accessors.
    let current: NIOLockedValueBox<Connection>

    /// One connection's session and the video manager that streams over it.
    struct Connection: Sendable {
        let session: SDLSession
        let videoManager: VideoManager
    }

    /// Decides every step of the run's lifecycle; this actor only executes its actions.
    var machine: ProjectionRunMachine
    /// The backoff and shutdown waits run on it: a test drives them with a manual clock.
    let clock: any Clock<Duration>
    /// Paces the audio: the continuous clock, or a manual one that plays a long file in a test without its length
    /// in real time.
    let audioClock: ElapsedClock
    /// Set by ``stop()``: a wait or run group that has not started yet ends at once.
    var stopCalled = false
    /// The run ``start(source:)`` began, owned here; its value is the failure that ended it, `nil` for a clean end.
    private var startedRun: Task<ProjectionFailure?, Never>?
    /// Whether ``start(source:)`` or ``run(source:)`` was called: each projection runs once.
    private var runCalled = false
    /// Whether a ``stop()`` already waited for the started run's end and threw what it had to.
    private var stopReportedFailure = false
    /// The session a `connect` action is starting, closed by a stop that comes meanwhile.
    var attempting: Connection?
    /// Wakes a reconnection's backoff wait early (``stop()``).
    var backoffWake: AsyncStream<Void>.Continuation?
    private let subscribers = Broadcast<ProjectionEvent>(replaysCurrent: false, buffering: .bufferingNewest(1024))
    var stopRequest: AsyncStream<Outcome>.Continuation?
    /// What the last connection's audio had not sent when it ended: the next connection plays this instead of the
    /// file from its start. `nil` until a connection with audio ended.
    var unsentAudio: ByteBuffer?
    /// Whether this connection's audio manager holds the audio yet (its push is done): before that, what it has
    /// not sent says nothing about the file.
    private var audioQueued = false
    /// Video frames sent over every connection of the run so far (``ProjectionOptions/requiresVideo``).
    private var framesStreamed = 0
    /// What the run saw that explains an empty one: the main window's last HMI level, whether a video stream ever
    /// started (then the run streamed), and the last error reported.
    private var lastHMILevel: HMILevel?
    private var videoEverStarted = false
    private var lastError: String?
    /// The touches between the notification reader and the touch task: converted and coalesced on the reader's
    /// side, so a flood never stalls the reader (one per run; emptied for each connection).
    private let touchInbox = NIOLockedValueBox(TouchInbox())
    /// The run's one recognizer: every source's gestures, and every `gesture` event, come from it.
    private var recognizer: GestureRecognizer<ElapsedInstant>
    /// The recognizer's time (double-tap window, frame ticks): `clock`'s, so a test drives it with a manual clock.
    private let now: @Sendable () -> ElapsedInstant

    typealias Outcome = ProjectionRunMachine.Outcome

    /// Creates a stopped projection that will reach the head unit through `transport`.
    ///
    /// - Parameters:
    ///   - options: the registration, video and audio preferences, and the disconnect policy.
    ///   - transport: TCP or WebSocket to SDL Core or the emulator, or in-memory for tests.
    ///   - encoderFactory: the encoder settings beyond what the head unit negotiates, and the frames shown while the
    ///     app is in the background.
    ///   - logger: the video manager's logger.
    public init(
        options: ProjectionOptions, transport: some SDLTransport,
        encoderFactory: MediaEncoderFactory = MediaEncoderFactory(), logger: Logger = Logger(label: "carwindow.video")
    ) {
        let endpoint =
            (transport as? TCPTransport).map { "\($0.host):\($0.port)" }
            ?? (transport as? WebSocketTransport).map(\.url.description)
            ?? (transport as? WebSocketServerTransport).map { "\($0.url) (listening)" }
            ?? (transport as? any CustomStringConvertible)?.description
        self.init(
            options: options, transport: transport, encoderFactory: encoderFactory, logger: logger,
            endpoint: endpoint ?? "the head unit", clock: ContinuousClock())
    }

    /// Creates a stopped projection that will connect over TCP to SDL Core (or the emulator) at `host:port`.
    ///
    /// ```swift
    /// let projection = Projection(options: options, host: "192.168.1.20", port: 12345)
    /// ```
    public init(
        options: ProjectionOptions, host: String, port: Int,
        encoderFactory: MediaEncoderFactory = MediaEncoderFactory(), logger: Logger = Logger(label: "carwindow.video")
    ) {
        self.init(
            options: options, transport: TCPTransport(host: host, port: port), encoderFactory: encoderFactory,
            logger: logger, endpoint: "\(host):\(port)", clock: ContinuousClock())
    }

    /// `clock` times the reconnection backoff and the shutdown's wait for the video's end; `audioClock` paces the
    /// audio.
    init(
        options: ProjectionOptions, transport: some SDLTransport, encoderFactory: MediaEncoderFactory, logger: Logger,
        endpoint: String, clock: any Clock<Duration>, audioClock: any Clock<Duration> = ContinuousClock()
    ) {
        self.options = options
        self.clock = clock
        self.audioClock = ElapsedClock(audioClock)
        now = ElapsedInstant.reader(of: clock)
        machine = ProjectionRunMachine(policy: options.disconnectPolicy.reconnectPolicy)
        self.logger = logger
        self.endpoint = endpoint
        transportKind = transport.kind
        recognizer = GestureRecognizer(configuration: options.gestures)
        let video = options.video
        makeConnection = { app in
            let session = SDLSession(configuration: app, transport: transport)
            let manager = VideoStreamManager(
                settings: video, connection: SessionVideoServiceConnection(session: session),
                encoderFactory: encoderFactory, clock: ContinuousClock(), logger: logger)
            return Connection(session: session, videoManager: manager)
        }
        current = NIOLockedValueBox(makeConnection(options.app))
    }

    /// A new stream of the run's events from now on, in order. Each call returns an independent stream that keeps
    /// the newest 1024 events for a slow reader, and tells it what it lost with ``ProjectionEvent/eventsDropped(count:)``
    /// once it catches up; all end when the run ends.
    public func events() -> AsyncStream<ProjectionEvent> {
        subscribers.subscribe(dropMarker: { .eventsDropped(count: $0) })
    }

    /// Connects and registers. ``run(source:)`` does this itself when it has not been done; call it first to learn
    /// of a refused connection or registration before handing the run to a task.
    ///
    /// With ``ProjectionOptions/DisconnectPolicy/reconnect(_:)`` a first connection that fails (refused, timed
    /// out, a head unit that never answers) is retried like a lost one: `reconnecting` events, then `gaveUp` when
    /// the policy's attempts are spent. A refused registration is an answer, not a lost link: it is not retried.
    ///
    /// - Throws: ``ProjectionFailure`` `connectFailed`, `registrationRefused` or `gaveUp`; `invalidState` when
    ///   already done, or when ``stop()`` came while retrying.
    public func connect() async throws(ProjectionFailure) {
        switch await drive(.connect, source: nil) {
        case .connected:
            return
        case .refused(let failure):
            throw failure
        case .stoppedBeforeConnecting, .ended(.finished):
            finishSubscribers()
            throw ProjectionFailure(.invalidState, "stop() came while connecting")
        case .ended(.failed(let failure)):
            // Every failed connect or registration is the last event, as a failed run's is (the `--events` log's
            // `error` line).
            yield(.error(failure, source: nil))
            finishSubscribers()
            throw failure
        }
    }

    func reportRegistration(of session: SDLSession) async {
        if let registration = await session.registration {
            yield(
                .registered(
                    appID: options.app.appID, appName: options.app.appName,
                    resultCode: registration.resultCode.rawValue, transport: transportKind,
                    authToken: await session.parameters?.authToken))
        }
    }

    /// Runs the projection with `source` until ``stop()`` is called or something ends it, then shuts down: ends the
    /// video (and audio) service, unregisters and closes. Connects first if ``connect()`` was not called.
    ///
    /// - Throws: ``ProjectionFailure``: the connection or registration failed, the connection was lost, the video
    ///   could not be negotiated, the audio could not be set up, or the source failed. The failure is also the last
    ///   event (`error`).
    public func run(source: some ProjectionSource) async throws(ProjectionFailure) {
        guard !runCalled else { throw ProjectionFailure(.invalidState, "the projection already ran: it runs once") }
        runCalled = true
        var result: Outcome
        switch await drive(.run, source: source) {
        case .refused(let failure):
            throw failure
        case .stoppedBeforeConnecting:
            finishSubscribers()
            throw ProjectionFailure(.invalidState, "stop() came while connecting")
        case .connected:
            // The machine completes a run only when it ends.
            result = .finished
        case .ended(let outcome):
            result = outcome
        }
        // A stream the head unit accepted counts: a stop that comes before its first frame is out (a Ctrl-C, a
        // short --duration on a loaded machine) is the user's choice, not a head unit that let nothing through.
        if case .finished = result, options.requiresVideo, !videoEverStarted, framesStreamed == 0 {
            result = .failed(ProjectionFailure(.nothingStreamed, "no video was streamed: \(whyNothingStreamed())"))
        }
        if case .failed(let failure) = result {
            yield(.error(failure, source: nil))
            finishSubscribers()
            throw failure
        }
        finishSubscribers()
    }

    /// Connects and registers, then runs `source` in a task the projection owns until ``stop()`` or a failure: the
    /// video stream starts on its own once the head unit allows it (HMI level FULL or LIMITED, streamable) and
    /// restarts at every new size. A failure while running ends the run with an `error` event (the last);
    /// ``state`` is then ``ProjectionState/disconnected``. Under ``ProjectionOptions/DisconnectPolicy/reconnect(_:)``
    /// a lost connection is followed by a new one with the same source instead.
    ///
    /// ```swift
    /// try await projection.start(source: PacedFrameSource(name: "grey") { Grey() })
    /// ```
    ///
    /// - Throws: ``ProjectionFailure`` `connectFailed` when the head unit cannot be reached (`gaveUp` when a
    ///   reconnect policy retried it), `registrationRefused` when it refused the app, each with the session's error
    ///   as `underlying`; `invalidState` when the projection already ran or ``stop()`` came while connecting.
    ///   Called after ``connect()``, it only starts the run.
    public func start(source: some ProjectionSource) async throws(ProjectionFailure) {
        guard !runCalled, startedRun == nil else {
            throw ProjectionFailure(.invalidState, "start(source:) called on a projection that already ran")
        }
        // A caller that connected first (to learn of a refusal early) goes straight to the run.
        if machine.state != .connected { try await connect() }
        startedRun = Task {
            do throws(ProjectionFailure) {
                try await self.run(source: source)
                return nil
            } catch {
                return error
            }
        }
    }

    /// Ends the run cleanly: the video (and audio) service ends, the app unregisters and the connection closes;
    /// ``run(source:)`` returns, and every event stream ends. Before a run it only closes the session; after the
    /// end it does nothing. Safe to call more than once.
    ///
    /// - Throws: ``ProjectionFailure/Kind/nothingStreamed`` when ``start(source:)`` began the run,
    ///   ``ProjectionOptions/requiresVideo`` is set and no video stream ever started (the reason in its message: the
    ///   head unit never activated the app, never answered the video StartService, ...), so a timed run that
    ///   streamed nothing does not end as a clean one. Everything is stopped anyway. Other failures ended the run
    ///   earlier as its last `error` event. A caller of ``run(source:)`` gets every failure from that call instead.
    ///   Only the first `stop()` throws.
    public func stop() async throws(ProjectionFailure) {
        stopCalled = true
        for action in machine.handle(.stop) {
            if case .complete = action {
                // Nothing waits for the machine (idle, or connected before run): the run ends here.
                finishSubscribers()
            } else {
                _ = await perform(action)
            }
        }
        guard let startedRun else { return }
        let failure = await startedRun.value
        // Said once: a second stop() has nothing to add.
        guard !stopReportedFailure else { return }
        stopReportedFailure = true
        if let failure, failure.kind == .nothingStreamed { throw failure }
    }

    /// Where the projection is in the life of a video stream, derived now from the current session's connection
    /// state and HMI status and the video manager's state (``ProjectionState/init(connection:hmi:video:)``).
    ///
    /// ```swift
    /// if await projection.state == .streaming { print("on the car's screen") }
    /// ```
    public var state: ProjectionState {
        get async {
            let session = self.session
            let manager = videoManager
            return ProjectionState(
                connection: await session.state, hmi: await session.hmiStatus, video: await manager.status.state)
        }
    }

    /// Sets the app's own state (foreground, background): a backgrounded app's stream is suspended and shows the
    /// "open the app" frames.
    public func setAppState(_ state: AppState) async {
        await videoManager.setAppState(state)
    }

    // MARK: - The run

    func runGroup(
        source: some ProjectionSource, outcome: AsyncStream<Outcome>.Continuation, outcomes: AsyncStream<Outcome>
    ) async -> Outcome {
        let manager = videoManager
        let session = self.session
        // Subscribe before anything runs, so no event is missed.
        let managerEvents = await manager.events()
        let sourceEvents = await manager.events()
        let statuses = await session.hmiStatusUpdates()
        var buttonStatuses: AsyncStream<HMIStatus>?
        if !options.buttons.isEmpty { buttonStatuses = await session.hmiStatusUpdates() }
        let notifications = await session.notifications()
        // The source's copy of the other notifications, relayed from the one subscription and bounded: a source that
        // never reads them (a paced test pattern) must not grow memory with every OnTouchEvent of a long run.
        let (sourceNotifications, sourceNotification) = AsyncStream.makeStream(
            of: RPCNotificationMessage.self, bufferingPolicy: .bufferingNewest(256))
        let connection = await session.connectionStateUpdates()
        let audio: SessionAudioStream<ElapsedClock>?
        do {
            audio = try await makeAudio()
        } catch {
            return .failed(error)
        }
        let audioEvents = await audio?.manager.events()
        let context = ProjectionContext(
            session: session, videoManager: manager, videoEvents: sourceEvents, notifications: sourceNotifications,
            reportsFrameTimings: options.reportsFrameTimings,
            reporter: { [weak self] event in await self?.yield(event) })
        let driver = SessionVideoDriver(session: session, capabilityWait: options.capabilityWait)
        let audioFile = options.audioFile
        // After a reconnection the audio goes on where it was: the previous connection's unsent rest, maybe empty.
        let resumedAudio = unsentAudio
        audioQueued = false
        // The relay says when it has passed on the manager's `.stopped`, so shutdown waits for the event to be out.
        let (stops, stopped) = AsyncStream.makeStream(of: Void.self)
        // One ordered path for touches, frame ticks and cancels, so a source gets a touch, then what the recognizer
        // made of it, and never a tick's gesture between the two. The inbox is bounded and coalesces a flood of
        // moves; the doorbell only says that something waits.
        let inbox = touchInbox
        inbox.withLockedValue { $0 = TouchInbox() }
        let (doorbell, ring) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        // Buttons reach the source in order, off the notification loop, bounded; one dropped is reported.
        let (buttonInputs, buttonInput) = AsyncStream.makeStream(
            of: ProjectionButton.self, bufferingPolicy: .bufferingNewest(256))
        // Gestures in progress belonged to the previous connection.
        recognizer = GestureRecognizer(configuration: options.gestures)
        let tickInterval = Duration.seconds(1) / max(1, options.video.customFrameRate ?? 30)

        return await withDiscardingTaskGroup { group in
            group.addTask { await manager.run() }
            group.addTask { await driver.run(feeding: manager) }
            if let audio, let audioEvents, let audioFile {
                group.addTask { await audio.run() }
                group.addTask {
                    for await event in audioEvents { await self.yield(.audio(event)) }
                }
                group.addTask {
                    // A file that cannot be played is reported; the video carries on.
                    do {
                        if let resumedAudio {
                            if resumedAudio.readableBytes > 0 { _ = try await audio.manager.push(resumedAudio) }
                        } else {
                            _ = try await audio.manager.push(file: audioFile)
                        }
                        await self.setAudioQueued()
                        await audio.manager.play()
                    } catch {
                        let failure = ProjectionFailure(.audioFailed, "\(error)", underlying: error)
                        await self.yield(.error(failure, source: .audio))
                    }
                }
            }
            group.addTask {
                for await status in statuses { await self.yield(.hmiStatus(status)) }
            }
            group.addTask {
                for await event in managerEvents {
                    await self.videoEvent(event)
                    if case .error(let error) = event, error.isFatal {
                        outcome.yield(
                            .failed(ProjectionFailure(.videoFailed, error.description, underlying: error)))
                    }
                    if case .stopped = event { stopped.yield() }
                    switch event {
                    case .touchesCancelled, .stopped:
                        inbox.withLockedValue { $0.pushCancel() }
                        ring.yield()
                    default: break
                    }
                }
            }
            group.addTask {
                // Held-back taps and synced pan and pinch moves come out at the frame rate, for every source.
                while !Task.isCancelled {
                    try? await self.clock.sleep(for: tickInterval)
                    inbox.withLockedValue { $0.pushTick() }
                    ring.yield()
                }
            }
            group.addTask {
                for await _ in doorbell {
                    while let (item, dropped) = inbox.withLockedValue({ $0.pop() }) {
                        if dropped > 0 {
                            let message =
                                "\(dropped) touches were dropped: \(TouchInbox.maximumItems) touches wait to be handled"
                            await self.yield(.error(ProjectionFailure(.inputDropped, message), source: .touch))
                        }
                        for action in await self.touchActions(for: item, source: source) {
                            await source.received(action)
                        }
                    }
                }
            }
            if let buttonStatuses {
                group.addTask { await self.subscribeButtons(on: session, after: buttonStatuses) }
            }
            group.addTask {
                for await button in buttonInputs { await source.received(button) }
            }
            group.addTask {
                for await notification in notifications {
                    switch notification.functionID {
                    case .onTouchEvent:
                        // Decoded and converted here, off the actor, so a flood of touches never holds up the reader.
                        if let refusal = Self.receiveTouch(notification, into: inbox) {
                            await self.yield(.error(refusal, source: .touch))
                        }
                        ring.yield()
                    case .onButtonEvent, .onButtonPress:
                        if let button = await self.button(from: notification),
                            case .dropped = buttonInput.yield(button)
                        {
                            let message = "a button event was dropped: 256 wait to be handled"
                            await self.yield(.error(ProjectionFailure(.inputDropped, message), source: .buttons))
                        }
                    case .onDriverDistraction:
                        await self.driverDistraction(notification)
                        sourceNotification.yield(notification)
                    default:
                        sourceNotification.yield(notification)
                    }
                }
                sourceNotification.finish()
            }
            group.addTask {
                do throws(ProjectionFailure) {
                    try await source.run(in: context)
                    if !Task.isCancelled {
                        outcome.yield(.failed(ProjectionFailure(.sourceFailed, "the source ended")))
                    }
                } catch {
                    outcome.yield(.failed(error))
                }
            }
            group.addTask {
                for await state in connection {
                    guard case .closed(let error) = state else { continue }
                    // A close, a reset or a stream that ended inside a frame is the head unit's doing; any other
                    // error is the app's own verdict (a stall, bytes that break the protocol) on which the app
                    // closed the connection itself.
                    let message =
                        if let error, error.kind != .connectionClosed {
                            Self.headUnitClosed(error)
                                ? "the head unit closed the connection: \(error)"
                                : "the app closed the connection: \(error)"
                        } else {
                            "the head unit closed the connection"
                        }
                    outcome.yield(.failed(ProjectionFailure(.connectionLost, message, underlying: error)))
                }
            }
            var first = Outcome.finished
            for await next in outcomes {
                first = next
                break
            }
            if let audio, audioQueued {
                // Kept for a reconnection: the new connection plays on from here.
                unsentAudio = await audio.manager.unsentAudio()
            }
            await audio?.manager.stopStreaming()
            await shutDown(stops: stops)
            framesStreamed += await manager.statistics.framesSent
            ring.finish()
            buttonInput.finish()
            group.cancelAll()
            return first
        }
    }

    /// Whether the head unit ended the connection (a reset, a stream that stopped inside a frame), rather than the
    /// app on an error it found.
    static func headUnitClosed(_ error: SDLSessionError) -> Bool {
        switch error.kind {
        case .connectionClosed, .connectionFailed: return true
        case .wire(let wire):
            if case .truncatedFrame = wire.kind { return true }
            return false
        default: return false
        }
    }

    private func setAudioQueued() { audioQueued = true }

    private func makeAudio() async throws(ProjectionFailure) -> SessionAudioStream<ElapsedClock>? {
        guard options.audioFile != nil else { return nil }
        var quiet = logger
        quiet.logLevel = max(logger.logLevel, .error)
        do {
            return try await SessionAudioStream(session: session, clock: audioClock, logger: quiet)
        } catch {
            throw ProjectionFailure(.audioFailed, "cannot set up audio: \(error)", underlying: error)
        }
    }

    /// Ends the video service (waiting at most `shutdownWait` for its answer and its `videoStopped` event), then
    /// unregisters and closes.
    private func shutDown(stops: AsyncStream<Void>) async {
        await videoManager.stop()
        if await videoManager.status.state != .stopped {
            let wait = options.shutdownWait
            await Self.firstSignal(of: stops, orAfter: wait, on: clock)
        }
        try? await session.stop()
    }

    // MARK: - Events and touches

    private func videoEvent(_ event: VideoStreamEvent) async {
        switch event {
        case .started(let stream):
            touchInbox.withLockedValue { $0.restart(scale: stream.scale.factor) }
            if options.video.requestsEncryption, !stream.isEncrypted {
                // Only a fall-back policy gets here: a required protection that failed ends the run instead.
                yield(.video(event))
                var message = "the video is not protected: it streams in the clear"
                if let why = await session.unprotectedReason(for: .video) { message += " (\(why))" }
                yield(.error(ProjectionFailure(.unprotected, message), source: .video))
                return
            }
        default:
            break
        }
        yield(.video(event))
    }

    private func driverDistraction(_ notification: RPCNotificationMessage) {
        do {
            let state = try notification.decode(OnDriverDistraction.self).state
            yield(.driverDistraction(on: state == .ddOn))
        } catch {
            let message = "an OnDriverDistraction that does not decode: \(error)"
            yield(.error(ProjectionFailure(.malformedNotification, message, underlying: error), source: .session))
        }
    }

    /// Decodes a touch notification and queues it in `inbox` (Core's duplicate dropped, scaled to view points).
    /// - Returns: why it was refused, for the log; `nil` when it was queued, dropped as a duplicate, or dropped and
    ///   counted by a full inbox.
    private static func receiveTouch(
        _ notification: RPCNotificationMessage, into inbox: NIOLockedValueBox<TouchInbox>
    ) -> ProjectionFailure? {
        let event: OnTouchEvent
        do {
            event = try notification.decode(OnTouchEvent.self)
        } catch {
            return ProjectionFailure(
                .malformedNotification, "an OnTouchEvent that does not decode: \(error)", underlying: error)
        }
        return inbox.withLockedValue { inbox -> ProjectionFailure? in
            do {
                try inbox.push(event)
                return nil
            } catch {
                return ProjectionFailure(
                    .malformedNotification, "an OnTouchEvent that is not a touch: \(error)", underlying: error)
            }
        }
    }

    /// Handles one touch input: a touch is reported and handed to `source`, then fed to the recognizer
    /// (asking `source` whether a tap ending on it is reported at once); the gestures it makes are reported.
    /// Returns what the recognizer asks the source to do, in order.
    private func touchActions(for input: TouchInbox.Item, source: some ProjectionSource) async -> [TouchAction] {
        let actions: [TouchAction]
        switch input {
        case .touch(let touch):
            yield(.touch(touch))
            await source.received(touch)
            var immediate: Set<Point> = []
            if touch.type == .end {
                for finger in touch.fingers {
                    if let point = finger.path.last, await source.isImmediateTap(at: point) { immediate.insert(point) }
                }
            }
            actions = recognizer.handle(touch, now: now(), isImmediateTap: { immediate.contains($0) })
        case .tick:
            actions = recognizer.frameTick(now: now())
        case .cancel:
            actions = recognizer.cancelPendingGestures()
        }
        for case .gesture(let gesture) in actions { yield(.gesture(gesture)) }
        return actions
    }

    func yield(_ event: ProjectionEvent) {
        switch event {
        case .hmiStatus(let status): lastHMILevel = status.hmiLevel
        case .video(.started): videoEverStarted = true
        case .error(let failure, _): lastError = failure.message
        default: break
        }
        subscribers.send(event)
    }

    /// Why a run sent no frame, from what it saw: the last error first, else the HMI level or the service.
    private func whyNothingStreamed() -> String {
        if let lastError { return lastError }
        switch lastHMILevel {
        case .full?, .limited?:
            return "the head unit activated the app but the video service never started"
        case let level?:
            return "the head unit never activated the app (HMI level \(level.rawValue))"
        case nil:
            return "the head unit sent no HMI status: the app was never activated"
        }
    }

    private func finishSubscribers() {
        subscribers.finish()
    }
}
