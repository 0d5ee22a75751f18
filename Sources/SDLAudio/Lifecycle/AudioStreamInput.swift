public import SDLRPC
public import SDLWire

/// What can happen to the audio lifecycle. Answers carry the attempt number of the request they answer, so a late
/// answer to an abandoned request is recognised and ignored.
public enum AudioStreamInput: Hashable, Sendable {
    /// The main window's HMI level changed (from OnHMIStatus).
    case hmiLevel(HMILevel)
    /// StartServiceACK(audio), with its `mtu` if it had one.
    case startServiceACK(attempt: Int, mtu: Int64?)
    /// StartServiceNAK(audio).
    case startServiceNAK(attempt: Int, ServiceNAK)
    /// StartService could not be sent or answered.
    case startServiceFailed(attempt: Int, AudioStreamingError)
    /// EndServiceACK or EndServiceNAK (either way the service is gone), or the EndService could not be sent.
    case endServiceAnswered(attempt: Int)
    /// The head unit sent EndService(audio).
    case headUnitEndedService
    /// The session ended the service to run it on another transport: start again at once.
    case serviceMoved
    /// The transport closed; nothing more can be sent.
    case transportClosed
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
