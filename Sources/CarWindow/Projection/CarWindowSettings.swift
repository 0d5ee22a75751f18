public import SDLProjection
public import SDLRPC
public import SDLSession
import SDLStreaming

/// How a CarWindow app runs and streams: the run's options (the app's registration, the video manager's
/// ranges and wishes, the "open the app" message, the capability wait, the hardware buttons, the gesture thresholds,
/// audio, the disconnect policy) in ``projection``, and what CarWindow adds around them: the frame pump's settings
/// and encoder tuning, the window's configuration, the first viewport, the themes. Each setting has one place.
///
/// ```swift
/// var settings = CarWindowSettings(app: AppConfiguration(appName: "Maps", appID: "swiftsdl-nav"))
/// settings.streaming.encoderUsage = .screenContent      // flat vector UI under a tight bit rate
/// settings.openAppMessage = "Open Maps on your phone to continue"
/// settings.window.supportedOrientations = [.landscape]
/// settings.projection.disconnectPolicy = .reconnect(ReconnectPolicy())
/// let window = try WindowSource(settings: settings)
/// let projection = Projection(settings: settings, transport: TCPTransport(host: host, port: port))
/// ```
public struct CarWindowSettings: Sendable {
    /// The run's options, as every `Projection` takes them: the registration (`app`), the video manager's
    /// settings (`video`: ranges per orientation, custom frame and bit rate, background frames, encryption),
    /// `capabilityWait`, `buttons` (``standardButtons`` unless set), `gestures`, `audioFile`, `disconnectPolicy`,
    /// `requiresVideo`, `shutdownWait`.
    public var projection: ProjectionOptions
    /// Frame rate (an upper bound: the head unit's preferred rate wins when it is lower), refresh frames, haptic
    /// debounce, frame pool and encoder usage.
    public var streaming: StreamingConfiguration
    /// The window's render mode, orientations, background and minimum touch target.
    public var window: Window.Configuration
    /// The viewport size the window has until the head unit's capability is known.
    public var initialResolution: Size
    /// Draws the background frames' message.
    public var messageRenderer: OpenAppMessageRenderer
    /// Day, night, or the car's light sensor; the window's theme follows it.
    public var appearance: AppearancePreference = .followsCar(otherwise: .day)
    /// The theme used by day.
    public var dayTheme: Theme = .day
    /// The theme used by night.
    public var nightTheme: Theme = .night

    /// The four pan directions and OK (focus), TUNEUP and TUNEDOWN (next and previous, media apps only in SDL
    /// Core), the map's zoom and centre buttons, and SEARCH: the hardware buttons a CarWindow app subscribes to
    /// unless `projection.buttons` says otherwise (where the car has them and SDL Core grants them). Presses reach
    /// `View.handleButton(_:)` and the window's focus engine.
    ///
    /// ```swift
    /// settings.projection.buttons = [.ok, .search]      // a list app without a map
    /// ```
    public static let standardButtons: [ButtonName] = [
        .navPanUp, .navPanDown, .navPanLeft, .navPanRight, .ok, .tuneup, .tunedown, .navZoomIn, .navZoomOut,
        .navCenterLocation, .search,
    ]

    /// Settings with `projection` as the run's options, taken as they are.
    public init(
        projection: ProjectionOptions,
        streaming: StreamingConfiguration = StreamingConfiguration(),
        window: Window.Configuration = Window.Configuration(),
        initialResolution: Size = Size(width: 800, height: 480),
        messageRenderer: OpenAppMessageRenderer = OpenAppMessageRenderer()
    ) {
        self.projection = projection
        self.streaming = streaming
        self.window = window
        self.initialResolution = initialResolution
        self.messageRenderer = messageRenderer
    }

    /// The default settings of a CarWindow app registered as `app`: the run's defaults with the
    /// ``standardButtons``, no audio, and a lost connection ends the run.
    public init(app: AppConfiguration) {
        var projection = ProjectionOptions(app: app)
        projection.buttons = Self.standardButtons
        self.init(projection: projection)
    }

    /// The text of the frames streamed while the app cannot draw ("open the app on your phone"):
    /// `projection.video.backgroundFrames.message`.
    public var openAppMessage: String {
        get { projection.video.backgroundFrames.message }
        set { projection.video.backgroundFrames.message = newValue }
    }

    /// The frame rate the pump runs at for a stream the head unit negotiated at `negotiated` frames per second: the
    /// lower of the two, so frames are never rendered faster than the encoder is told they come.
    func frameRate(negotiated: Int?) -> Int {
        min(streaming.frameRate, negotiated ?? streaming.frameRate)
    }
}
