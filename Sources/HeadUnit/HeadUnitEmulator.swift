import Foundation
public import Logging
import NIOCore
import NIOPosix
public import SDLRPC
import SDLSecurity
import SDLWebSocket
public import SDLWire

/// SDL Core's side of the protocol, on TCP: the head unit CarWindow's demo and tests talk to.
///
/// Each accepted connection is one app with its own session id (1, 2, ...). The emulator answers as SDL Core 8.2
/// did in the recorded sessions in `Tests/HeadUnitTests/Fixtures/traces` (see `docs/headunit.md`), records what it
/// receives, and can be steered at runtime.
///
/// ```swift
/// let headUnit = HeadUnitEmulator(configuration: HeadUnitConfiguration(port: 0))
/// let port = try await headUnit.start()
/// let events = await headUnit.events()
/// // ... connect an app to 127.0.0.1:port ...
/// try await headUnit.setHMILevel(.background, for: AppID(1))
/// await headUnit.stop()
/// ```
public actor HeadUnitEmulator {
    /// Frames that may wait for one app's socket before the emulator decides the app stopped reading and closes it.
    /// Core's answers are small RPC frames; 4096 of them is far beyond what a reading app ever has in flight.
    public static let maximumQueuedFrames = 4_096

    /// One app's connection: its I/O and resources (the socket, timers, recordings, the TLS engine, the secondary
    /// link). What Core decides lives in ``AppSession``; the actor executes the actions it returns here.
    final class Connection {
        let app: AppID
        /// What the app came in on (``AppSnapshot/transport``).
        let transport: TransportKind
        var session: AppSession
        let outbox: AsyncStream<SDLFrame>.Continuation
        /// Closes the app's link (its socket, or its in-memory link).
        let close: @Sendable () -> Void
        let connectedAt = ContinuousClock.now
        var timers: [SessionTimer: Task<Void, Never>] = [:]
        var converter: (any AnnexBConverter)?
        var videoFile: FileSink?
        var videoSize = VideoSize(width: 0, height: 0)
        var accessUnits = 0
        var videoStreams = 0
        var audioFile: FileSink?
        var audioBytes = 0
        var audioStreams = 0
        /// The TLS client engine of this connection and its handshake.
        var tls: (any SecurityManager)?
        var handshake: HandshakeStateMachine<CoreClock.Instant>?
        /// The registered secondary transport, and the services started on it (their answers go back on it).
        var secondary: SecondaryLink?
        var secondaryServices: Set<ServiceType> = []
        /// Set once the emulator gave up on an app that stopped reading; its close is under way.
        var stoppedReading = false

        init(
            app: AppID, transport: TransportKind, session: AppSession, outbox: AsyncStream<SDLFrame>.Continuation,
            close: @escaping @Sendable () -> Void
        ) {
            self.app = app
            self.transport = transport
            self.session = session
            self.outbox = outbox
            self.close = close
        }
    }

    public private(set) var configuration: HeadUnitConfiguration
    private let startupVideoCapability: VideoCapability
    private var rejectedFormats: Set<VideoFormat> = []
    private var connections: [AppID: Connection] = [:]
    private var connectionCount = 0
    /// `false` after ``setAnsweringAll(_:)`` silenced the head unit: new connections are accepted and never answered.
    private var answersNewConnections = true
    /// The hashID of each app's last OnHashChange, by policy app id: it outlives the connection, for resumption.
    var resumptionHashes: [String: String] = [:]
    /// The car moves (``setDriverDistraction(_:)``): the keyboard is greyed out, as an HMI greys it out in motion.
    public internal(set) var driverDistracted = false
    private var eventSubscribers: [UUID: AsyncStream<HeadUnitEvent>.Continuation] = [:]
    private var accessUnitSubscribers: [UUID: AsyncStream<VideoAccessUnit>.Continuation] = [:]
    private var frameSubscribers: [UUID: AsyncStream<ReceivedFrame>.Continuation] = [:]
    private var eventLog: EventLog?
    private var runTask: Task<Void, any Error>?
    private var listener: TCPListener<SDLFrame, SDLFrame>?
    var secondaryTask: Task<Void, any Error>?
    var secondaryListener: TCPListener<SDLFrame, SDLFrame>?
    private var webSocketTask: Task<Void, any Error>?
    private var webSocketListener: WebSocketListener?
    /// Where each cloud app is (``cloudApps()``), by policy app id; absent: not connected.
    var cloudStatuses: [String: CloudAppStatus] = [:]
    /// The task dialing (then serving) each cloud app activated, by policy app id.
    var cloudDialers: [String: Task<Void, Never>] = [:]
    /// The apps linked in memory now (``connectInMemory()``), each served until its link closes.
    private var inMemoryLinks: [Int: Task<Void, Never>] = [:]
    private var inMemoryLinkCount = 0
    let logger: Logger
    /// Core's delays run on it (``CoreClock``).
    let clock: CoreClock
    /// The emulated link speed every app connection reads at (``HeadUnitConfiguration/linkKbps``).
    let linkRate: LinkRate
    /// The thread the emulator runs on, never the cooperative pool (``HeadUnitThreads``).
    nonisolated let threads: HeadUnitThreads

    /// The actor runs on its own event loop: its answers do not queue behind the process's other work.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        threads.loop.executor.asUnownedSerialExecutor()
    }

    /// - Parameters:
    ///   - configuration: where to listen, what to report and record.
    ///   - logger: receives a line for every refusal and error.
    public init(
        configuration: HeadUnitConfiguration = HeadUnitConfiguration(),
        logger: Logger = Logger(label: "carwindow.headunit")
    ) {
        self.init(configuration: configuration, logger: logger, clock: ContinuousClock())
    }

    /// An emulator whose Core-behaviour delays (activation, the SetVideoConfig answer, NONE after a video NAK, the
    /// BACKGROUND end, the keyboard timeout, the handshake deadline) run on `clock`, so a test can move time.
    ///
    /// ```swift
    /// let clock = ManualClock()
    /// let headUnit = HeadUnitEmulator(configuration: HeadUnitConfiguration(port: 0), clock: clock)
    /// // ... an app registers; the activation waits ...
    /// clock.advance(by: .milliseconds(500))   // the app goes to FULL
    /// ```
    public init<C: Clock<Duration>>(
        configuration: HeadUnitConfiguration = HeadUnitConfiguration(),
        logger: Logger = Logger(label: "carwindow.headunit"),
        clock: C
    ) {
        self.configuration = configuration
        self.startupVideoCapability = configuration.video
        self.logger = logger
        self.clock = CoreClock(clock)
        self.linkRate = LinkRate(kbps: configuration.linkKbps)
        self.threads = HeadUnitThreads.next()
    }

    // MARK: Lifecycle

    /// Starts listening and returns the real port (useful with port 0). The server runs until ``stop()``.
    ///
    /// - Throws: ``HeadUnitError`` `.bindFailed` when the address cannot be bound, `.file` when the event log
    ///   cannot be created.
    public func start() async throws(HeadUnitError) -> Int {
        guard runTask == nil else {
            throw HeadUnitError(.invalidControl("the head unit is already running"))
        }
        if let path = configuration.eventLogPath {
            eventLog = try EventLog(path: path)
        }
        let listener = try await Self.bindServer(
            host: configuration.host, port: configuration.port, maximumPayload: Int(configuration.mtu), link: linkRate,
            partialFrameTimeout: configuration.partialFrameTimeout, logger: logger)
        self.listener = listener
        let port = listener.port ?? configuration.port
        // The accept loop and every link under it (reading frames, writing answers) prefer the emulator's thread.
        runTask = Task(executorPreference: threads.taskExecutor) { [self] in
            try await listener.executeThenClose { connections in
                try await withThrowingDiscardingTaskGroup { group in
                    for try await connection in connections {
                        group.addTask { await self.serve(.socket(connection, .tcp)) }
                    }
                }
            }
        }
        logger.info("listening", metadata: ["address": "\(configuration.host):\(port)"])
        do {
            try await startSecondaryListener()
            try await startWebSocketListener()
        } catch {
            await stop()
            throw error
        }
        return port
    }

    /// A TCP listener whose connections go through ``configureLinkPipeline(_:maximumPayload:link:)``; `link` paces
    /// how fast each connection is read (``HeadUnitConfiguration/linkKbps``). A ``TCPListener``, so a connection
    /// accepted as the emulator stops is closed, not dropped half set up.
    static func bindServer(
        host: String, port: Int, maximumPayload: Int, link: LinkRate? = nil, partialFrameTimeout: Duration? = nil,
        logger: Logger
    ) async throws(HeadUnitError) -> TCPListener<SDLFrame, SDLFrame> {
        do {
            return try await TCPListener.bind(host: host, port: port, logger: logger) { bootstrap in
                bootstrap
                    .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                    .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
                    .linkSegmentSize(link == nil ? nil : LinkRateLimiter.segmentSize)
                    .linkReceiveBuffer(link == nil ? nil : LinkRateLimiter.uncappedReceiveBuffer)
            } pipeline: { channel in
                // One watch per connection: it counts that connection's bytes.
                let watch = partialFrameTimeout.map { PartialFrameTimeout.Watch(timeout: $0, logger: logger) }
                try configureLinkPipeline(
                    channel, maximumPayload: maximumPayload, link: link, partialFrameTimeout: watch)
            }
        } catch {
            throw HeadUnitError(.bindFailed("\(host):\(port): \(error)"))
        }
    }

    /// The handlers of every app link, primary and secondary: the link-rate pacer when capped (primary only), then
    /// SDLWire's decoder (limit: the MTU) and encoder. One place, so a handler that shapes a link is one line here.
    /// `partialFrameTimeout` closes a link that stalls mid-frame (``PartialFrameTimeout``), around the decoder.
    static func configureLinkPipeline(
        _ channel: any Channel, maximumPayload: Int, link: LinkRate? = nil,
        partialFrameTimeout watch: PartialFrameTimeout.Watch? = nil
    ) throws {
        let handlers = channel.pipeline.syncOperations
        // First, before a WebSocket link's TLS and codec too: it paces the socket's bytes, whatever carries them.
        if let link { try handlers.addHandler(LinkRateLimiter(rate: link), position: .first) }
        if let watch { try handlers.addHandler(PartialFrameTimeout.BytesIn(watch)) }
        try handlers.addHandler(ByteToMessageHandler(SDLFrameDecoder(maximumPayloadSize: maximumPayload)))
        if let watch { try handlers.addHandler(PartialFrameTimeout.FramesOut(watch)) }
        try handlers.addHandler(MessageToByteHandler(SDLFrameEncoder()))
    }

    /// The WebSocket server for apps (``HeadUnitConfiguration/webSocketPort``), beside the TCP one.
    private func startWebSocketListener() async throws(HeadUnitError) {
        guard let port = configuration.webSocketPort else { return }
        let mtu = Int(configuration.mtu)
        let tls: WebSocketTLS?
        do {
            tls = try configuration.webSocketTLS.map { files throws(WebSocketFailure) in try WebSocketTLS.server(files)
            }
        } catch {
            throw HeadUnitError(.webSocket(error))
        }
        let partialFrameTimeout = configuration.partialFrameTimeout
        let logger = logger
        let listener: WebSocketListener
        do {
            // One SDL frame per message is what apps send; room for a few, bounded in bytes whatever the app
            // claims. The partial-frame timeout also bounds the upgrade: a stalled request is a stalled frame.
            listener = try await WebSocketListener.bind(
                host: configuration.host, port: port, tls: tls,
                maximumMessageBytes: Self.webSocketMessageLimit(mtu: mtu),
                upgradeTimeout: partialFrameTimeout, logger: logger,
                options: { bootstrap in
                    bootstrap
                        .linkSegmentSize(LinkRateLimiter.segmentSize)
                        .linkReceiveBuffer(LinkRateLimiter.uncappedReceiveBuffer)
                },
                // An app's last bytes before a close are still read and reported (PartialFrameTimeout and the
                // decoder handle the end of input).
                allowsHalfClosure: true
            ) { [linkRate] channel in
                let watch = partialFrameTimeout.map { PartialFrameTimeout.Watch(timeout: $0, logger: logger) }
                // The pacer goes first, before TLS and the WebSocket codec: the socket's reads are held back as on
                // TCP (`--link-bitrate`).
                try Self.configureLinkPipeline(
                    channel, maximumPayload: mtu, link: linkRate, partialFrameTimeout: watch)
            }
        } catch {
            throw HeadUnitError(.bindFailed("\(configuration.host):\(port): \(error)"))
        }
        webSocketListener = listener
        let kind: TransportKind = configuration.webSocketTLS == nil ? .ws : .wss
        webSocketTask = Task(executorPreference: threads.taskExecutor) { [self] in
            try await listener.run { channel in await self.serve(.socket(channel, kind)) }
        }
        let address = "\(kind.rawValue)://\(configuration.host):\(listener.port ?? port)"
        logger.info("listening for WebSocket apps", metadata: ["address": "\(address)"])
    }

    /// The largest WebSocket message an app (or a cloud app) may send: one SDL frame per message is what apps
    /// send; room for a few, bounded in bytes whatever the app claims.
    static func webSocketMessageLimit(mtu: Int) -> Int {
        max(1 << 20, 4 * (mtu + 64))
    }

    /// The port apps reach the WebSocket server on (``HeadUnitConfiguration/webSocketPort``), once listening.
    public var webSocketPort: Int? { webSocketListener?.port }

    /// Closes the listener and every app connection, and finishes the event streams.
    public func stop() async {
        await stopSecondaryListener()
        webSocketListener?.close()
        webSocketTask?.cancel()
        listener?.close()
        for connection in connections.values { connection.close() }
        await stopDialingCloudApps()
        runTask?.cancel()
        _ = await runTask?.result
        _ = await webSocketTask?.result
        for link in inMemoryLinks.values { await link.value }
        runTask = nil
        listener = nil
        webSocketTask = nil
        webSocketListener = nil
        eventLog?.close()
        for subscriber in eventSubscribers.values { subscriber.finish() }
        for subscriber in accessUnitSubscribers.values { subscriber.finish() }
        for subscriber in frameSubscribers.values { subscriber.finish() }
        eventSubscribers = [:]
        accessUnitSubscribers = [:]
        frameSubscribers = [:]
    }

    // MARK: Observing

    /// A new stream of everything that happens from now on. Each call makes its own subscriber; the stream finishes
    /// when the head unit stops. Events are buffered without bound, so a subscriber should keep reading.
    public func events() -> AsyncStream<HeadUnitEvent> {
        let (stream, continuation) = AsyncStream<HeadUnitEvent>.makeStream()
        let id = UUID()
        eventSubscribers[id] = continuation
        continuation.onTermination = { _ in Task { await self.removeEventSubscriber(id) } }
        return stream
    }

    /// A new stream of the video access units (Annex-B) the apps send, as they are converted. A slow reader loses
    /// the oldest units beyond `buffering`.
    public func accessUnits(buffering: Int = 64) -> AsyncStream<VideoAccessUnit> {
        let (stream, continuation) = AsyncStream<VideoAccessUnit>.makeStream(
            bufferingPolicy: .bufferingNewest(buffering))
        let id = UUID()
        accessUnitSubscribers[id] = continuation
        continuation.onTermination = { _ in Task { await self.removeAccessUnitSubscriber(id) } }
        return stream
    }

    /// A new stream of every frame the apps send, exactly as it arrived (still encrypted), from now on. Buffered
    /// without bound: meant for tests that check what crossed the wire.
    public func receivedFrames() -> AsyncStream<ReceivedFrame> {
        let (stream, continuation) = AsyncStream<ReceivedFrame>.makeStream()
        let id = UUID()
        frameSubscribers[id] = continuation
        continuation.onTermination = { _ in Task { await self.removeFrameSubscriber(id) } }
        return stream
    }

    private func removeFrameSubscriber(_ id: UUID) { frameSubscribers[id] = nil }

    func publishReceived(_ received: ReceivedFrame) {
        for subscriber in frameSubscribers.values { subscriber.yield(received) }
    }

    var connectionsByApp: [AppID: Connection] { connections }

    var accessUnitSubscribersList: [AsyncStream<VideoAccessUnit>.Continuation] { Array(accessUnitSubscribers.values) }

    private func removeEventSubscriber(_ id: UUID) { eventSubscribers[id] = nil }
    private func removeAccessUnitSubscriber(_ id: UUID) { accessUnitSubscribers[id] = nil }

    /// The apps connected now.
    public func apps() -> [AppSnapshot] {
        connections.values.sorted { $0.app < $1.app }.map { connection in
            let session = connection.session
            return AppSnapshot(
                app: connection.app,
                transport: connection.transport,
                sessionID: session.sessionID,
                appName: session.registration?.appName,
                hmiStatus: session.status,
                videoStreaming: { if case .active = session.video { true } else { false } }(),
                audioStreaming: session.audioActive,
                subscribedToVideoCapability: session.subscribedToVideoCapability,
                secondaryTransportRegistered: connection.secondary != nil,
                servicesOnSecondary: connection.secondaryServices,
                hapticRects: session.hapticRects,
                knobHighlight: session.knobRect
            )
        }
    }

    func emit(_ event: HeadUnitEvent) {
        if case .error(let error) = event { logger.warning("\(error)") }
        for subscriber in eventSubscribers.values { subscriber.yield(event) }
    }

    // MARK: Connections

    /// What carries one app's frames: an accepted socket, or an in-memory link (``connectInMemory()``).
    enum AppLink {
        /// An accepted connection, TCP or WebSocket.
        case socket(NIOAsyncChannel<SDLFrame, SDLFrame>, TransportKind)
        /// The app's frames in, the emulator's out, and what closes both.
        case memory(
            fromApp: AsyncStream<SDLFrame>, toApp: AsyncStream<SDLFrame>.Continuation, close: @Sendable () -> Void)
    }

    /// Serves `link` in a task of its own until it closes; ``stop()`` waits for it.
    func serveInMemory(_ link: AppLink) {
        inMemoryLinkCount += 1
        let id = inMemoryLinkCount
        // The task reaches the actor only after this method returns, so it is in the table before it removes itself.
        inMemoryLinks[id] = Task(executorPreference: threads.taskExecutor) { [self] in
            await serve(link)
            if case .memory(_, _, let close) = link { close() }
            await removeInMemoryLink(id)
        }
    }

    private func removeInMemoryLink(_ id: Int) {
        inMemoryLinks[id] = nil
    }

    /// Serves one app's link until it ends, whatever carries it; `cloudApp` when the emulator dialed it
    /// (``activateCloudApp(_:)``).
    func serve(_ link: AppLink, cloudApp: CloudApp? = nil) async {
        let remote: String
        let close: @Sendable () -> Void
        let transport: TransportKind
        switch link {
        case .socket(let channel, let kind):
            let socket = channel.channel
            remote = socket.remoteAddress?.description ?? "?"
            close = { socket.close(promise: nil) }
            transport = kind
        case .memory(_, _, let closeLink):
            remote = "in-memory"
            close = closeLink
            transport = .memory
        }
        connectionCount += 1
        let app = AppID(connectionCount)
        // Session ids count 1, 2, ... per app (a byte, 0 excluded); hashIds follow Core's 65537, 65539, ...
        let sessionID = UInt8((connectionCount - 1) % 255 + 1)
        let hashID = Int32(truncatingIfNeeded: 65_535 + 2 * connectionCount)
        let (outbox, continuation) = AsyncStream<SDLFrame>.makeStream(
            bufferingPolicy: .bufferingOldest(Self.maximumQueuedFrames))
        var session = AppSession(
            app: app,
            sessionID: sessionID,
            hashID: hashID,
            configuration: configuration,
            startupVideoCapability: startupVideoCapability
        )
        session.rejectedFormats = rejectedFormats
        session.resumptionHashes = resumptionHashes
        session.silent = !answersNewConnections
        session.cloudApp = cloudApp
        connections[app] = Connection(
            app: app, transport: transport, session: session, outbox: continuation, close: close)
        emit(.connected(app, remote: remote))
        if let cloudApp { setCloudStatus(cloudApp.policyAppID, .connected(app)) }
        let end: LinkEnd
        switch link {
        case .socket(let channel, _):
            end = await runLink(channel, outbox: outbox, finishing: continuation) { $0.handle($1, from: app) }
        case .memory(let fromApp, let toApp, _):
            end = await pumpLink(
                inbound: fromApp,
                write: { frame in
                    if case .terminated = toApp.yield(frame) { throw InMemoryLinkClosed() }
                },
                outbox: outbox, finishing: continuation
            ) { $0.handle($1, from: app) }
        }
        switch end {
        case .unreadable(let error):
            // Garbage or an oversize header: no way to find the next frame in a byte stream, so the connection
            // goes, as Core drops a transport it cannot parse.
            emit(.error(HeadUnitError(.malformedFrame(error.description), app: app)))
        case .webSocket(let failure):
            emit(.error(HeadUnitError(.webSocket(failure), app: app)))
        case .readFailed(let error):
            // Shutdown or a reset connection: not the app's fault, nothing to report.
            logger.debug("connection closed", metadata: ["app": "\(app)", "error": "\(error)"])
        case .writeFailed(let error):
            logger.debug("connection ended", metadata: ["app": "\(app)", "error": "\(error)"])
        case .closed:
            break
        }
        closed(app)
    }

    /// Stops (or resumes) answering every app, connected now or later: TCP is still accepted and frames are read,
    /// logged and recorded, but nothing is sent, not even a HeartbeatACK. A hung head unit, for an app's heartbeat
    /// and start timeouts.
    ///
    /// ```swift
    /// await headUnit.setAnsweringAll(false)   // the app's heartbeat goes unanswered: it reconnects, and times out
    /// ```
    public func setAnsweringAll(_ answering: Bool) {
        answersNewConnections = answering
        for connection in connections.values { connection.session.silent = !answering }
    }

    func handle(_ frame: SDLFrame, from app: AppID) {
        guard let connection = connections[app] else { return }
        log(frame, .appToCore, connection)
        publishReceived(ReceivedFrame(app: app, transport: .primary, frame: frame))
        reclaimFromSecondary(frame, on: connection)
        guard let plaintext = decryptIfNeeded(frame, on: connection) else { return }
        execute(connection.session.receive(plaintext), on: connection)
    }

    private func closed(_ app: AppID) {
        guard let connection = connections.removeValue(forKey: app) else { return }
        connection.secondary?.channel.close(promise: nil)
        for task in connection.timers.values { task.cancel() }
        connection.tls?.stop()
        connection.outbox.finish()
        let unexpected = connection.session.registration != nil
        execute(connection.session.teardown(unexpected: unexpected), on: connection)
        emit(.disconnected(app))
    }

    func log(_ frame: SDLFrame, _ direction: EventLog.Direction, _ connection: Connection) {
        guard let eventLog, eventLog.isEnabled else { return }
        let elapsed = ContinuousClock.now - connection.connectedAt
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        do {
            try eventLog.record(frame, direction: direction, app: connection.app, time: seconds)
        } catch {
            emit(.error(error))
        }
    }

    func connection(_ app: AppID) throws(HeadUnitError) -> Connection {
        guard let connection = connections[app] else { throw HeadUnitError(.unknownApp(app.rawValue)) }
        return connection
    }

    /// The formats ``rejectVideoFormats(_:)`` told the emulated HMI to refuse.
    public var refusedVideoFormats: Set<VideoFormat> { rejectedFormats }

    var allConnections: [Connection] { connections.values.sorted { $0.app < $1.app } }
    var currentRejectedFormats: Set<VideoFormat> {
        get { rejectedFormats }
        set { rejectedFormats = newValue }
    }

    func updateConfiguration(_ update: (inout HeadUnitConfiguration) -> Void) { update(&configuration) }

    // MARK: Executing actions

    func execute(_ actions: [SessionAction], on connection: Connection) {
        // The compiler cannot always prove this (see runLink); a debug build checks it on every batch of actions.
        assertIsolated("a session's actions run on the emulator's actor")
        for action in actions {
            switch action {
            case .send(let plain):
                guard !connection.session.silent else { continue }
                let frame = protectedACK(plain, on: connection)
                if frame.payload != plain.payload { connection.session.encryptedACKSent(record: frame.payload) }
                log(frame, .coreToApp, connection)
                route(frame, on: connection)
                if plain.header.frameType == .control {
                    execute(connection.session.releaseHeldHandshake(), on: connection)
                }
            case .sendEncrypted(let frame):
                guard !connection.session.silent else { continue }
                for encrypted in encryptedFrames(frame, on: connection) {
                    log(encrypted, .coreToApp, connection)
                    route(encrypted, on: connection)
                }
            case .schedule(let timer, let delay):
                connection.timers[timer]?.cancel()
                let app = connection.app
                let deadline = clock.now.advanced(by: delay)
                connection.timers[timer] = Task(executorPreference: threads.taskExecutor) { [self] in
                    do { try await self.clock.sleep(until: deadline) } catch { return }
                    await self.fire(timer, for: app)
                }
            case .cancel(let timer):
                connection.timers.removeValue(forKey: timer)?.cancel()
            case .emit(let event):
                emit(event)
            case .close(let error):
                if let error { emit(.error(error)) }
                connection.close()
            case .protectStart(let message):
                let progress = handshakeProgress(on: connection)
                execute(connection.session.protectStart(message, handshake: progress), on: connection)
            case .securityQuery(let payload):
                receiveSecurityQuery(payload, on: connection)
            case .beginHandshake:
                beginHandshake(on: connection)
            case .stopTLS:
                connection.tls?.stop()
            case .handshakeDeadline:
                handshakeDeadlineReached(on: connection)
            default:
                executeStream(action, on: connection)
            }
        }
    }

    /// A timer is due: the session decides what it means.
    private func fire(_ timer: SessionTimer, for app: AppID) {
        // Runs in the timer's own task, hopped onto the actor: a `.cancel` (or a reschedule) executed while it hopped
        // cancelled it, and is checked here, where nothing else can run.
        guard !Task.isCancelled, let connection = connections[app] else { return }
        connection.timers[timer] = nil
        execute(connection.session.timerFired(timer), on: connection)
    }
}

