public import SDLRPC
public import SDLWire

/// Everything that can move the lifecycle: facts from the head unit and the host, and answers to what the machine
/// asked for. Answers carry the `attempt` number of the request they answer, so a late answer to an old request
/// is recognised and ignored.
///
/// ```swift
/// let actions = machine.handle(.hmiStatus(status))
/// ```
public enum VideoStreamInput: Hashable, Sendable {
    /// The app registered (RegisterAppInterface response).
    case registered(HeadUnitVideoInfo)
    /// The head unit's video capability (GetSystemCapability or OnSystemCapabilityUpdated), merged into the one
    /// known so far (fields an update omits keep their values). `nil` means the head unit has none, so the
    /// registration's display size is used; once a capability is known, `nil` is ignored, as sdl_ios does.
    case capability(VideoStreamingCapability?)
    /// An OnHMIStatus; statuses for windows other than the main one are ignored.
    case hmiStatus(OnHMIStatus)
    /// The host changed the app's state.
    case appState(AppState)
    /// The head unit accepted StartService number `attempt`; `encrypted` is the ACK's encryption bit.
    case startServiceACK(attempt: Int, MediaStartServiceACK, encrypted: Bool)
    /// The head unit refused StartService number `attempt`.
    case startServiceNAK(attempt: Int, ServiceNAK)
    /// StartService number `attempt` could not be sent or answered (not a NAK).
    case startServiceFailed(attempt: Int, VideoStreamingError)
    /// The head unit answered EndService number `attempt` with an ACK or a NAK (Core NAKs when it thinks the
    /// service is not running; either way it is gone).
    case endServiceAnswered(attempt: Int)
    /// The head unit sent an EndService for video.
    case headUnitEndedService
    /// The session ended the service to run it on another transport: start again at once.
    case serviceMoved
    /// The transport closed.
    case transportClosed
    /// The encoder could not be created or failed.
    case encoderFailed(VideoStreamingError)
    /// The host wants no video: end the service and stay stopped until ``restart``.
    case stop
    /// The host wants the stream (re)started: end it if open, then start when the gate allows.
    case restart
}

/// What the machine asks its owner to do, in order.
public enum VideoStreamAction: Hashable, Sendable {
    /// Send a video StartService; answer with `.startServiceACK`/`.startServiceNAK`/`.startServiceFailed`.
    case startService(attempt: Int, VideoStartService)
    /// Send a video EndService; answer with `.endServiceAnswered`.
    case endService(attempt: Int)
    /// Answer the head unit's EndService with an EndServiceACK.
    case acknowledgeEndService
    /// Tell the head unit which of its sizes the app supports.
    case sendAppCapability(OnAppCapabilityUpdated)
    /// Build a new encoder (replacing any old one); its first output is an IDR with SPS/PPS.
    case createEncoder(VideoEncoderConfiguration)
    /// Throw the encoder away.
    case destroyEncoder
    /// Make the next encoded frame an IDR.
    case requestKeyFrame
    /// Encode and send the "open the app" frames.
    case sendBackgroundFrames(BackgroundFrames, frameRate: Int)
    /// Tell the app.
    case emit(VideoStreamEvent)
}
