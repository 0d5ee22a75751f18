/// Decides, frame by frame, the encoder's target bitrate and whether a frame is worth encoding, from the link's
/// back-pressure. A pure value: it takes samples with their times and returns decisions, so every path is tested
/// with explicit timestamps.
///
/// The policy is additive increase, multiplicative decrease, with drops:
///
/// ```
///  wait ≥ dropWait        drop frames before the encoder for about that wait (≤ maximumDropSpan), lower the target;
///                         the first frame after the drops is an IDR
///  wait ≥ congestedWait   lower the target (× decreaseFactor, and to at most linkShare × the rate the link took in
///                         the last second; at most once per decreaseInterval, not below floor)
///  otherwise              clear: after recoveryDelay, raise by increaseFraction × ceiling per increaseInterval
/// ```
///
/// The "wait" is the largest of the oldest queued message's wait, the last video message's wait (counted once,
/// when a new message has been taken), and the queued bytes' sending time at the current target. Dropping happens
/// before the encoder, so openh264's reference chain stays whole; the IDR after a drop gives a head unit that
/// discarded late data itself a clean point to start again from.
///
/// ```swift
/// var controller = BitrateController(configuration: BitrateAdaptation(), target: 1_500_000)
/// let decision = controller.decide(at: .seconds(12), pressure: LinkPressure(lastWait: .milliseconds(400),
///                                                                           messagesTaken: 360))
/// // decision.encodes == false; decision.newTarget?.bitrate == 1_050_000
/// ```
public struct BitrateController: Hashable, Sendable {
    public let configuration: BitrateAdaptation
    /// The highest target: the negotiated one (already under the head unit's maxBitrate).
    public let ceiling: Int
    /// The target now, in bits per second.
    public private(set) var target: Int
    /// Frames dropped before the encoder so far.
    public private(set) var framesDropped = 0

    private var lowest: Int
    private var seenMessages: Int?
    private var dropUntil: Duration?
    private var droppedSinceLastEncode = false
    private var lastDecrease: Duration?
    private var lastIncrease: Duration?
    private var clearSince: Duration?
    private var lastSentRate = 0

    /// The link's rate seen at the last congestion; raising stays under `linkShare` of it until the link has been
    /// clear for ``probeDelay``, so the sawtooth does not climb back over a link it has just measured.
    private var knownLimit: Int?

    /// While the link is behind, the rate it took is about its capacity: a decrease goes to this share of it at
    /// most, so one step lands under the link instead of several.
    public static let linkShare = 0.8
    /// How long the link must stay clear before raising may go past the rate measured at the last congestion.
    public static let probeDelay = Duration.seconds(10)

    /// A controller starting at `target`, which is also the ceiling.
    public init(configuration: BitrateAdaptation, target: Int) {
        self.configuration = configuration
        self.ceiling = max(1, target)
        self.target = max(1, target)
        // A target already below the floor is the app's choice: never lowered further.
        self.lowest = min(configuration.floor, max(1, target))
    }

    /// The decision for a frame about to be encoded at `time` (any monotonic origin; times must not go back).
    public mutating func decide(at time: Duration, pressure: LinkPressure) -> BitrateDecision {
        guard configuration.isEnabled else { return BitrateDecision(encodes: true) }
        let wait = observedWait(pressure)
        lastSentRate = pressure.sentBitsPerSecond
        if wait >= configuration.congestedWait, lastSentRate > 0 { knownLimit = lastSentRate }
        if let end = dropUntil, time < end {
            // Still draining the backlog; a worse wait meanwhile may still lower the target.
            framesDropped += 1
            let lowered = wait >= configuration.congestedWait ? lower(at: time) : nil
            return BitrateDecision(encodes: false, newTarget: lowered)
        }
        dropUntil = nil
        if wait >= configuration.dropWait {
            clearSince = nil
            dropUntil = time + min(wait, configuration.maximumDropSpan)
            droppedSinceLastEncode = true
            framesDropped += 1
            return BitrateDecision(encodes: false, newTarget: lower(at: time))
        }
        let keyFrame = droppedSinceLastEncode
        droppedSinceLastEncode = false
        if wait >= configuration.congestedWait {
            clearSince = nil
            return BitrateDecision(encodes: true, keyFrame: keyFrame, newTarget: lower(at: time))
        }
        let since = clearSince ?? time
        clearSince = since
        return BitrateDecision(encodes: true, keyFrame: keyFrame, newTarget: raise(at: time, clearSince: since))
    }

    private mutating func observedWait(_ pressure: LinkPressure) -> Duration {
        var wait = pressure.oldestWait
        if seenMessages != pressure.messagesTaken {
            // A new measurement; an old one is not counted twice (it would keep a drained link "congested").
            seenMessages = pressure.messagesTaken
            wait = max(wait, pressure.lastWait)
        }
        if pressure.queuedBytes > 0 {
            let sending = Duration.seconds(Double(pressure.queuedBytes) * 8 / Double(target))
            wait = max(wait, sending)
        }
        return wait
    }

    private mutating func lower(at time: Duration) -> BitrateChange? {
        if let last = lastDecrease, time - last < configuration.decreaseInterval { return nil }
        var lowered = Int((Double(target) * configuration.decreaseFactor).rounded())
        if lastSentRate > 0 { lowered = min(lowered, Int((Double(lastSentRate) * Self.linkShare).rounded())) }
        lowered = max(lowest, lowered)
        guard lowered < target else { return nil }
        lastDecrease = time
        lastIncrease = nil
        return change(to: lowered, reason: .congested)
    }

    private mutating func raise(at time: Duration, clearSince since: Duration) -> BitrateChange? {
        guard target < ceiling, time - since >= configuration.recoveryDelay else { return nil }
        if let last = lastIncrease, time - last < configuration.increaseInterval { return nil }
        if time - since >= Self.probeDelay { knownLimit = nil }
        var limit = ceiling
        if let knownLimit { limit = min(limit, max(lowest, Int((Double(knownLimit) * Self.linkShare).rounded()))) }
        let step = max(1, Int((Double(ceiling) * configuration.increaseFraction).rounded()))
        let raised = min(limit, target + step)
        guard raised > target else { return nil }
        lastIncrease = time
        return change(to: raised, reason: .recovered)
    }

    private mutating func change(to bitrate: Int, reason: BitrateChange.Reason) -> BitrateChange {
        let previous = target
        target = bitrate
        return BitrateChange(bitrate: bitrate, previous: previous, reason: reason, framesDropped: framesDropped)
    }
}