/// One frame an app sent, as it crossed the wire (`HeadUnit/receivedFrames()`).
public struct ReceivedFrame: Sendable {
    public var app: AppID
    /// The transport the frame came in on.
    public var transport: TransportSlot
    public var frame: SDLFrame
}

/// What `HeadUnit/apps()` reports about one app.
public struct AppSnapshot: Hashable, Sendable {
    public var app: AppID
    /// What the app came in on: `tcp`, `ws` (``HeadUnitConfiguration/webSocketPort``), `memory`
    /// (``HeadUnitEmulator/connectInMemory()``).
    public var transport: TransportKind
    public var sessionID: UInt8
    /// `nil` until RegisterAppInterface succeeded.
    public var appName: String?
    public var hmiStatus: HMIStatus
    public var videoStreaming: Bool
    public var audioStreaming: Bool
    public var subscribedToVideoCapability: Bool
    /// The app registered a secondary transport (RegisterSecondaryTransportACK sent) and it is still open.
    public var secondaryTransportRegistered: Bool = false
    /// The services running on the secondary transport; the others run on the primary.
    public var servicesOnSecondary: Set<ServiceType> = []
    /// The rects of the app's last SendHapticData, in head-unit pixels (empty until it sends one, or after it
    /// cleared them).
    public var hapticRects: [HapticRect] = []
    /// The rect the knob highlights (``HeadUnitEmulator/knob(_:)``), while it is among ``hapticRects``.
    public var knobHighlight: HapticRect?
}
