public import Logging
import NIOCore
public import SDLRPC
import SDLSession

/// The audio stream of one SDL session: it opens the audio service while the HMI allows, plays queued PCM at the
/// head unit's pace, and reports each item's end.
///
/// Decisions about the service come from an ``AudioStreamStateMachine``; this actor executes its actions over
/// paths run by ``run()``:
///
/// ```
///  HMI status, answers ─▶ machine ─▶ actions ─┬─ control loop: StartService, EndService, EndServiceACK
///                                             ├─ start/stop playback
///                                             └─ events() subscribers
///  push / pushAndPlay / stop ─▶ queue ─▶ playback loop (one): pacer says when ─▶ chunk ─▶ connection.sendAudio
/// ```
///
/// There is one ordered send path: the playback loop takes a chunk, sends it, and sleeps on the injected clock
/// until the pacer allows the next. No task per chunk; a test drives it with a manual clock.
///
/// ```swift
/// let format = PCMFormat(capabilities: raiResponse.pcmStreamCapabilities, logger: logger)
/// let manager = AudioStreamManager(format: format, connection: sessionAdapter, clock: ContinuousClock())
/// async let running: Void = manager.run()
/// await manager.hmiStatusChanged(status)          // FULL or LIMITED starts the service
/// let prompt = try await manager.push(file: "turn-left.mp3")
/// await manager.play()
/// for await event in manager.events() {
///     if case .finished(prompt, _) = event { break }
/// }
/// ```
public actor AudioStreamManager<C: Clock> where C.Duration == Duration {
    enum ControlJob: Sendable {
        case startService(attempt: Int)
        case endService(attempt: Int)
        case acknowledgeEndService
    }

    /// The head unit's PCM format; everything pushed is converted to it.
    public nonisolated let format: PCMFormat
    public nonisolated let settings: AudioStreamingSettings

    var machine: AudioStreamStateMachine
    let connection: any AudioServiceConnection
    let clock: C
    let logger: Logger

    private let control: AsyncStream<ControlJob>
    private let controlContinuation: AsyncStream<ControlJob>.Continuation
    let wake: AsyncStream<Void>
    let wakeContinuation: AsyncStream<Void>.Continuation

    var queue = AudioPlaybackQueue()
    /// Whether queued items should play (``play()``) or wait (``stop()``).
    var isPlaying = false
    /// The unsent rest of the item the last service stop cut off, for ``unsentAudio()``; cleared when playback
    /// starts again.
    var cutOffRest: ByteBuffer?
    /// The open service, while playback may send.
    var stream: AudioStreamDescription?
    var pacer: AudioPacer<C.Instant>
    /// Items whose last chunk was sent, with the instant the head unit will have played it.
    var pendingCompletions: [(item: AudioItemID, at: C.Instant)] = []
    /// Sends that failed since the last success; only the first of a run is reported.
    var failedSends = 0

    private var hasRun = false
    private var deferredInputs: [AudioStreamInput] = []
    private var isHandling = false
    private let subscribers = Broadcast<AudioStreamEvent>(replaysCurrent: false, buffering: .bufferingNewest(256))

    /// Creates a stopped manager.
    ///
    /// - Parameters:
    ///   - format: the head unit's PCM format (``PCMFormat/init(capabilities:logger:)``).
    ///   - connection: the session adapter.
    ///   - clock: paces the audio (a manual clock in tests).
    ///   - settings: chunk size, lead, file length limit.
    ///   - logger: lifecycle changes and errors.
    public init(
        format: PCMFormat,
        connection: any AudioServiceConnection,
        clock: C,
        settings: AudioStreamingSettings = AudioStreamingSettings(),
        logger: Logger = Logger(label: "carwindow.audio")
    ) {
        self.format = format
        self.settings = settings
        self.machine = AudioStreamStateMachine(format: format)
        self.connection = connection
        self.clock = clock
        self.logger = logger
        self.pacer = AudioPacer(format: format, lead: settings.lead)
        (control, controlContinuation) = AsyncStream.makeStream(of: ControlJob.self)
        (wake, wakeContinuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    // MARK: - Running

    /// Runs the control loop, the playback loop and the head unit's events until the calling task is cancelled.
    /// Call it once; a second call is logged and returns at once, as for video (two send loops would interleave
    /// chunks). Nothing is sent while it is not running.
    public func run() async {
        guard !hasRun else {
            logger.error("AudioStreamManager.run() called twice; ignored")
            return
        }
        hasRun = true
        let events = connection.audioServiceEvents()
        await withDiscardingTaskGroup { group in
            group.addTask { await self.runControl() }
            group.addTask { await self.runPlayback() }
            group.addTask {
                for await event in events {
                    await self.serviceEvent(event)
                }
            }
        }
        subscribers.finish()
    }

    // MARK: - Inputs from the host

    /// An OnHMIStatus from the head unit; only the main window's level counts.
    public func hmiStatusChanged(_ status: OnHMIStatus) {
        guard status.isMainWindow else { return }
        handle(.hmiLevel(status.hmiLevel))
    }

    /// The main window's HMI level changed (``SDLSession``'s `hmiStatusUpdates()` has filtered the windows already).
    public func hmiLevelChanged(_ level: HMILevel) {
        handle(.hmiLevel(level))
    }

    /// End the audio service and keep it ended until ``resumeStreaming()``. Queued audio stays queued.
    public func stopStreaming() { handle(.disable) }

    /// Allow the audio service again; it starts when the HMI level is FULL or LIMITED.
    public func resumeStreaming() { handle(.enable) }

    // MARK: - Status

    /// The lifecycle state.
    public var state: AudioStreamState { machine.state }

    /// The item playing, if any.
    public var playingItem: AudioItemID? { queue.playing }

    /// Items that have not finished, in play order: those sent but still playing on the head unit, then the queue.
    public var unfinishedItems: [AudioItemID] { pendingCompletions.map(\.item) + queue.items.map(\.id) }

    /// A new stream of every event from now on. Each call returns an independent stream; it buffers the newest
    /// 256 events for a slow reader and ends when ``run()`` ends.
    public func events() -> AsyncStream<AudioStreamEvent> {
        subscribers.subscribe()
    }

    func emit(_ event: AudioStreamEvent) {
        subscribers.send(event)
    }

    // MARK: - Machine

    private func serviceEvent(_ event: AudioServiceEvent) {
        switch event {
        case .headUnitEndedService: handle(.headUnitEndedService)
        case .serviceMoved(let transport):
            logger.info("audio moves to another transport", metadata: ["transport": "\(transport)"])
            handle(.serviceMoved)
        case .transportClosed: handle(.transportClosed)
        }
    }

    func handle(_ input: AudioStreamInput) {
        deferredInputs.append(input)
        guard !isHandling else { return }
        isHandling = true
        defer { isHandling = false }
        while !deferredInputs.isEmpty {
            let next = deferredInputs.removeFirst()
            for action in machine.handle(next) {
                execute(action)
            }
        }
    }

    private func execute(_ action: AudioStreamAction) {
        switch action {
        case .startService(let attempt):
            logger.debug("audio StartService", metadata: ["attempt": "\(attempt)"])
            controlContinuation.yield(.startService(attempt: attempt))
        case .endService(let attempt):
            logger.debug("audio EndService", metadata: ["attempt": "\(attempt)"])
            controlContinuation.yield(.endService(attempt: attempt))
        case .acknowledgeEndService:
            controlContinuation.yield(.acknowledgeEndService)
        case .startPlayback(let description):
            stream = description
            cutOffRest = nil
            failedSends = 0
            wakeContinuation.yield()
        case .stopPlayback:
            stopPlayback()
        case .emit(let event):
            switch event {
            case .started(let description): logger.info("audio started", metadata: ["stream": "\(description)"])
            case .stopped(let reason): logger.info("audio stopped", metadata: ["reason": "\(reason)"])
            case .error(let error): logger.error("audio error", metadata: ["error": "\(error)"])
            case .finished: break
            }
            emit(event)
        }
    }

    /// The service is going away: nothing more is sent, and what the head unit was still to play is lost with it.
    private func stopPlayback() {
        stream = nil
        pacer.reset()
        let lost = pendingCompletions.map(\.item)
        pendingCompletions.removeAll()
        for item in lost { emit(.finished(item, .serviceStopped)) }
        if queue.playing != nil { cutOffRest = queue.items.first?.bytes }
        if let cut = queue.cutPlaying() { emit(.finished(cut, .serviceStopped)) }
    }

    // MARK: - Control loop

    private func runControl() async {
        for await job in control {
            switch job {
            case .startService(let attempt):
                do {
                    switch try await connection.startAudioService() {
                    case .accepted(let mtu): handle(.startServiceACK(attempt: attempt, mtu: mtu))
                    case .rejected(let nak): handle(.startServiceNAK(attempt: attempt, nak))
                    }
                } catch {
                    handle(.startServiceFailed(attempt: attempt, error))
                }
            case .endService(let attempt):
                do {
                    try await connection.endAudioService()
                } catch {
                    logger.warning("audio EndService failed", metadata: ["error": "\(error)"])
                }
                handle(.endServiceAnswered(attempt: attempt))
            case .acknowledgeEndService:
                do {
                    try await connection.acknowledgeEndService()
                } catch {
                    logger.warning("audio EndServiceACK failed", metadata: ["error": "\(error)"])
                }
            }
        }
    }
}
