// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public import SDLWire

/// The `OnHMIStatus` notification, function id 32768 (0x8000).
public struct OnHMIStatus: RPCNotification, Hashable {
    public static let functionID = FunctionID.onHMIStatus

    /// See HMILevel
    public var hmiLevel: HMILevel

    /// See AudioStreamingState
    public var audioStreamingState: AudioStreamingState

    /// See SystemContext
    public var systemContext: SystemContext

    /// See VideoStreamingState. If it is NOT_STREAMABLE, the app must stop streaming video to SDL Core(stop service).
    /// Head unit default: STREAMABLE.
    public var videoStreamingState: VideoStreamingState?

    /// This is the unique ID assigned to the window that this RPC is intended. If this param is not included, it will
    /// be assumed that this request is specifically for the main window on the main display. See PredefinedWindows
    /// enum.
    public var windowID: Int?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        hmiLevel: HMILevel,
        audioStreamingState: AudioStreamingState,
        systemContext: SystemContext,
        videoStreamingState: VideoStreamingState? = nil,
        windowID: Int? = nil
    ) {
        self.hmiLevel = hmiLevel
        self.audioStreamingState = audioStreamingState
        self.systemContext = systemContext
        self.videoStreamingState = videoStreamingState
        self.windowID = windowID
    }
}
