/// How the video bitrate follows the link: when to call the link congested, how fast to lower the target and how
/// slowly to raise it again. Part of ``VideoStreamingSettings``; ``BitrateController`` applies it.
///
/// The defaults suit a head unit on Wi-Fi or USB: a message that waits 100 ms for the socket means the link is
/// behind; 250 ms means frames already queued will arrive late, so new ones are dropped before the encoder until
/// the backlog has drained.
///
/// ```swift
/// var settings = VideoStreamingSettings()
/// settings.bitrateAdaptation.floor = 300_000       // never below 300 kbit/s
/// settings.bitrateAdaptation = .disabled           // or: a fixed bitrate, as before
/// ```
public struct BitrateAdaptation: Hashable, Sendable {
    /// Whether the bitrate adapts at all; when `false` the negotiated target stays and no frame is dropped here.
    public var isEnabled: Bool
    /// The lowest target, in bits per second. A target configured below it is kept as it is.
    public var floor: Int
    /// Each decrease multiplies the target by this (0.1...0.95).
    public var decreaseFactor: Double
    /// Each increase adds this fraction of the ceiling (0.01...1): 0.05 takes 20 steps from nothing to the ceiling.
    public var increaseFraction: Double
    /// A message that waited this long for the transport means the link is behind: lower the target.
    public var congestedWait: Duration
    /// A wait this long means what is queued already arrives late: drop frames before the encoder for about as long
    /// as the wait (at most ``maximumDropSpan``), so the backlog drains, then send an IDR.
    public var dropWait: Duration
    /// The longest stretch of frames dropped in one go: then one frame goes through to measure the link again.
    public var maximumDropSpan: Duration
    /// At most one decrease per interval: the encoder's rate control needs a few frames to follow a new target.
    public var decreaseInterval: Duration
    /// How long the link must stay clear before the first increase.
    public var recoveryDelay: Duration
    /// At most one increase per interval once recovered.
    public var increaseInterval: Duration

    /// Creates a configuration; every value has a default.
    public init(
        isEnabled: Bool = true,
        floor: Int = 200_000,
        decreaseFactor: Double = 0.7,
        increaseFraction: Double = 0.05,
        congestedWait: Duration = .milliseconds(100),
        dropWait: Duration = .milliseconds(250),
        maximumDropSpan: Duration = .seconds(1),
        decreaseInterval: Duration = .milliseconds(500),
        recoveryDelay: Duration = .seconds(2),
        increaseInterval: Duration = .seconds(1)
    ) {
        self.isEnabled = isEnabled
        self.floor = max(64_000, floor)
        self.decreaseFactor = min(0.95, max(0.1, decreaseFactor))
        self.increaseFraction = min(1, max(0.01, increaseFraction))
        self.congestedWait = max(.milliseconds(1), congestedWait)
        self.dropWait = max(self.congestedWait, dropWait)
        self.maximumDropSpan = max(.zero, maximumDropSpan)
        self.decreaseInterval = max(.zero, decreaseInterval)
        self.recoveryDelay = max(.zero, recoveryDelay)
        self.increaseInterval = max(.zero, increaseInterval)
    }

    /// No adaptation: the negotiated bitrate for the whole stream.
    public static let disabled = BitrateAdaptation(isEnabled: false)
}
