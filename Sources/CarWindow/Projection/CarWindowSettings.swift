public import SDLProjection
public import SDLRPC
public import SDLSession
public import SDLStreaming

/// How a ``CarWindowProjection`` streams: the frame pump's settings and encoder tuning, the video manager's ranges
/// and wishes, the "open the app" message, and the window's configuration.
///
/// ```swift
/// var settings = CarWindowSettings()
/// settings.streaming.encoderUsage = .screenContent      // flat vector UI under a tight bit rate
/// settings.openAppMessage = "Open Maps on your phone to continue"
/// settings.window.supportedOrientations = [.landscape]
/// ```
public struct CarWindowSettings: Sendable {
    /// Frame rate (an upper bound: the head unit's preferred rate wins when it is lower), refresh frames, haptic
    /// debounce, frame pool and encoder usage.
    public var streaming: StreamingConfiguration
    /// The video manager's settings: ranges per orientation, custom frame and bit rate, background frames,
    /// encryption.
    public var video: VideoStreamingSettings
    /// The window's render mode, orientations, background and gesture thresholds.
    public var window: Window.Configuration
    /// The viewport size the window has until the head unit's capability is known.
    public var initialResolution: Size
    /// Draws the background frames' message.
    public var messageRenderer: OpenAppMessageRenderer
    /// How long to wait for the head unit's video capability before streaming at its display size.
    public var capabilityWait: Duration
    /// Day, night, or the car's light sensor; the window's theme follows it.
    public var appearance: AppearancePreference = .followsCar(otherwise: .day)
    /// The theme used by day.
    public var dayTheme: Theme = .day
    /// The theme used by night.
    public var nightTheme: Theme = .night
    /// The hardware buttons the projection subscribes to (where the car has them and SDL Core grants them): by
    /// default the ones the focus engine and the map use, ``standardButtons``. Presses reach
    /// ``View/handleButton(_:)`` and the window's focus engine.
    ///
    /// ```swift
    /// settings.buttons = [.ok, .search]      // a list app without a map
    /// ```
    public var buttons: [ButtonName] = Self.standardButtons

    /// The four pan directions and OK (focus), TUNEUP and TUNEDOWN (next and previous, media apps only in SDL
    /// Core), the map's zoom and centre buttons, and SEARCH.
    public static let standardButtons: [ButtonName] = [
        .navPanUp, .navPanDown, .navPanLeft, .navPanRight, .ok, .tuneup, .tunedown, .navZoomIn, .navZoomOut,
        .navCenterLocation, .search,
    ]

    public init(
        streaming: StreamingConfiguration = StreamingConfiguration(),
        video: VideoStreamingSettings = VideoStreamingSettings(),
        window: Window.Configuration = Window.Configuration(),
        initialResolution: Size = Size(width: 800, height: 480),
        messageRenderer: OpenAppMessageRenderer = OpenAppMessageRenderer(),
        capabilityWait: Duration = .seconds(2)
    ) {
        self.streaming = streaming
        self.video = video
        self.window = window
        self.initialResolution = initialResolution
        self.messageRenderer = messageRenderer
        self.capabilityWait = capabilityWait
    }

    /// The text of the frames streamed while the app cannot draw ("open the app on your phone").
    public var openAppMessage: String {
        get { video.backgroundFrames.message }
        set { video.backgroundFrames.message = newValue }
    }

    /// The run options these settings mean for `app`: the video settings and the capability wait, no audio, and a
    /// lost connection ends the run. Change the result for more (audio, a protocol preference) and pass it to
    /// `CarWindowProjection/init(options:transport:settings:)`.
    ///
    /// ```swift
    /// var options = CarWindowSettings().projectionOptions(app: app)
    /// options.audioFile = "welcome.wav"
    /// ```
    public func projectionOptions(app: AppConfiguration) -> ProjectionOptions {
        var options = ProjectionOptions(app: app, video: video, capabilityWait: capabilityWait)
        options.gestures = window.gestures
        options.buttons = buttons
        return options
    }

    /// The frame rate the pump runs at for a stream the head unit negotiated at `negotiated` frames per second: the
    /// lower of the two, so frames are never rendered faster than the encoder is told they come.
    func frameRate(negotiated: Int?) -> Int {
        min(streaming.frameRate, negotiated ?? streaming.frameRate)
    }
}
