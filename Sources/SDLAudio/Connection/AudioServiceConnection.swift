public import SDLMediaService
public import SDLWire

/// The slice of an SDL session the audio manager needs: the audio service (0x0A) as a ``MediaServiceConnection``
/// (end it, send PCM chunks on it, hear what happens to it), and how it starts. `SDLSession` satisfies it through
/// ``SessionAudioServiceConnection``:
///
/// | requirement | session call |
/// |---|---|
/// | ``startAudioService()`` | StartService(audio, empty payload), await StartServiceACK (`mtu`) or NAK |
/// | ``MediaServiceConnection/send(_:)`` | one single-frame message of raw PCM on the audio service |
/// | the rest of ``MediaServiceConnection`` | EndService(audio), EndServiceACK(audio), the service's events |
///
/// ```swift
/// struct RecordingAudioConnection: AudioServiceConnection {
///     let inner: SessionAudioServiceConnection
///     func startAudioService() async throws(MediaStreamingError) -> AudioServiceStartOutcome {
///         print("audio starts"); return try await inner.startAudioService()
///     }
///     func send(_ payload: ByteBuffer) async throws(MediaStreamingError) { try await inner.send(payload) }
///     // endService(), acknowledgeEndService(), serviceEvents() likewise
/// }
/// ```
public protocol AudioServiceConnection: MediaServiceConnection {
    /// Sends an audio StartService (no payload) and waits for the head unit's answer.
    ///
    /// - Returns: `.accepted` with the ACK's `mtu`, or `.rejected` with the NAK's payload.
    /// - Throws: `.connectionFailed` or `.transportClosed` when no answer can come.
    func startAudioService() async throws(MediaStreamingError) -> AudioServiceStartOutcome
}

/// The head unit's answer to an audio StartService.
public enum AudioServiceStartOutcome: Hashable, Sendable {
    /// StartServiceACK, with its `mtu` (SDL Core sends 131 072 as int64).
    case accepted(mtu: Int64?)
    /// StartServiceNAK, with its payload.
    case rejected(ServiceNAK)
}
