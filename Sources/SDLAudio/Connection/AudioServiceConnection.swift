public import NIOCore
public import SDLMediaService
public import SDLWire

/// The slice of an SDL session the audio manager needs: open and close the audio service (0x0A), send PCM on it,
/// and hear when the head unit ends it or the transport closes. `SDLSession` satisfies it through a thin adapter:
///
/// | requirement | session call |
/// |---|---|
/// | ``startAudioService()`` | StartService(audio, empty payload), await StartServiceACK (`mtu`) or NAK |
/// | ``endAudioService()`` | EndService(audio, empty payload), await EndServiceACK or EndServiceNAK |
/// | ``acknowledgeEndService()`` | EndServiceACK(audio) for the head unit's EndService |
/// | ``sendAudio(_:)`` | one single-frame message of raw PCM on the audio service (PS §5.4) |
/// | ``audioServiceEvents()`` | the head unit's EndService(audio) and transport closure |
///
/// Every call must return or throw when the transport closes: a call that never returns would stall the stream.
///
/// ```swift
/// struct SessionAudioConnection: AudioServiceConnection {
///     let session: SDLSession
///     func sendAudio(_ payload: ByteBuffer) async throws(AudioStreamingError) {
///         do { try await session.sendData(payload, on: .audio) } catch {
///             throw AudioStreamingError(.connectionFailed, "\(error)")
///         }
///     }
///     // …
/// }
/// ```
public protocol AudioServiceConnection: Sendable {
    /// Sends an audio StartService (no payload) and waits for the head unit's answer.
    ///
    /// - Returns: `.accepted` with the ACK's `mtu`, or `.rejected` with the NAK's payload.
    /// - Throws: `.connectionFailed` or `.transportClosed` when no answer can come.
    func startAudioService() async throws(AudioStreamingError) -> AudioServiceStartOutcome

    /// Sends an audio EndService and waits for the EndServiceACK or EndServiceNAK (either means the service is gone).
    func endAudioService() async throws(AudioStreamingError)

    /// Answers the head unit's own EndService(audio) with an EndServiceACK.
    func acknowledgeEndService() async throws(AudioStreamingError)

    /// Sends one PCM chunk (at most the service's MTU) on the open audio service. It may suspend while the
    /// transport is busy; the manager's pacing absorbs that.
    func sendAudio(_ payload: ByteBuffer) async throws(AudioStreamingError)

    /// The head unit's unsolicited events. Called once by ``AudioStreamManager/run()``; the stream finishes when
    /// the session ends.
    func audioServiceEvents() -> AsyncStream<AudioServiceEvent>
}

/// The head unit's answer to an audio StartService.
public enum AudioServiceStartOutcome: Hashable, Sendable {
    /// StartServiceACK, with its `mtu` (SDL Core sends 131 072 as int64).
    case accepted(mtu: Int64?)
    /// StartServiceNAK, with its payload.
    case rejected(ServiceNAK)
}

/// Something the head unit or the transport did on its own: the same events as video's.
public typealias AudioServiceEvent = MediaServiceEvent
