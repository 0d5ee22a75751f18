public import SDLRPC
public import SDLSession
public import SDLStreaming

/// Where a ``Projection`` is in the life of a video stream. It is derived, never stored: one function of the
/// session's connection state, its HMI status and the video manager's status (``init(connection:hmi:video:)``), so it
/// cannot drift from them. Read it with ``Projection/state`` whenever a run event may have changed it.
///
/// ```text
///   disconnected ──▶ readyForStreaming ──▶ streaming ──▶ stopping ──▶ readyForStreaming or disconnected
///        ▲                                     │
///        └───────────── (session lost) ────────┘
/// ```
///
/// ```swift
/// for await event in await projection.events() {
///     if case .video(.started) = event, await projection.state == .streaming { showOnCarScreen() }
/// }
/// ```
public enum ProjectionState: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// No registered session, or the app may not stream (`HMIStatus.allowsVideo` is false).
    case disconnected
    /// The head unit allows streaming; the video service is not open yet (or is starting).
    case readyForStreaming
    /// The video service is open: frames are rendered and sent (or, suspended in the background, the "open the
    /// app" frames).
    case streaming
    /// The video service is ending (a resize restarts it; the app went to the background).
    case stopping

    /// The state of a projection whose session is in `connection` with the main window's `hmi` status (`nil` before
    /// the first), while its video manager is in `video` (its `status.state`).
    ///
    /// ```swift
    /// ProjectionState(connection: .ready, hmi: status, video: await manager.status.state)   // .streaming while open
    /// ```
    public init(connection: ConnectionState, hmi: HMIStatus?, video: VideoStreamState) {
        guard connection == .ready else {
            self = .disconnected
            return
        }
        switch video {
        case .ready, .suspended: self = .streaming
        case .shuttingDown: self = .stopping
        case .stopped, .starting: self = hmi?.allowsVideo == true ? .readyForStreaming : .disconnected
        }
    }

    public var description: String {
        switch self {
        case .disconnected: "disconnected"
        case .readyForStreaming: "readyForStreaming"
        case .streaming: "streaming"
        case .stopping: "stopping"
        }
    }
}
