public import NIOCore
public import SDLMediaService
public import SDLSession

/// ``AudioServiceConnection`` on an ``SDLSession``: the session adapter both media services share, set to audio.
///
/// | requirement | session call |
/// |---|---|
/// | ``startAudioService()`` | StartService(audio, empty payload): `.accepted(mtu: ack.mtu)`, or `.rejected(nak)` |
/// | ``endAudioService()`` | `session.endService(.audio)`; an EndServiceNAK ends it too |
/// | ``acknowledgeEndService()`` | nothing: the session already answered the head unit's EndService |
/// | ``sendAudio(_:)`` | `session.sendData(chunk, on: .audio)` |
/// | ``audioServiceEvents()`` | `serviceEnds()` (audio) and a closed connection |
///
/// Use ``SessionAudioStream`` unless you drive an ``AudioStreamManager`` yourself:
///
/// ```swift
/// let connection = SessionAudioServiceConnection(session: session)
/// let manager = AudioStreamManager(format: format, connection: connection, clock: ContinuousClock())
/// await withDiscardingTaskGroup { group in
///     group.addTask { await manager.run() }
///     // ... feed manager.hmiLevelChanged(_:) from session.hmiStatusUpdates()
/// }
/// ```
public typealias SessionAudioServiceConnection = SessionMediaServiceConnection<AudioService>

extension SessionMediaServiceConnection: AudioServiceConnection where Service == AudioService {
    /// An adapter for `session`'s audio service; nothing happens until the manager calls it.
    public init(session: SDLSession) { self.init(session, carrying: AudioService.self) }

    public func startAudioService() async throws(AudioStreamingError) -> AudioServiceStartOutcome {
        switch try await start(payload: ByteBuffer(), encrypted: false) {
        case .accepted(let started): .accepted(mtu: started.ack.mtu)
        case .rejected(let nak): .rejected(nak)
        }
    }

    /// The head unit's EndService(audio), a move to another transport, and the end of the connection. The manager's
    /// ``AudioStreamManager/run()`` is its one consumer.
    public func audioServiceEvents() -> AsyncStream<AudioServiceEvent> { serviceEvents() }

    /// Sends one chunk. The head unit may have ended the service while it was on its way (Core does on NONE):
    /// that is `.serviceEnded`, which the manager only logs: the lifecycle reports `stopped` once the EndService
    /// arrives.
    public func sendAudio(_ payload: ByteBuffer) async throws(AudioStreamingError) { try await send(payload) }

    public func endAudioService() async throws(AudioStreamingError) { try await end() }
}
