public import Logging
import NIOCore
package import SDLMediaService
public import SDLRPC
import SDLSession
package import SDLWire

/// The video stream of one SDL session: it decides when video may flow, negotiates it, keeps it flowing through the
/// head unit's changes, and sends the app's frames.
///
/// The decisions are made by a ``VideoStreamStateMachine``; this actor only executes its actions, on the media-service
/// engine it shares with audio (`MediaServiceHost`, in SDLMediaService), over two ordered paths run by ``run()``:
///
/// ```
///  host inputs ─▶ machine ─▶ actions ─┬─ control path (one loop): StartService, EndService, EndServiceACK,
///  (HMI, app state,                   │                           OnAppCapabilityUpdated → answers back to machine
///   capability, answers)              ├─ encoder create/destroy, key-frame request (immediately)
///                                     └─ events() subscribers, statuses() after each input
///  send(frame) ─▶ bounded queue (capacity N, full → drop) ─▶ frame loop: encode ─▶ connection.send
/// ```
///
/// There is no task per frame: `send(_:)` puts the frame in a bounded queue that a single loop drains in order. When
/// the connection cannot keep up, `connection.send` suspends, the queue fills, and further frames are dropped before they
/// reach the encoder, counted in ``statistics``.
///
/// ```swift
/// let manager = VideoStreamManager(
///     settings: VideoStreamingSettings(), connection: sessionAdapter, encoderFactory: openH264, clock: .continuous)
/// async let running: Void = manager.run()
/// await manager.registered(HeadUnitVideoInfo(response: rai, appHMITypes: [.navigation]))
/// await manager.capabilityUpdated(capability)
/// await manager.hmiStatusChanged(status)
/// for await event in manager.events() {
///     if case .started(let stream) = event { render(at: stream.size) }
/// }
/// let result = await manager.send(frame)
/// ```
public actor VideoStreamManager<Factory: VideoEncoderFactory, C: Clock> where C.Duration == Duration {
    /// The frame type the encoder takes.
    public typealias Frame = Factory.Encoder.Frame

    enum FrameJob {
        case app(Frame, Duration, CheckedContinuation<VideoFrameResult, Never>)
        case background(Frame, count: Int, frameRate: Int)
    }

    package var engine:
        MediaServiceEngine<
            VideoStreamStateMachine, VideoStartService, OnAppCapabilityUpdated,
            VideoStreamEvent
        >
    let connection: any VideoServiceConnection
    private let factory: Factory
    let clock: C
    package let logger: Logger
    /// App frames that may wait for the encoder; the one being encoded is not counted.
    public nonisolated let frameQueueCapacity: Int

    var machine: VideoStreamStateMachine { engine.machine }
    var wake: AsyncStream<Void> { engine.wake }
    var wakeContinuation: AsyncStream<Void>.Continuation { engine.wakeInput }
    /// Whether ``run()`` is running: frames are only taken while a loop is there to send them.
    var isRunning: Bool { engine.isRunning }

    var queue: [FrameJob] = []
    var encoder: Factory.Encoder?
    var encoderGeneration = 0
    var keyFrameRequested = false
    /// A frame's payloads are on their way to the connection; an EndService waits for them (``videoSendsSettled()``).
    var isSendingVideo = false
    var videoSendWaiters: [CheckedContinuation<Void, Never>] = []
    var lastAppPresentationTime: Duration?
    var lastEncoderPresentationTime: Duration?
    var stats = VideoStreamStatistics()
    /// Bitrate adaptation for the current encoder, and when that encoder started (the controller's time origin).
    var bitrateController: BitrateController?
    var adaptationOrigin: C.Instant?
    var recentSends: [(at: C.Instant, bytes: Int)] = []
    private var resizeRequestedAt: C.Instant?
    var firstFrameAfterResizeGeneration: Int?
    /// When the capability update of the resize being measured arrived.
    var resizeOrigin: C.Instant?

    private var nextSubscriber = 0
    var sentVideoSubscribers: [Int: AsyncStream<SentVideo>.Continuation] = [:]
    /// Watchers of ``statistics``'s queue depth (``queueDepths()``); empty outside tests.
    var queueDepthSubscribers: [Int: AsyncStream<Int>.Continuation] = [:]

    /// Creates a stopped manager.
    ///
    /// - Parameters:
    ///   - settings: ranges, data source, frame-rate and bit-rate wishes, background frames.
    ///   - connection: the session adapter.
    ///   - encoderFactory: builds an encoder per negotiated stream.
    ///   - clock: for statistics and resize timing (a manual clock in tests).
    ///   - appState: the host's state now; a Linux host is usually `.active`.
    ///   - frameQueueCapacity: app frames that may wait while one is encoded or sent (at least 1).
    ///   - logger: where errors and lifecycle changes are logged.
    public init(
        settings: VideoStreamingSettings,
        connection: any VideoServiceConnection,
        encoderFactory: Factory,
        clock: C,
        appState: AppState = .active,
        frameQueueCapacity: Int = 2,
        logger: Logger = Logger(label: "carwindow.video")
    ) {
        self.engine = MediaServiceEngine(
            machine: VideoStreamStateMachine(settings: settings, appState: appState), name: "video")
        self.connection = connection
        self.factory = encoderFactory
        self.clock = clock
        self.frameQueueCapacity = max(1, frameQueueCapacity)
        self.logger = logger
    }

    // MARK: - Running

    /// Runs the control path, the frame path and the head unit's events until the calling task is cancelled.
    /// Call it once: a second call is logged and returns at once. Nothing is sent to the head unit while it is not
    /// running. To end cleanly, call ``stop()``, wait for ``VideoStreamEvent/stopped(_:)`` (or a stopped
    /// ``statuses()``), then cancel.
    public func run() async { await runEngine() }

    // MARK: - Inputs from the host

    /// The app registered; call with the RegisterAppInterface response.
    public func registered(_ info: HeadUnitVideoInfo) { handle(.registered(info)) }

    /// A video capability from GetSystemCapability or OnSystemCapabilityUpdated; `nil` when the head unit has
    /// none. A new size while streaming restarts the stream (and starts a resize measurement).
    public func capabilityUpdated(_ capability: VideoStreamingCapability?) {
        let wasOpen = machine.state == .ready || machine.state == .suspended
        handle(.capability(capability))
        if wasOpen && machine.state == .shuttingDown {
            resizeRequestedAt = clock.now
        }
    }

    /// An OnHMIStatus from the head unit.
    public func hmiStatusChanged(_ status: OnHMIStatus) { handle(.hmiStatus(status)) }

    /// The host's app state.
    public func setAppState(_ state: AppState) { handle(.appState(state)) }

    /// End the stream and stay stopped until ``restart()``.
    public func stop() { handle(.stop) }

    /// Start again: end the open stream, if any, and start when the head unit allows.
    public func restart() { handle(.restart) }

    // MARK: - Status

    /// The lifecycle state, the open stream and its encoder configuration.
    public var status: VideoStreamStatus {
        VideoStreamStatus(state: machine.state, stream: machine.stream, encoder: machine.encoderConfiguration)
    }

    /// Counters and rates of the frame path.
    public var statistics: VideoStreamStatistics {
        var result = stats
        result.queueDepth = appFramesWaiting
        let cutoff = clock.now.advanced(by: .seconds(-1))
        let recent = recentSends.filter { $0.at > cutoff }
        result.framesPerSecond = recent.count
        result.bitsPerSecond = recent.reduce(0) { $0 + $1.bytes } * 8
        return result
    }

    /// A new stream of every event from now on. Each call returns an independent stream; it buffers the newest
    /// 256 events for a slow reader and ends when ``run()`` ends.
    public func events() -> AsyncStream<VideoStreamEvent> {
        engine.events.subscribe()
    }

    /// A new stream of the status: the one now first, then each change, until ``run()`` ends (a late subscriber
    /// still gets the last one). Await a state here rather than polling ``status``.
    ///
    /// ```swift
    /// await manager.stop()
    /// for await status in await manager.statuses() where status.state == .stopped { break }
    /// ```
    public func statuses() -> AsyncStream<VideoStreamStatus> {
        engine.statuses.subscribe()
    }

    /// A new stream of every frame as it went to the head unit, from now on; a slow reader loses the oldest beyond
    /// `buffering`. It ends when ``run()`` ends. Nothing is copied for a manager nobody watches.
    public func sentVideo(buffering: Int = 64) -> AsyncStream<SentVideo> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: SentVideo.self, bufferingPolicy: .bufferingNewest(max(1, buffering)))
        let id = nextSubscriber
        nextSubscriber += 1
        sentVideoSubscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribeSentVideo(id) }
        }
        return stream
    }

    private func unsubscribeSentVideo(_ id: Int) { sentVideoSubscribers[id] = nil }

    /// A new stream of the number of app frames waiting (``VideoStreamStatistics/queueDepth``): the number now
    /// first, then each change, until ``run()`` ends (subscribed while it is not running, the stream ends after the
    /// number now). It lets a test await a frame reaching the queue instead of
    /// polling ``statistics``; the manager's own work never reads it.
    ///
    /// ```swift
    /// async let second = manager.send(frame)
    /// for await depth in await manager.queueDepths() where depth == 1 { break }
    /// ```
    package func queueDepths() -> AsyncStream<Int> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(16))
        continuation.yield(appFramesWaiting)
        guard isRunning else {
            continuation.finish()
            return stream
        }
        let id = nextSubscriber
        nextSubscriber += 1
        queueDepthSubscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribeQueueDepths(id) }
        }
        return stream
    }

    private func unsubscribeQueueDepths(_ id: Int) { queueDepthSubscribers[id] = nil }

    /// Tells ``queueDepths()`` watchers the queue changed.
    func queueChanged() {
        guard !queueDepthSubscribers.isEmpty else { return }
        let depth = appFramesWaiting
        for subscriber in queueDepthSubscribers.values { subscriber.yield(depth) }
    }

    // MARK: - Machine

    package func inputsHandled() {
        if machine.state == .ready || machine.state == .suspended || machine.state == .stopped {
            // A restart that kept its size (or gave up) has nothing left to measure.
            resizeRequestedAt = nil
        }
    }

    package func execute(_ action: VideoStreamAction) -> [VideoStreamInput] {
        switch action {
        case .startService(let attempt, let request):
            engine.enqueue(.startService(attempt: attempt, request))
        case .endService(let attempt):
            engine.enqueue(.endService(attempt: attempt))
        case .acknowledgeEndService:
            engine.enqueue(.acknowledgeEndService)
        case .sendAppCapability(let notification):
            engine.enqueue(.notify(notification))
        case .createEncoder(let configuration):
            encoderGeneration += 1
            lastAppPresentationTime = nil
            lastEncoderPresentationTime = nil
            keyFrameRequested = true
            do {
                encoder = try factory.makeEncoder(configuration)
                startAdaptation(configuration)
                logger.info("video encoder", metadata: ["configuration": "\(configuration)"])
            } catch {
                encoder = nil
                return [.encoderFailed(error)]
            }
        case .destroyEncoder:
            encoder = nil
            stopAdaptation()
            encoderGeneration += 1
        case .requestKeyFrame:
            keyFrameRequested = true
        case .sendBackgroundFrames(let frames, let frameRate):
            if let size = machine.stream?.size,
                let frame = factory.backgroundFrame(message: frames.message, size: size)
            {
                queue.append(.background(frame, count: min(frames.count, 300), frameRate: frameRate))
                wakeContinuation.yield()
            }
        case .emit(let event):
            emit(event)
        }
        return []
    }

    func emit(_ event: VideoStreamEvent) {
        switch event {
        case .error(let error):
            logger.error("video stream error", metadata: ["error": "\(error)"])
        case .started(let stream):
            logger.info("video started", metadata: ["stream": "\(stream)"])
        case .stopped(let reason):
            logger.info("video stopped", metadata: ["reason": "\(reason)"])
        case .resized(let size):
            if let start = resizeRequestedAt {
                stats.lastResize = ResizeLatency(
                    size: size.description, toServiceStarted: start.duration(to: clock.now), toFirstFrame: nil)
                firstFrameAfterResizeGeneration = encoderGeneration
                resizeOrigin = start
            }
            resizeRequestedAt = nil
        default:
            break
        }
        engine.emit(event)
    }

    // MARK: - Engine

    package func startService(attempt: Int, _ request: VideoStartService) async -> VideoStreamInput {
        do {
            let encrypted = machine.settings.requestsEncryption
            switch try await connection.startVideoService(request, encrypted: encrypted) {
            case .accepted(let ack, let encrypted):
                return .service(.startServiceACK(attempt: attempt, ack, encrypted: encrypted))
            case .rejected(let nak): return .service(.startServiceNAK(attempt: attempt, nak))
            }
        } catch {
            return .service(.startServiceFailed(attempt: attempt, error))
        }
    }

    package func endService() async throws { try await connection.endService() }

    package func acknowledgeEndService() async throws { try await connection.acknowledgeEndService() }

    package func notify(_ notice: OnAppCapabilityUpdated) async throws {
        try await connection.sendAppCapability(notice)
    }

    /// A frame already on its way goes first: data after our own EndService is a protocol violation.
    package func payloadSettled() async { await videoSendsSettled() }

    package func runPayload() async { await runFrames() }

    package func serviceEvents() -> AsyncStream<MediaServiceEvent> { connection.serviceEvents() }

    package func runEnded() {
        for job in queue {
            if case .app(_, _, let continuation) = job { continuation.resume(returning: .notSent(.streamChanged)) }
        }
        queue.removeAll()
        for subscriber in sentVideoSubscribers.values { subscriber.finish() }
        sentVideoSubscribers.removeAll()
        for subscriber in queueDepthSubscribers.values {
            subscriber.yield(0)
            subscriber.finish()
        }
        queueDepthSubscribers.removeAll()
    }
}

extension VideoStreamManager: MediaServiceHost {}

extension VideoStreamManager where C == ContinuousClock {
    /// Creates a stopped manager on the continuous clock, the one to use outside tests.
    ///
    /// ```swift
    /// let manager = VideoStreamManager(settings: settings, connection: adapter, encoderFactory: openH264)
    /// ```
    public init(
        settings: VideoStreamingSettings,
        connection: any VideoServiceConnection,
        encoderFactory: Factory,
        appState: AppState = .active,
        frameQueueCapacity: Int = 2,
        logger: Logger = Logger(label: "carwindow.video")
    ) {
        self.init(
            settings: settings, connection: connection, encoderFactory: encoderFactory, clock: ContinuousClock(),
            appState: appState, frameQueueCapacity: frameQueueCapacity, logger: logger)
    }
}
