public import NIOCore
public import SDLSession
import SDLWire

/// ``AudioServiceConnection`` on an ``SDLSession``: the thin adapter between the audio manager and the session.
///
/// | requirement | session call |
/// |---|---|
/// | ``startAudioService()`` | `session.startAudioService()`: `.accepted(mtu: ack.mtu)`; `.serviceRejected` → `.rejected(nak)` |
/// | ``endAudioService()`` | `session.endService(.audio)`; an EndServiceNAK ends it too |
/// | ``acknowledgeEndService()`` | nothing: the session already answered the head unit's EndService |
/// | ``sendAudio(_:)`` | `session.sendData(chunk, on: .audio)` |
/// | ``audioServiceEvents()`` | fed by ``forwardSessionEvents()``: `serviceEnds()` (audio) and a closed connection |
///
/// The events need one task to carry them: ``forwardSessionEvents()``, which ``SessionAudioStream`` runs beside the
/// manager. Use ``SessionAudioStream`` unless you drive an ``AudioStreamManager`` yourself:
///
/// ```swift
/// let connection = SessionAudioServiceConnection(session: session)
/// let manager = AudioStreamManager(format: format, connection: connection, clock: ContinuousClock())
/// await withDiscardingTaskGroup { group in
///     group.addTask { await manager.run() }
///     group.addTask { await connection.forwardSessionEvents() }
///     // ... feed manager.hmiLevelChanged(_:) from session.hmiStatusUpdates()
/// }
/// ```
public struct SessionAudioServiceConnection: AudioServiceConnection {
    /// The session the audio service runs on.
    public let session: SDLSession
    private let events: AsyncStream<AudioServiceEvent>
    private let eventInput: AsyncStream<AudioServiceEvent>.Continuation

    /// An adapter for `session`; nothing happens until the manager calls it.
    public init(session: SDLSession) {
        self.session = session
        (events, eventInput) = AsyncStream.makeStream(of: AudioServiceEvent.self)
    }

    public func startAudioService() async throws(AudioStreamingError) -> AudioServiceStartOutcome {
        do {
            let started = try await session.startAudioService()
            return .accepted(mtu: started.ack.mtu)
        } catch let error as SDLSessionError {
            if case .serviceRejected(_, let nak) = error.kind { return .rejected(nak) }
            throw Self.audioError(error, while: "starting the audio service")
        } catch {
            throw AudioStreamingError(.connectionFailed, "starting the audio service: \(error)")
        }
    }

    public func endAudioService() async throws(AudioStreamingError) {
        do {
            try await session.endService(.audio)
        } catch let error as SDLSessionError {
            // An EndServiceNAK (Core's "Service not started" after it ended the service itself) ends it too.
            if case .endServiceRejected = error.kind { return }
            throw Self.audioError(error, while: "ending the audio service")
        } catch {
            throw AudioStreamingError(.connectionFailed, "ending the audio service: \(error)")
        }
    }

    /// Nothing to do: ``SDLSession`` answers the head unit's EndService with EndServiceACK itself, before it
    /// reports the end on `serviceEnds()`.
    public func acknowledgeEndService() async throws(AudioStreamingError) {}

    public func sendAudio(_ payload: ByteBuffer) async throws(AudioStreamingError) {
        do {
            try await session.sendData(payload, on: .audio)
        } catch {
            // The head unit may have ended the service while this chunk was on its way (Core does on NONE): that
            // is the lifecycle's business, reported as `stopped` once its EndService arrives, not a send failure.
            let running = await session.runningServices
            let state = await session.state
            if !running.contains(.audio), state == .ready {
                throw AudioStreamingError(.serviceEnded, "\(error)")
            }
            let sessionError = error as? SDLSessionError ?? SDLSessionError(.connectionFailed("\(error)"))
            throw Self.audioError(sessionError, while: "sending audio")
        }
    }

    /// The head unit's EndService(audio) and the transport's closure, as ``forwardSessionEvents()`` finds them.
    /// The manager's ``AudioStreamManager/run()`` is its one consumer.
    public func audioServiceEvents() -> AsyncStream<AudioServiceEvent> { events }

    /// Carries the session's events to ``audioServiceEvents()`` until the session closes or the task is cancelled:
    /// the head unit's EndService for audio, and the end of the connection (once, then the stream finishes). Run it
    /// once, beside the manager's ``AudioStreamManager/run()``.
    public func forwardSessionEvents() async {
        let ends = await session.serviceEnds()
        let states = await session.connectionStateUpdates()
        let input = eventInput
        await withDiscardingTaskGroup { group in
            group.addTask {
                for await end in ends where end.service == .audio {
                    switch end.cause {
                    case .headUnit: input.yield(.headUnitEndedService)
                    case .movingTransport(let transport): input.yield(.serviceMoved(toTransport: transport))
                    }
                }
            }
            group.addTask {
                for await state in states {
                    if case .closed = state { break }
                }
                // The stream also ends when the session finishes its streams: either way nothing more can be sent.
                if !Task.isCancelled {
                    input.yield(.transportClosed)
                    input.finish()
                }
            }
        }
    }

    static func audioError(_ error: SDLSessionError, while doing: String) -> AudioStreamingError {
        switch error.kind {
        // A stalled peer is as gone as a closed one, as for video (SessionVideoServiceConnection.translate).
        case .connectionClosed, .peerStalled, .heartbeatUnanswered:
            AudioStreamingError(.transportClosed, "\(doing): \(error)")
        default: AudioStreamingError(.connectionFailed, "\(doing): \(error)")
        }
    }
}
