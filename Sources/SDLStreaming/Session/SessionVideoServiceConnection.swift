public import NIOCore
public import SDLRPC
public import SDLSession
public import SDLWire

/// ``VideoServiceConnection`` over a running `SDLSession`: the adapter between the video manager and the session.
///
/// The session already answers the head unit's own EndService with an EndServiceACK when it reports it, so
/// ``acknowledgeEndService()`` has nothing left to do.
///
/// ```swift
/// let connection = SessionVideoServiceConnection(session: session)
/// let manager = VideoStreamManager(
///     settings: VideoStreamingSettings(), connection: connection, encoderFactory: MediaEncoderFactory(),
///     clock: ContinuousClock())
/// ```
public struct SessionVideoServiceConnection: VideoServiceConnection {
    public let session: SDLSession

    public init(session: SDLSession) { self.session = session }

    public func startVideoService(
        _ request: VideoStartService,
        encrypted: Bool
    ) async throws(VideoStreamingError) -> VideoServiceStartOutcome {
        do {
            let started = try await session.startVideoService(request, encrypted: encrypted)
            return .accepted(started.ack, encrypted: started.isEncrypted)
        } catch let error as SDLSessionError {
            if case .serviceRejected(_, let nak) = error.kind { return .rejected(nak) }
            throw Self.translate(error)
        } catch {
            throw VideoStreamingError(.connectionFailed, "\(error)")
        }
    }

    public func endVideoService() async throws(VideoStreamingError) {
        do {
            try await session.endService(.video)
        } catch let error as SDLSessionError {
            // An EndServiceNAK also means the service is gone (Core NAKs when it thinks video is not streaming).
            if case .endServiceRejected = error.kind { return }
            throw Self.translate(error)
        } catch {
            throw VideoStreamingError(.connectionFailed, "\(error)")
        }
    }

    public func acknowledgeEndService() async throws(VideoStreamingError) {}

    public func sendVideo(_ payload: ByteBuffer) async throws(VideoStreamingError) {
        do {
            try await session.sendData(payload, on: .video)
        } catch let error as SDLSessionError {
            throw Self.translate(error)
        } catch {
            throw VideoStreamingError(.connectionFailed, "\(error)")
        }
    }

    public func sendAppCapability(_ notification: OnAppCapabilityUpdated) async throws(VideoStreamingError) {
        do {
            try await session.send(notification)
        } catch let error as SDLSessionError {
            throw Self.translate(error)
        } catch {
            throw VideoStreamingError(.connectionFailed, "\(error)")
        }
    }

    public func videoServiceEvents() -> AsyncStream<VideoServiceEvent> {
        let session = self.session
        let (stream, continuation) = AsyncStream.makeStream(of: VideoServiceEvent.self)
        // One task per subscription (not per frame), owned by the stream: it ends when the consumer goes away.
        let task = Task {
            await withDiscardingTaskGroup { group in
                group.addTask {
                    for await end in await session.serviceEnds() where end.service == .video {
                        switch end.cause {
                        case .headUnit: continuation.yield(.headUnitEndedService)
                        case .movingTransport(let transport): continuation.yield(.serviceMoved(toTransport: transport))
                        }
                    }
                }
                group.addTask {
                    for await state in await session.connectionStateUpdates() {
                        if case .closed = state {
                            continuation.yield(.transportClosed)
                            break
                        }
                    }
                    continuation.finish()
                }
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    static func translate(_ error: SDLSessionError) -> VideoStreamingError {
        switch error.kind {
        case .connectionClosed, .peerStalled, .heartbeatUnanswered: VideoStreamingError(.transportClosed, "\(error)")
        case .security: VideoStreamingError(.protectionFailed, "\(error)")
        default: VideoStreamingError(.connectionFailed, "\(error)")
        }
    }
}
