public import SDLMediaService
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
    /// The head unit's or the session's answer to the service: StartService's ACK (with its encryption bit), NAK
    /// or failure, EndService's answer, the head unit's EndService, a move to another transport, the transport's end.
    case service(MediaServiceAnswer)
    /// The encoder could not be created or failed.
    case encoderFailed(MediaStreamingError)
    /// The host wants no video: end the service and stay stopped until ``restart``.
    case stop
    /// The host wants the stream (re)started: end it if open, then start when the gate allows.
    case restart
}

/// What the machine asks its owner to do, in order.
public enum VideoStreamAction: Hashable, Sendable {
    /// Send a video StartService; answer with `.service(_:)`: `.startServiceACK`, `.startServiceNAK` or
    /// `.startServiceFailed`.
    case startService(attempt: Int, VideoStartService)
    /// Send a video EndService; answer with `.service(.endServiceAnswered)`.
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
