import NIOCore
public import SDLMediaService
import SDLSession
import SDLWire

/// ``AudioServiceConnection`` on an ``SDLSession``: the session adapter both media services share, set to audio.
///
/// | requirement | session call |
/// |---|---|
/// | ``startAudioService()`` | StartService(audio, empty payload): `.accepted(mtu: ack.mtu)`, or `.rejected(nak)` |
/// | the rest of ``MediaServiceConnection`` | as the generic adapter: EndService, sendData on `.audio`, its events |
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
    public func startAudioService() async throws(MediaStreamingError) -> AudioServiceStartOutcome {
        switch try await start(payload: ByteBuffer(), encrypted: false) {
        case .accepted(let started): .accepted(mtu: started.ack.mtu)
        case .rejected(let nak): .rejected(nak)
        }
    }
}
