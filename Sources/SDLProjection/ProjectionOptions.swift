public import SDLRPC
public import SDLSession
public import SDLStreaming

/// Everything a projection run is configured with, whatever draws the frames: the app's registration, the video
/// preferences, audio beside the video, and what to do when the head unit goes away.
///
/// `carwindow stream` fills one of these from its options for every `--source`, and `CarWindow`'s projection is
/// built on the same, so an option means the same thing on every path.
///
/// ```swift
/// var options = ProjectionOptions(app: AppConfiguration(appName: "Maps", appID: "swiftsdl-nav"))
/// options.video.dataSource = PreferredFormat(first: .h264RTP)   // ask for RTP first
/// options.video.customFrameRate = 30
/// options.audioFile = "turn-left.wav"
/// let projection = Projection(options: options, transport: TCPTransport(host: "127.0.0.1", port: 12345))
/// ```
public struct ProjectionOptions: Sendable {
    /// The app's registration, timeouts, logger and (for protected video) security.
    public var app: AppConfiguration
    /// Formats, sizes, frame rate, bit rate, background frames and whether to ask for a protected service.
    public var video: VideoStreamingSettings
    /// A file (WAV, MP3, AAC, Ogg, FLAC) to play once on the audio service beside the video; `nil` opens no audio.
    public var audioFile: String?
    /// How long to wait for the head unit's video capability after the first non-NONE level before streaming at the
    /// display size without one.
    public var capabilityWait: Duration
    /// How long shutdown waits for the video service to end before it unregisters anyway.
    public var shutdownWait: Duration
    /// What a lost connection does to the run: end it (``DisconnectPolicy/fail``, the default) or connect and
    /// register again (``DisconnectPolicy/reconnect(_:)``).
    public var disconnectPolicy: DisconnectPolicy

    /// The thresholds of the run's gesture recognizer, which turns the touches into the gestures every source
    /// receives and the `gesture` events.
    ///
    /// ```swift
    /// options.gestures.tapTimeThreshold = .milliseconds(300)
    /// ```
    public var gestures = GestureConfiguration()
    /// Whether a run in which no video stream ever started (the head unit never accepted one, and no frame went
    /// out) is a failure (``ProjectionFailure/Kind/nothingStreamed``, with the reason: the head unit never activated
    /// the app, never answered the video StartService, ...) even when ``Projection/stop()`` ended it. `false`
    /// by default, so an app that stops before its video starts is not an error; every `carwindow` command that
    /// streams sets it, so a run that streamed nothing never exits 0. A stream that started counts, even if a stop
    /// came before its first frame was out: that stop was the user's, not the head unit's.
    ///
    /// ```swift
    /// options.requiresVideo = true   // a script must never mistake an empty run for a good one
    /// ```
    public var requiresVideo = false
    /// Whether the source reports a ``ProjectionEvent/frame(_:)`` for every frame it sends, with when it was asked
    /// for, drawn and sent (``FrameTiming``): for latency work, off by default (up to the frame rate's events a
    /// second).
    ///
    /// ```swift
    /// options.reportsFrameTimings = true   // `--frame-events`: the `frame` lines of the event log
    /// ```
    public var reportsFrameTimings = false
    /// The hardware buttons the app acts on (the map's NAV_ZOOM_IN, OK, ...). Once the head unit first lets the
    /// app out of HMI NONE, on every connection (so again after a reconnection), the run subscribes to each one the
    /// head unit lists in `buttonCapabilities` and SDL Core grants this kind of app
    /// (`ButtonName.isSubscribable(navigation:media:)`); a `buttonSubscription` event says what became of each.
    /// Their events reach the source's `received(_ button:)` and the `button` events. Empty by default.
    ///
    /// ```swift
    /// options.buttons = [.navZoomIn, .navZoomOut, .ok]
    /// ```
    public var buttons: [ButtonName] = []
    /// What happens when the transport to the head unit is lost while the run goes on.
    public enum DisconnectPolicy: Sendable, Hashable {
        /// The run ends with ``ProjectionFailure/Kind/connectionLost`` (a script sees a non-zero exit and an `error`
        /// line): a lost car is never mistaken for a good run.
        case fail
        /// The run connects and registers again after a backoff (a `reconnecting` event before each attempt), with
        /// the `hashID` of the last OnHashChange so the head unit can resume the app's data; the source keeps its
        /// state and is run again on the new connection. When the policy's attempts are spent the run ends with
        /// ``ProjectionFailure/Kind/gaveUp``.
        ///
        /// ```swift
        /// options.disconnectPolicy = .reconnect(ReconnectPolicy(maximumAttempts: nil))   // never give up
        /// ```
        case reconnect(ReconnectPolicy)

        /// The backoff when the policy reconnects.
        public var reconnectPolicy: ReconnectPolicy? {
            if case .reconnect(let policy) = self { return policy }
            return nil
        }
    }

    public init(
        app: AppConfiguration, video: VideoStreamingSettings = VideoStreamingSettings(), audioFile: String? = nil,
        capabilityWait: Duration = .seconds(2), shutdownWait: Duration = .seconds(3),
        disconnectPolicy: DisconnectPolicy = .fail
    ) {
        self.app = app
        self.video = video
        self.audioFile = audioFile
        self.capabilityWait = capabilityWait
        self.shutdownWait = shutdownWait
        self.disconnectPolicy = disconnectPolicy
    }
}
