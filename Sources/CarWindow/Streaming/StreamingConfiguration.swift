public import SDLMedia

/// How CarWindow feeds the video stream: frame rate, refresh frames, haptic debounce and the encoder's tuning.
///
/// ```swift
/// var configuration = StreamingConfiguration(frameRate: 30)
/// configuration.refreshInterval = .seconds(2)   // or nil: a static screen sends nothing at all
/// let pump = FramePump(window: window, configuration: configuration)
/// ```
public struct StreamingConfiguration: Sendable, Hashable {
    /// The frame clock's rate, in frames per second (1...60): the encoder's frame rate.
    public var frameRate: Int
    /// How long a screen may stay unchanged before the current picture is sent again, so the encoder refines it
    /// and a late-joining decoder gets a picture; `nil` turns refresh frames off.
    public var refreshInterval: Duration?
    /// When, after the screen last changed, the current picture is sent again so a still screen turns crisp soon
    /// after motion stops: each such frame lets the encoder refine what the motion left coarse (text beside a
    /// list that just stopped scrolling), instead of waiting for ``refreshInterval``. Sorted; empty turns it off.
    /// `carwindow bench carwindow`'s settle row prints the quality each step reaches.
    public var settleRefreshes: [Duration]
    /// How long the haptic rects must stay the same before they are sent (a layout animating settles first).
    public var hapticDebounce: Duration
    /// BGRA frames the renderer's pool keeps.
    public var framePoolCapacity: Int
    /// The encoder tuning CarWindow asks for. Camera by default, for robustness: openh264's screen-content mode
    /// turns nearly every frame into an IDR and then skips most frames when textured content moves as a whole
    /// (`carwindow bench media --motion pan --usage screen`: 17 IDRs and 93 skips in 110 frames), which would make
    /// a satellite map or a photo unusable. On flat vector content, like the sample map, screen-content is fine and
    /// is the better choice under a tight bitrate (`carwindow bench carwindow`, docs/carwindow.md): set it for
    /// such apps.
    public var encoderUsage: EncoderSettings.Usage

    /// The default refresh interval: one full picture a second.
    public static let defaultRefreshInterval = Duration.seconds(1)
    /// The default settle refreshes: 100, 200, 300, 500 and 800 ms after the last change. Each refines the picture
    /// by about half a decibel on a link that left it coarse (`carwindow bench carwindow`, row 8), and five cost a
    /// static screen nothing it notices; past a second the periodic refresh goes on refining.
    public static let defaultSettleRefreshes: [Duration] = [100, 200, 300, 500, 800].map { .milliseconds($0) }
    /// The default haptic debounce.
    public static let defaultHapticDebounce = Duration.milliseconds(250)

    /// Creates a configuration; the frame rate is clamped to 1...60.
    public init(
        frameRate: Int = 30,
        refreshInterval: Duration? = StreamingConfiguration.defaultRefreshInterval,
        settleRefreshes: [Duration] = StreamingConfiguration.defaultSettleRefreshes,
        hapticDebounce: Duration = StreamingConfiguration.defaultHapticDebounce,
        framePoolCapacity: Int = PooledFrameRenderer.defaultCapacity,
        encoderUsage: EncoderSettings.Usage = .camera
    ) {
        self.frameRate = min(max(frameRate, 1), 60)
        self.refreshInterval = refreshInterval.flatMap { $0 > .zero ? $0 : nil }
        self.settleRefreshes = settleRefreshes.filter { $0 > .zero }.sorted()
        self.hapticDebounce = max(hapticDebounce, .zero)
        self.framePoolCapacity = max(1, framePoolCapacity)
        self.encoderUsage = encoderUsage
    }

    /// The time between two frame-clock ticks.
    public var framePeriod: Duration { .seconds(1) / frameRate }

    /// `settings` with this configuration's frame rate and encoder usage (the size and bitrate stay).
    public func applied(to settings: EncoderSettings) -> EncoderSettings {
        var settings = settings
        settings.frameRate = frameRate
        settings.usage = encoderUsage
        return settings
    }
}
