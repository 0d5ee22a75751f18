/// Real-time pacing for the audio service, as a pure value over a clock's instants.
///
/// The head unit plays PCM at its sample rate and buffers what arrives early. The pacer keeps a timeline: the
/// instant the head unit started playing the current run of audio (``origin``) and the sample frames sent since.
/// A chunk may go out while the head unit holds less than ``lead`` of unplayed audio, so after any send it holds
/// at most `lead + one chunk`: enough that it never starves, little enough that a new prompt interrupts quickly.
///
/// ```
///  media sent   ──────────────┐ ≤ elapsed + lead + chunk
///  elapsed      ─────────┐    │
///               origin   now  next deadline = origin + sent − lead
/// ```
///
/// When nothing was sent for longer than the head unit had buffered, it has drained: the next chunk starts a new
/// timeline at once.
///
/// ```swift
/// var pacer = AudioPacer<ContinuousClock.Instant>(format: .default, lead: .milliseconds(200))
/// if pacer.maySend(at: clock.now) { pacer.didSend(frames: 1_600, at: clock.now) }
/// ```
struct AudioPacer<Instant: InstantProtocol>: Sendable where Instant.Duration == Duration {
    let format: PCMFormat
    /// The most unplayed audio the head unit may hold before another chunk is sent.
    let lead: Duration
    /// When the head unit started the current run; `nil` before the first chunk or after a reset.
    private(set) var origin: Instant?
    /// Sample frames sent since ``origin``.
    private(set) var sentFrames = 0

    init(format: PCMFormat, lead: Duration) {
        self.format = format
        self.lead = max(.zero, lead)
    }

    /// When the audio sent so far will have played; `nil` when no timeline runs.
    var playedOutAt: Instant? { origin?.advanced(by: format.duration(ofFrames: sentFrames)) }

    /// The earliest instant the next chunk may be sent; `nil` means at once.
    var nextSendAt: Instant? { playedOutAt?.advanced(by: .zero - lead) }

    /// Whether a chunk may be sent at `now`.
    func maySend(at now: Instant) -> Bool {
        guard let nextSendAt else { return true }
        return now >= nextSendAt
    }

    /// Records a chunk of `frames` sample frames sent at `now`; starts a new timeline if the head unit drained.
    mutating func didSend(frames: Int, at now: Instant) {
        if let playedOutAt, now <= playedOutAt {
            sentFrames += frames
        } else {
            origin = now
            sentFrames = frames
        }
    }

    /// Forgets the timeline (the service stopped: the next service starts from an empty buffer).
    mutating func reset() {
        origin = nil
        sentFrames = 0
    }
}
