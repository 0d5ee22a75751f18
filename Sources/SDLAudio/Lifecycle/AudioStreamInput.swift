public import SDLMediaService
public import SDLRPC

/// What can happen to the audio lifecycle. Answers carry the attempt number of the request they answer, so a late
/// answer to an abandoned request is recognised and ignored.
///
/// ```swift
/// _ = machine.handle(.hmiLevel(.full))
/// _ = machine.handle(.service(.headUnitEndedService))
/// ```
public enum AudioStreamInput: Hashable, Sendable {
    /// The main window's HMI level changed (from OnHMIStatus).
    case hmiLevel(HMILevel)
    /// The head unit's or the session's answer to the service: StartService's ACK (only its `mtu` matters to
    /// audio), NAK or failure, EndService's answer, the head unit's EndService, a move, the transport's end.
    case service(MediaServiceAnswer)
    /// The app stops audio and keeps it stopped.
    case disable
    /// The app allows audio again (also clears a failure that was waiting for the HMI to reopen).
    case enable
}

/// What the manager must do, in order.
public enum AudioStreamAction: Hashable, Sendable {
    /// Send StartService(audio) with an empty payload and feed the answer back with this attempt number.
    case startService(attempt: Int)
    /// Send EndService(audio) and feed the answer back with this attempt number.
    case endService(attempt: Int)
    /// Answer the head unit's EndService(audio) with EndServiceACK.
    case acknowledgeEndService
    /// The service is open: start sending queued PCM, in chunks that fit `description.mtu`.
    case startPlayback(AudioStreamDescription)
    /// Stop sending at once (the service is closing or gone).
    case stopPlayback
    /// Tell the app.
    case emit(AudioStreamEvent)
}
