public import NIOCore
public import SDLRPC
public import SDLSession
public import SDLWire

/// A media service on a running `SDLSession`: the one adapter between a manager and the session, for video and
/// audio alike. `SessionVideoServiceConnection` and `SessionAudioServiceConnection` are this type with `Service` set;
/// each adds the calls its manager's protocol names. Every call throws the one ``MediaStreamingError``; what a kind
/// means to a service (a chunk lost to a service that ended) is decided by its manager.
///
/// | call | session call |
/// |---|---|
/// | ``start(payload:encrypted:)`` | StartService(service, payload, E bit), await ACK or NAK |
/// | ``endService()`` | EndService(service); an EndServiceNAK ends it too (Core NAKs a service it thinks is not running) |
/// | ``send(_:)`` | one data message on the service |
/// | ``send(notification:)`` | an RPC notification that belongs to the service |
/// | ``serviceEvents()`` | the head unit's EndService for the service, a move to another transport, the closure |
///
/// The session answers the head unit's own EndService with EndServiceACK itself, so there is no acknowledgement to
/// send here.
///
/// ```swift
/// let audio = SessionMediaServiceConnection(session, carrying: AudioService.self)
/// switch try await audio.start(payload: ByteBuffer(), encrypted: false) {
/// case .accepted(let started): print(started.ack.mtu ?? 0)
/// case .rejected(let nak): print(nak)
/// }
/// ```
public struct SessionMediaServiceConnection<Service: MediaServiceKind>: MediaServiceConnection {
    /// The head unit's answer to StartService.
    public enum StartOutcome: Hashable, Sendable {
        case accepted(StartedService)
        case rejected(ServiceNAK)
    }

    /// The session the service runs on.
    public let session: SDLSession

    /// An adapter for `session` carrying `service`; nothing happens until a manager calls it.
    public init(_ session: SDLSession, carrying service: Service.Type) { self.session = session }

    /// An adapter for `session`'s service, the one its type names: `SessionAudioServiceConnection(session: session)`.
    public init(session: SDLSession) { self.session = session }

    /// Sends StartService with `payload` and waits for the answer.
    ///
    /// - Throws: `.serviceNotAnswered` when no answer came within the session's service timeout;
    ///   `.transportClosed`, `.protectionFailed` or `.connectionFailed` when no answer can come.
    public func start(payload: ByteBuffer, encrypted: Bool) async throws(MediaStreamingError) -> StartOutcome {
        do {
            let started = try await session.startService(Service.serviceType, payload: payload, encrypted: encrypted)
            return .accepted(started)
        } catch {
            if case .serviceRejected(_, let nak) = (error as? SDLSessionError)?.kind { return .rejected(nak) }
            if case .timeout = (error as? SDLSessionError)?.kind {
                // A head unit that never answers will not answer a retry either: the run must end, not idle.
                throw MediaStreamingError(
                    .serviceNotAnswered, "\(error)")
            }
            throw Self.error(error, while: "starting the \(Service.name) service")
        }
    }

    /// Sends EndService and waits for EndServiceACK or EndServiceNAK (either means the service is gone).
    public func endService() async throws(MediaStreamingError) {
        do {
            try await session.endService(Service.serviceType)
        } catch {
            if case .endServiceRejected = (error as? SDLSessionError)?.kind { return }
            throw Self.error(error, while: "ending the \(Service.name) service")
        }
    }

    /// Sends one payload on the open service; suspends while the transport cannot take more.
    ///
    /// - Throws: `.serviceEnded` when the head unit ended the service while it was on its way (the lifecycle
    ///   reports that once the EndService arrives), else as ``error(_:while:)`` maps the session's error.
    public func send(_ payload: ByteBuffer) async throws(MediaStreamingError) {
        do {
            try await session.sendData(payload, on: Service.serviceType)
        } catch {
            let running = await session.runningServices
            let state = await session.state
            if !running.contains(Service.serviceType), state == .ready {
                throw MediaStreamingError(.serviceEnded, "sending \(Service.name): \(error)")
            }
            throw Self.error(error, while: "sending \(Service.name)")
        }
    }

    /// Sends an RPC notification of the service (video: OnAppCapabilityUpdated).
    public func send(notification: some RPCNotification) async throws(MediaStreamingError) {
        do {
            try await session.send(notification)
        } catch {
            throw Self.error(error, while: "sending \(type(of: notification))")
        }
    }

    /// Nothing to send: the session answers the head unit's EndService with EndServiceACK itself, before it reports
    /// it on `serviceEnds()`.
    public func acknowledgeEndService() async throws(MediaStreamingError) {}

    /// The head unit's EndService for this service, its moves to another transport, and the end of the connection
    /// (once, then the stream finishes). The task that carries them belongs to the stream: it ends when the reader
    /// goes away.
    public func serviceEvents() -> AsyncStream<MediaServiceEvent> {
        let session = self.session
        let (stream, continuation) = AsyncStream.makeStream(of: MediaServiceEvent.self)
        let task = Task {
            let ends = await session.serviceEnds()
            let states = await session.connectionStateUpdates()
            await withDiscardingTaskGroup { group in
                group.addTask {
                    for await end in ends where end.service == Service.serviceType {
                        switch end.cause {
                        case .headUnit: continuation.yield(.headUnitEndedService)
                        case .movingTransport(let transport): continuation.yield(.serviceMoved(toTransport: transport))
                        }
                    }
                }
                group.addTask {
                    for await state in states {
                        if case .closed = state { break }
                    }
                    // The states also end when the session finishes them: either way nothing more can be sent.
                    if !Task.isCancelled { continuation.yield(.transportClosed) }
                    continuation.finish()
                }
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// The session's error in the media layer's words: a stalled peer is as gone as a closed one.
    ///
    /// ```swift
    /// let error = SessionAudioServiceConnection.error(SDLSessionError(.connectionClosed), while: "sending audio")
    /// // error.kind == .transportClosed
    /// ```
    public static func error(_ error: any Error, while doing: String) -> MediaStreamingError {
        guard let error = error as? SDLSessionError else {
            return MediaStreamingError(.connectionFailed, "\(doing): \(error)")
        }
        switch error.kind {
        case .connectionClosed, .peerStalled, .heartbeatUnanswered, .linkStalled, .headUnitEndedSession:
            return MediaStreamingError(.transportClosed, "\(doing): \(error)")
        case .security: return MediaStreamingError(.protectionFailed, "\(doing): \(error)")
        default: return MediaStreamingError(.connectionFailed, "\(doing): \(error)")
        }
    }
}
