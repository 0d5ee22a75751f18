/// Where CarWindow is in the life of a video stream, as the streaming integration reports it.
///
/// ```text
///   disconnected ──▶ readyForStreaming ──▶ streaming ──▶ stopping ──▶ readyForStreaming or disconnected
///        ▲                                     │
///        └───────────── (session lost) ────────┘
/// ```
///
/// ```swift
/// for await event in carWindowEvents {
///     if case .stateChanged(.streaming) = event { showOnCarScreen() }
/// }
/// ```
public enum CarWindowState: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// No head unit, or the app may not stream (HMI level NONE or BACKGROUND).
    case disconnected
    /// The head unit allows streaming and its capabilities are known; the video service is not running.
    case readyForStreaming
    /// Frames are being rendered and sent.
    case streaming
    /// The video service is ending (a resize restarts it; the app went to the background).
    case stopping

    /// Whether the integration may move from this state to `next` (any state may fall back to disconnected).
    public func canMove(to next: CarWindowState) -> Bool {
        switch (self, next) {
        case (_, .disconnected): self != .disconnected
        case (.disconnected, .readyForStreaming), (.readyForStreaming, .streaming), (.streaming, .stopping),
            (.stopping, .readyForStreaming):
            true
        default: false
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

/// What CarWindow tells the app, in order, through an `AsyncStream` the integration feeds.
///
/// ```swift
/// let (events, continuation) = AsyncStream.makeStream(of: CarWindowEvent.self)
/// continuation.yield(.capabilitiesChanged(caps))
/// continuation.yield(.stateChanged(.readyForStreaming))
/// ```
public enum CarWindowEvent: Hashable, Sendable {
    /// The state changed.
    case stateChanged(CarWindowState)
    /// The head unit's display capabilities changed (size, scale, density, haptics); the window was resized and
    /// laid out before the first frame at the new size.
    case capabilitiesChanged(DisplayMetrics)
    /// `OnDriverDistraction` said the driver is (DD_ON, `true`) or is no longer (DD_OFF) to be distracted; the window's
    /// ``Window/isDriverDistracted`` already follows it (the run's `driverDistraction` event may come before that).
    case driverDistractionChanged(Bool)
    /// Something failed where it could not be thrown (a touch that could not be read, a stream error, a request
    /// the head unit refused).
    case error(CarWindowError)
}
