public import Logging
import NIOCore
package import SDLMediaService
public import SDLRPC
import SDLSession
import SDLWire

/// The audio stream of one SDL session: it opens the audio service while the HMI allows, plays queued PCM at the
/// head unit's pace, and reports each item's end.
///
/// Decisions about the service come from an ``AudioStreamStateMachine``; this actor executes its actions on the
/// media-service engine it shares with video (`MediaServiceHost`, in SDLMediaService), over paths run by ``run()``:
///
/// ```
///  HMI status, answers ─▶ machine ─▶ actions ─┬─ control loop: StartService, EndService, EndServiceACK
///                                             ├─ start/stop playback
///                                             └─ events() subscribers, statuses() after each input
///  push / pushAndPlay / stop ─▶ queue ─▶ playback loop (one): pacer says when ─▶ chunk ─▶ connection.send
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
    /// The head unit's PCM format; everything pushed is converted to it.
    public nonisolated let format: PCMFormat
    public nonisolated let settings: AudioStreamingSettings

    package var engine: MediaServiceEngine<AudioStreamStateMachine, Void, Never, AudioStreamEvent>
    let connection: any AudioServiceConnection
    let clock: C
    package let logger: Logger

    var wake: AsyncStream<Void> { engine.wake }
    var wakeContinuation: AsyncStream<Void>.Continuation { engine.wakeInput }

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
        self.engine = MediaServiceEngine(machine: AudioStreamStateMachine(format: format), name: "audio")
        self.connection = connection
        self.clock = clock
        self.logger = logger
        self.pacer = AudioPacer(format: format, lead: settings.lead)
    }

    // MARK: - Running

    /// Runs the control loop, the playback loop and the head unit's events until the calling task is cancelled.
    /// Call it once; a second call is logged and returns at once, as for video (two send loops would interleave
    /// chunks). Nothing is sent while it is not running.
    public func run() async { await runEngine() }

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
    public var state: AudioStreamState { engine.machine.state }

    /// The item playing, if any.
    public var playingItem: AudioItemID? { queue.playing }

    /// Items that have not finished, in play order: those sent but still playing on the head unit, then the queue.
    public var unfinishedItems: [AudioItemID] { pendingCompletions.map(\.item) + queue.items.map(\.id) }

    /// A new stream of every event from now on. Each call returns an independent stream; it buffers the newest
    /// 256 events for a slow reader and ends when ``run()`` ends.
    public func events() -> AsyncStream<AudioStreamEvent> {
        engine.events.subscribe()
    }

    /// A new stream of the lifecycle state: the one now first, then each change, until ``run()`` ends (a late
    /// subscriber still gets the last one). Await a state here rather than polling ``state``.
    ///
    /// ```swift
    /// await manager.hmiLevelChanged(.full)
    /// for await state in await manager.statuses() where state == .ready { break }
    /// ```
    public func statuses() -> AsyncStream<AudioStreamState> {
        engine.statuses.subscribe()
    }

    func emit(_ event: AudioStreamEvent) {
        engine.emit(event)
    }

    // MARK: - Machine

    package func execute(_ action: AudioStreamAction) -> [AudioStreamInput] {
        switch action {
        case .startService(let attempt):
            engine.enqueue(.startService(attempt: attempt, ()))
        case .endService(let attempt):
            engine.enqueue(.endService(attempt: attempt))
        case .acknowledgeEndService:
            engine.enqueue(.acknowledgeEndService)
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
        return []
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

    // MARK: - Engine

    package func startService(attempt: Int, _ request: Void) async -> AudioStreamInput {
        do {
            switch try await connection.startAudioService() {
            case .accepted(let mtu):
                // Audio is never protected, and reads only the ACK's mtu.
                return .service(.startServiceACK(attempt: attempt, MediaStartServiceACK(mtu: mtu), encrypted: false))
            case .rejected(let nak): return .service(.startServiceNAK(attempt: attempt, nak))
            }
        } catch {
            return .service(.startServiceFailed(attempt: attempt, error.asAudioFailure))
        }
    }

    package func endService() async throws { try await connection.endService() }

    package func acknowledgeEndService() async throws { try await connection.acknowledgeEndService() }

    package func notify(_ notice: Never) async throws {}

    package func runPayload() async { await runPlayback() }

    package func serviceEvents() -> AsyncStream<MediaServiceEvent> { connection.serviceEvents() }
}

extension AudioStreamManager: MediaServiceHost {}
