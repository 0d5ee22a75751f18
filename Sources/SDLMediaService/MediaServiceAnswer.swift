public import SDLWire

/// What the head unit and the session answer a media service, the same for video and audio: the answers to the
/// machine's StartService and EndService, and what happened to the service on its own. Both lifecycles' inputs
/// carry it as `.service(_:)`. Answers carry the `attempt` number of the request they answer, so a late answer to an
/// abandoned request is recognised and ignored.
///
/// ```swift
/// let ack = MediaStartServiceACK(mtu: 131_072)
/// var machine = AudioStreamStateMachine(format: .default)
/// _ = machine.handle(.hmiLevel(.full))                                       // [.startService(attempt: 1)]
/// _ = machine.handle(.service(.startServiceACK(attempt: 1, ack, encrypted: false)))   // playback starts
/// ```
public enum MediaServiceAnswer: Hashable, Sendable {
    /// The head unit accepted StartService number `attempt`: its ACK (audio reads only the `mtu`) and the ACK's
    /// encryption bit.
    case startServiceACK(attempt: Int, MediaStartServiceACK, encrypted: Bool)
    /// The head unit refused StartService number `attempt`.
    case startServiceNAK(attempt: Int, ServiceNAK)
    /// StartService number `attempt` could not be sent or answered (not a NAK).
    case startServiceFailed(attempt: Int, MediaStreamingError)
    /// The head unit answered EndService number `attempt` with an ACK or a NAK (Core NAKs when it thinks the
    /// service is not running; either way it is gone), or the EndService could not be sent.
    case endServiceAnswered(attempt: Int)
    /// The head unit sent EndService for the service.
    case headUnitEndedService
    /// The session ended the service to run it on another transport: start again at once.
    case serviceMoved
    /// The transport closed; nothing more can be sent.
    case transportClosed
}
