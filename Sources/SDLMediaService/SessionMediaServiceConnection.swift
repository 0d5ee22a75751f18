public import NIOCore
public import SDLRPC
public import SDLSession
public import SDLWire

/// A media service on a running `SDLSession`: the one adapter between a manager and the session, for video and
/// audio alike. `SessionVideoServiceConnection` and `SessionAudioServiceConnection` are this type with `Service` set;
/// each adds the calls its manager's protocol names, and maps ``MediaServiceFailure`` onto its own error.
///
/// | call | session call |
/// |---|---|
/// | ``start(payload:encrypted:)`` | StartService(service, payload, E bit), await ACK or NAK |
/// | ``end()`` | EndService(service); an EndServiceNAK ends it too (Core NAKs a service it thinks is not running) |
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
public struct SessionMediaServiceConnection<Service: MediaServiceKind>: Sendable {
    /// The head unit's answer to StartService.
    public enum StartOutcome: Hashable, Sendable {
        case accepted(StartedService)
        case rejected(ServiceNAK)
    }

    /// The session the service runs on.
    public let session: SDLSession

    /// An adapter for `session` carrying `service`; nothing happens until a manager calls it. SDLStreaming and
    /// SDLAudio add `init(session:)` for their own service.
    public init(_ session: SDLSession, carrying service: Service.Type) { self.session = session }

    /// Sends StartService with `payload` and waits for the answer.
    ///
    /// - Throws: the manager's error for `.transportClosed`, `.protectionFailed` or `.connectionFailed` when no
    ///   answer can come.
    public func start(payload: ByteBuffer, encrypted: Bool) async throws(Service.Failure) -> StartOutcome {
        do {
            let started = try await session.startService(Service.serviceType, payload: payload, encrypted: encrypted)
            return .accepted(started)
        } catch {
            if case .serviceRejected(_, let nak) = (error as? SDLSessionError)?.kind { return .rejected(nak) }
            throw Service.error(Self.failure(error, while: "starting the \(Service.name) service"))
        }
    }

    /// Sends EndService and waits for EndServiceACK or EndServiceNAK (either means the service is gone).
    public func end() async throws(Service.Failure) {
        do {
            try await session.endService(Service.serviceType)
        } catch {
            if case .endServiceRejected = (error as? SDLSessionError)?.kind { return }
            throw Service.error(Self.failure(error, while: "ending the \(Service.name) service"))
        }
    }

    /// Sends one payload on the open service; suspends while the transport cannot take more.
    ///
    /// - Throws: `.serviceEnded` when the head unit ended the service while it was on its way (the lifecycle
    ///   reports that once the EndService arrives), else as ``failure(_:while:)`` maps the session's error.
    public func send(_ payload: ByteBuffer) async throws(Service.Failure) {
        do {
            try await session.sendData(payload, on: Service.serviceType)
        } catch {
            let running = await session.runningServices
            let state = await session.state
            if !running.contains(Service.serviceType), state == .ready {
                throw Service.error(MediaServiceFailure(.serviceEnded, "\(error)"))
            }
            throw Service.error(Self.failure(error, while: "sending \(Service.name)"))
        }
    }

    /// Sends an RPC notification of the service (video: OnAppCapabilityUpdated).
    public func send(notification: some RPCNotification) async throws(Service.Failure) {
        do {
            try await session.send(notification)
        } catch {
            throw Service.error(Self.failure(error, while: "sending \(type(of: notification))"))
        }
    }

    /// Nothing to send: the session answers the head unit's EndService with EndServiceACK itself, before it reports
    /// it on `serviceEnds()`.
    public func acknowledgeEndService() async throws(Service.Failure) {}

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

    /// The session's error in the managers' words: a stalled peer is as gone as a closed one.
    public static func failure(_ error: any Error, while doing: String) -> MediaServiceFailure {
        guard let error = error as? SDLSessionError else {
            return MediaServiceFailure(.connectionFailed, "\(doing): \(error)")
        }
        switch error.kind {
        case .connectionClosed, .peerStalled, .heartbeatUnanswered:
            return MediaServiceFailure(.transportClosed, "\(doing): \(error)")
        case .security: return MediaServiceFailure(.protectionFailed, "\(doing): \(error)")
        default: return MediaServiceFailure(.connectionFailed, "\(doing): \(error)")
        }
    }
}
