import Logging
import NIOCore
public import SDLRPC
public import SDLWire

/// An SDL session with a head unit: connect, negotiate the protocol, register the app, follow its HMI status and
/// capabilities, and run the video and audio services the streaming layer needs.
///
/// ```swift
/// let app = AppConfiguration(appName: "CarWindow", appID: "swiftsdl-nav")
/// let session = SDLSession(configuration: app, transport: TCPTransport(host: "127.0.0.1", port: 12345))
/// try await session.start()                       // StartService, ACK, RegisterAppInterface
/// for await status in await session.hmiStatusUpdates() where status.hmiLevel == .full {
///     let video = try await session.startVideoService(
///         VideoStartService(height: 480, width: 800, videoProtocol: "RAW", videoCodec: "H264"))
///     try await session.sendData(accessUnit, on: .video)
///     break
/// }
/// try await session.stop()                        // UnregisterAppInterface, EndService(hashId)
/// ```
///
/// Design: the actor executes what a pure `ProtocolStateMachine` decides. One task it owns runs the connection: a
/// reader loop that hands every frame to the actor in order, and, as children, one writer loop that drains the
/// `OutboundQueue` (lowest service first) and one job loop for follow-up requests (the capability fetch) that must
/// not block the reader. Replies are matched through `PendingReplies` and bounded by `withTimeout`.
public actor SDLSession {
    enum ControlKey: Hashable, Sendable {
        case start(ServiceType)
        case end(ServiceType)
    }

    enum ControlReply: Sendable {
        case rpcStarted(SessionParameters)
        case serviceStarted(StartedService)
        case ended
    }

    enum Job: Sendable {
        case awaitVideoCapability(correlationID: UInt32)
        /// OnPermissionsChange asked for encryption: start the RPC service again with E = 1.
        case upgradeRPCProtection
        /// The secondary registered: end a service on the primary that the head unit prefers there.
        case moveToSecondary(ServiceType)
    }

    public nonisolated let configuration: AppConfiguration
    let logger: Logger
    let connector: @Sendable (SDLSession) async throws -> Void
    /// Every wait is measured on it (see ``init(configuration:transport:clock:)``).
    let clock: SessionClock

    var lifecycle: ConnectionState = .idle
    var protocolMachine = ProtocolStateMachine()
    var connection: (any SDLConnection)?
    var runTask: Task<Void, Never>?
    var connectWaiter: CheckedContinuation<Void, any Error>?
    var closingError: SDLSessionError?
    /// Frames read so far (either transport): the heartbeat's sign of life (SDLSession+Heartbeat.swift).
    var receivedFrameCount: UInt64 = 0
    /// Liveness checks waiting for the next frame (``frameArrival(after:)``), by id.
    var frameWaiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    var nextFrameWaiter: UInt64 = 0

    var outbound = OutboundQueue()
    /// Services whose EndService went out and has had no answer yet, even if its waiter timed out: a late
    /// EndServiceACK for one of them still ends it; any other EndServiceACK is an answer nobody asked for.
    var endServicesUnanswered: Set<ServiceType> = []
    /// Heartbeats answered by a HeartbeatACK that was already waiting (``queueReply(_:)``), on this session.
    var coalescedHeartbeatACKs = 0
    /// The most control replies (EndServiceACKs, a HeartbeatACK) that may wait on one service for the writer: a head
    /// unit that asks for more without reading ends the session with `.outboundQueueFull`.
    public static let maximumQueuedReplies = 64
    var outboundPressureTracker = OutboundPressureTracker()
    var nextTicket: UInt64 = 0
    var sendWaiters: [UInt64: CheckedContinuation<Void, any Error>] = [:]
    var doorbell: AsyncStream<Void>.Continuation?
    /// Told the service of each message queued for the writer: a test awaits a message reaching the queue here
    /// instead of polling it (`SDLSessionTests`' `InterleavingTests`). `nil` outside tests.
    var enqueuedObserver: AsyncStream<ServiceType>.Continuation?
    var jobs: AsyncStream<Job>.Continuation?

    var correlationCounter: UInt32 = 0
    var requests = PendingReplies<UInt32, RPCPayload>()
    var controls = PendingReplies<ControlKey, ControlReply>()

    /// Media services the head unit acknowledged, and the transport each runs on.
    var services = ServiceRegistry()
    /// Protected services: this connection's TLS engine, its handshake, the services it protects.
    var protection = ProtectionState()
    /// The secondary transport's policy; ``SDLSession/executeSecondary(_:)`` carries out its actions.
    var secondary: SecondaryTransportMachine
    /// The open secondary link and the attempt it belongs to.
    var secondaryLink: (attempt: Int, connection: any SDLConnection)?
    /// Where the machine's `connect` actions go: the link loop of the current primary connection.
    var secondaryLinkRequests: AsyncStream<SecondaryLinkRequest>.Continuation?
    var secondaryTimers = SessionTimers<SecondaryTransportMachine.Timer>()

    /// The RegisterAppInterface response: display, HMI and audio capabilities, vehicle type.
    public private(set) var registration: RegisterAppInterfaceResponse?
    /// The newest `hashID` the head unit sent (OnHashChange), or the one this session registered with: pass it as
    /// ``AppConfiguration/resumptionHashID`` when registering again after a lost connection, so the head unit can
    /// restore the app's data (it answers SUCCESS) or says it could not (RESUME_FAILED, still a registration).
    public internal(set) var resumptionHashID: String?
    var capability = VideoCapabilityState()
    var capabilityFetch: CapabilityFetch = .notStarted

    enum CapabilityFetch { case notStarted, inFlight, done }

    let connectionStates = Broadcast<ConnectionState>(.idle)
    // What the head unit drives is bounded per subscriber: a head unit may send statuses, permissions, capabilities
    // and EndServices without end, and a reader that stopped must not cost the app its memory. A reader that is
    // more than ``notificationBuffer`` behind on a state stream loses the oldest states, never the newest.
    let hmiStatuses = Broadcast<HMIStatus>(buffering: .bufferingNewest(SDLSession.notificationBuffer))
    let permissionChanges = Broadcast<OnPermissionsChange>(buffering: .bufferingNewest(SDLSession.notificationBuffer))
    let videoCapabilities = Broadcast<VideoStreamingCapability>(
        buffering: .bufferingNewest(SDLSession.notificationBuffer))
    let notificationEvents = Broadcast<RPCNotificationMessage>(
        replaysCurrent: false, buffering: .bufferingNewest(SDLSession.notificationBuffer),
        budget: .init(maximumBytes: SDLSession.notificationBufferBytes) { $0.json.count + $0.bulkData.count })
    let serviceEndEvents = Broadcast<ServiceEnd>(
        replaysCurrent: false, buffering: .bufferingNewest(SDLSession.notificationBuffer))
    let secondaryEvents = Broadcast<SecondaryTransportEvent>(replaysCurrent: false)
    let rpcProtectionStatuses = Broadcast<RPCProtectionStatus>(.unprotected)

    /// - Parameters:
    ///   - configuration: the app and its timeouts.
    ///   - transport: how to reach the head unit; opened by ``start()``, closed by ``stop()``.
    public init<Transport: SDLTransport>(configuration: AppConfiguration, transport: Transport) {
        self.init(configuration: configuration, transport: transport, clock: ContinuousClock())
    }

    /// A session whose timeouts, TLS handshake deadline and secondary-transport timers run on `clock`.
    ///
    /// Tests pass a manual clock, so a timeout happens when the test moves time and never by waiting:
    ///
    /// ```swift
    /// let clock = ManualClock()                                 // CarWindowTestingTools
    /// let session = SDLSession(configuration: app, transport: transport, clock: clock)
    /// let start = Task { try await session.start() }
    /// await clock.waitForSleeper()
    /// clock.advance(by: app.timeouts.protocolStart)             // start() throws .protocolStartTimeout
    /// ```
    ///
    /// - Parameters:
    ///   - configuration: the app and its timeouts.
    ///   - transport: how to reach the head unit; opened by ``start()``, closed by ``stop()``.
    ///   - clock: where every wait of the session is measured.
    public init<Transport: SDLTransport, SessionClockType: Clock<Duration>>(
        configuration: AppConfiguration, transport: Transport, clock: SessionClockType
    ) {
        self.configuration = configuration
        self.logger = configuration.logger
        self.clock = SessionClock(clock)
        self.secondary = SecondaryTransportMachine(
            registrationTimeout: configuration.secondaryTransport.registrationTimeout,
            retryDelay: configuration.secondaryTransport.retryDelay)
        self.resumptionHashID = configuration.resumptionHashID
        self.connector = { session in
            try await transport.withConnection { connection in try await session.serve(connection) }
        }
    }

    // MARK: State

    /// What was negotiated with the head unit, once the RPC service started.
    public var parameters: SessionParameters? { protocolMachine.parameters }

    /// The current connection state.
    public var state: ConnectionState { lifecycle }

    /// The video and audio services the head unit acknowledged and that neither side has ended since.
    public var runningServices: Set<ServiceType> { services.running }

    /// The main window's last HMI status, if one arrived.
    public var hmiStatus: HMIStatus? { hmiStatuses.current }

    /// The last known video streaming capability (GetSystemCapability merged with OnSystemCapabilityUpdated).
    public var videoStreamingCapability: VideoStreamingCapability? { capability.current }

    /// The last OnPermissionsChange.
    public var permissions: OnPermissionsChange? { permissionChanges.current }

    /// A new stream of connection states: the current one first, then each change. Ends when the session closes.
    public func connectionStateUpdates() -> AsyncStream<ConnectionState> { connectionStates.subscribe() }

    /// A new stream of the main window's HMI status: the current one (if any) first, then each change.
    /// Statuses for other windows (`windowID` present and not 0) are left out. Like every stream the head unit
    /// drives, it keeps the newest ``notificationBuffer`` values for a reader that is behind.
    public func hmiStatusUpdates() -> AsyncStream<HMIStatus> { hmiStatuses.subscribe() }

    /// A new stream of OnPermissionsChange: the last one first, then each new one.
    public func permissionUpdates() -> AsyncStream<OnPermissionsChange> { permissionChanges.subscribe() }

    /// A new stream of the video streaming capability: the last known value first, then each change.
    public func videoStreamingCapabilityUpdates() -> AsyncStream<VideoStreamingCapability> {
        videoCapabilities.subscribe()
    }

    /// A new stream of every RPC notification from the head unit, in arrival order, from now on. Each stream keeps
    /// the newest ``notificationBuffer`` (and at most ``notificationBufferBytes``) for a slow reader: a head unit
    /// flooding notifications loses the reader some (counted in ``droppedNotifications`` and logged), never the app
    /// its memory.
    public func notifications() -> AsyncStream<RPCNotificationMessage> { notificationEvents.subscribe() }

    /// A new stream of the streaming services that ended without the app asking, in order, from now on: the head
    /// unit's own EndService (SDL Core ends video on NONE and BACKGROUND; the session has already answered with
    /// EndServiceACK) and the ends the session made itself to move a service to another transport (see
    /// ``ServiceEnd/Cause-swift.enum/movingTransport(to:)``). One stream for both keeps them in the order they happened.
    public func serviceEnds() -> AsyncStream<ServiceEnd> { serviceEndEvents.subscribe() }

    /// A new stream of what happens to the secondary transport, from now on.
    public func secondaryTransportUpdates() -> AsyncStream<SecondaryTransportEvent> { secondaryEvents.subscribe() }

    /// Whether the RPC service is protected: see ``RPCProtectionStatus``.
    public var rpcProtection: RPCProtectionStatus { protection.rpcStatus }

    /// A new stream of the RPC service's protection: the current status first, then each change.
    public func rpcProtectionUpdates() -> AsyncStream<RPCProtectionStatus> { rpcProtectionStatuses.subscribe() }

    func setState(_ state: ConnectionState) {
        guard lifecycle != state else { return }
        lifecycle = state
        logger.debug("session state", metadata: ["state": "\(state)"])
        connectionStates.send(state)
    }

    // MARK: Start and stop

    /// Connects, starts the RPC service (negotiating version, session id, MTU) and registers the app.
    ///
    /// - Throws: ``SDLSessionError``: `.connectTimeout`/`.connectionFailed`, `.serviceRejected(.rpc, nak)`,
    ///   `.timeout`, `.registrationFailed`, `.unexpectedSessionID`, `.wire`, ... The connection is closed again.
    public func start() async throws {
        guard case .idle = lifecycle else {
            throw SDLSessionError(.invalidState("start() called while \(lifecycle)"))
        }
        setState(.connecting)
        let connector = self.connector
        do {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                connectWaiter = continuation
                runTask = Task { await self.runConnection(connector) }
            }
            setState(.negotiating)
            // The connection may already be gone; after this check, any failure resolves the slot opened below.
            if let closingError { throw closingError }
            _ = controls.register(.start(.rpc))
            enqueue([protocolMachine.startRPCService()])
            let reply: ControlReply
            do {
                reply = try await awaitControl(
                    .start(.rpc), timeout: configuration.timeouts.protocolStart, what: "RPC StartServiceACK"
                )
            } catch let error as SDLSessionError {
                // Its own kind: a silent peer right after connecting is the commonest wrong-port mistake.
                guard case .timeout = error.kind else { throw error }
                throw SDLSessionError(.protocolStartTimeout(configuration.timeouts.protocolStart))
            }
            guard case .rpcStarted(let parameters) = reply else {
                throw SDLSessionError(.invalidState("unexpected reply to the RPC StartService"))
            }
            logger.debug(
                "RPC service started",
                metadata: [
                    "version": "\(parameters.protocolVersion)", "session": "\(parameters.sessionID)",
                    "hashId": "\(parameters.hashID.map(String.init) ?? "-")",
                ]
            )
            setState(.registering)
            let response: RegisterAppInterfaceResponse
            do {
                response = try await send(configuration.registerAppInterface)
            } catch let error as SDLSessionError {
                guard case .timeout = error.kind else { throw error }
                throw SDLSessionError(.registrationTimeout(configuration.timeouts.response))
            }
            guard response.success else {
                throw SDLSessionError(.registrationFailed(resultCode: response.resultCode, info: response.info))
            }
            // The reader may have failed the session while this call was suspended (an OnAppInterfaceUnregistered
            // right behind the response, say): re-check before declaring the session ready.
            if let closingError { throw closingError }
            registration = response
            setState(.ready)
        } catch {
            let failure = Self.sessionError(error)
            logger.error("session start failed", metadata: ["error": "\(failure)"])
            closingError = closingError ?? failure
            await closeConnection()
            await runTask?.value
            setState(.closed(error: failure))
            finishStreams()
            throw failure
        }
    }

    /// Unregisters the app, ends the RPC service with its hash id, and closes the connection.
    ///
    /// The connection is closed in every case; the first error of the polite part (a NAK, a timeout) is thrown after.
    public func stop() async throws {
        switch lifecycle {
        case .idle:
            setState(.closed(error: nil))
            finishStreams()
            return
        case .closed, .stopping:
            await runTask?.value
            return
        default:
            break
        }
        setState(.stopping)
        var firstError: SDLSessionError?
        if registration != nil, connection != nil {
            do {
                let response = try await send(UnregisterAppInterface(), timeout: configuration.timeouts.shutdown)
                if !response.success {
                    logger.error("UnregisterAppInterface refused", metadata: ["result": "\(response.resultCode)"])
                }
            } catch {
                firstError = Self.sessionError(error)
            }
        }
        if connection != nil, let parameters = protocolMachine.parameters {
            do {
                try await endService(
                    .rpc, payload: Self.endSessionPayload(parameters), timeout: configuration.timeouts.shutdown)
            } catch {
                firstError = firstError ?? Self.sessionError(error)
            }
        }
        // No link yet: the transport is still making one, and a server transport waits as long as the head unit
        // takes to dial in. There is nothing to close, so the wait itself is cancelled.
        if connection == nil { runTask?.cancel() }
        await closeConnection()
        await runTask?.value
        setState(.closed(error: nil))
        finishStreams()
        if let firstError {
            logger.error("session stop was not clean", metadata: ["error": "\(firstError)"])
            throw firstError
        }
    }

    /// The RPC EndService payload: BSON `{hashId}` from protocol 5, the raw 4-byte hash id before (PS §6.1).
    static func endSessionPayload(_ parameters: SessionParameters) -> ByteBuffer {
        guard let hashID = parameters.hashID else { return ByteBuffer() }
        if parameters.headerVersion >= 5 { return EndService(hashID: hashID).buffer }
        var buffer = ByteBuffer()
        buffer.writeInteger(UInt32(bitPattern: hashID), endianness: .big)
        return buffer
    }

    func finishStreams() {
        connectionStates.finish()
        hmiStatuses.finish()
        permissionChanges.finish()
        videoCapabilities.finish()
        notificationEvents.finish()
        serviceEndEvents.finish()
        secondaryEvents.finish()
        rpcProtectionStatuses.finish()
    }

    static func sessionError(_ error: any Error) -> SDLSessionError {
        switch error {
        case let error as SDLSessionError: error
        case let error as SDLWireError: SDLSessionError(.wire(error))
        case let error as RPCCodingError: SDLSessionError(.rpcCoding(error))
        case is CancellationError: SDLSessionError(.invalidState("cancelled"))
        default: SDLSessionError(.connectionFailed("\(error)"))
        }
    }
}
