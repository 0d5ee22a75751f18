/// Decides, frame by frame, the encoder's target bitrate and whether a frame is worth encoding, from the link's
/// back-pressure. A pure value: it takes samples with their times and returns decisions, so every path is tested
/// with explicit timestamps.
///
/// The policy is additive increase, multiplicative decrease, with drops and pacing:
///
/// ```
///  wait ≥ dropWait        drop frames before the encoder for about that wait (≤ maximumDropSpan), lower the target
///  wait ≥ congestedWait   lower the target (× decreaseFactor, and to at most linkShare × the link's measured rate;
///   or a delivery rate    at most once per decreaseInterval, not below floor)
///   under the target
///  otherwise              clear: after recoveryDelay, raise by increaseFraction × ceiling per increaseInterval
///  below the ceiling      pace: a frame is dropped before the encoder while the bytes sent exceed a budget that
///                         fills at the target (the encoder overshoots its target on busy pictures)
/// ```
///
/// The "wait" is the largest of the oldest queued message's wait, the last video message's wait (counted once,
/// when a new message has been taken), and the queued bytes' sending time at the current target. It counts only
/// when the link caused it: a transport that can tell (``LinkPressure/linkWaited``) must have waited for the link
/// since the last decision, at least ``localWaitTolerance`` of it, or be waiting now. A wait without that is this
/// process being slow (a head unit flooding it with touches, a busy machine): a lower bitrate would not shorten
/// it, and dropping frames would only make a fast link look idle.
///
/// The link's rate is measured from the frames sent (``recordSent(bytes:sendingTime:at:)``): their bytes over the
/// time their sends took, in the last second, and no more than the bytes taken in that second. While the link is
/// behind, a send takes as long as the link needs for the bytes before it, so the figure is the link's rate; on a
/// clear link it is far above the target and caps nothing.
///
/// Dropping happens before the encoder, so openh264's reference chain stays whole and the head unit's decoder never
/// misses a frame: no IDR is needed after these drops (an IDR is large, and on a slow link costs hundreds of
/// milliseconds). A frame lost after encoding is the manager's business: it asks for an IDR then.
///
/// ```swift
/// var controller = BitrateController(configuration: BitrateAdaptation(), target: 1_500_000)
/// let decision = controller.decide(at: .seconds(12), pressure: LinkPressure(lastWait: .milliseconds(400),
///                                                                           messagesTaken: 360))
/// // decision.encodes == false; decision.newTarget?.bitrate == 1_050_000
/// if decision.encodes { controller.recordSent(bytes: 4_200, sendingTime: .milliseconds(3), at: .seconds(12)) }
/// ```
public struct BitrateController: Hashable, Sendable {
    public let configuration: BitrateAdaptation
    /// The highest target: the negotiated one (already under the head unit's maxBitrate).
    public let ceiling: Int
    /// The target now, in bits per second.
    public private(set) var target: Int
    /// Frames dropped before the encoder so far (for the link's wait and for pacing).
    public private(set) var framesDropped = 0
    /// Of ``framesDropped``, those dropped by pacing: the encoder's output ran ahead of the target.
    public private(set) var framesPaced = 0

    private var lowest: Int
    private var seenMessages: Int?
    private var seenDeliveryMeasurements: Int?
    private var seenLinkWaited: Duration = .zero
    private var dropUntil: Duration?
    private var lastDecrease: Duration?
    private var lastIncrease: Duration?
    private var clearSince: Duration?
    private var lastTime: Duration?

    /// The frames sent in the last ``measurementWindow``, oldest first (bounded: see ``recordSent``).
    private var sends: [Send] = []
    /// The pacing budget in bytes: filled at the target, spent by each frame sent; a frame is dropped while it is
    /// negative. `nil` while the target is at the ceiling (no pacing).
    private var credit: Double?

    /// The lowest link rate seen at the congestions since the link was last clear for ``probeDelay``; raising stays
    /// under `linkShare` of it until then, so the sawtooth does not climb back over a link it has just measured.
    private var knownLimit: Int?

    private struct Send: Hashable, Sendable {
        var at: Duration
        var bytes: Int
        var sendingTime: Duration
    }

    /// While the link is behind, the rate it took is about its capacity: a decrease goes to this share of it at
    /// most, so one step lands under the link instead of several, and the backlog drains.
    public static let linkShare = 0.8
    /// How long the link must stay clear before raising may go past the rate measured at the last congestion.
    /// Long: every probe above a link that is still slow makes frames late, and a stream that keeps working on a
    /// link that is back to fast loses only picture quality meanwhile.
    public static let probeDelay = Duration.seconds(30)
    /// How long the transport must have waited for the link since the last decision for a wait to count as the
    /// link's: a moment's wait (a key frame over the kernel's limit on a fast link) does not make a slow process's
    /// waits the link's.
    public static let localWaitTolerance = Duration.milliseconds(20)
    /// How far back the link's rate is measured.
    public static let measurementWindow = Duration.seconds(1)
    /// The pacing budget saves up at most this much sending time: a little more than a frame interval, so what is
    /// earned between two frames is not lost, but no burst either (with frames of 25 KB on a 1 Mbit/s link, a
    /// saved-up burst would put a second over the link). An IDR's burst is paid back by the frames after it.
    public static let pacingBurst = Duration.milliseconds(50)

    /// A controller starting at `target`, which is also the ceiling.
    public init(configuration: BitrateAdaptation, target: Int) {
        self.configuration = configuration
        self.ceiling = max(1, target)
        self.target = max(1, target)
        // A target already below the floor is the app's choice: never lowered further.
        self.lowest = min(configuration.floor, max(1, target))
    }

    /// The link's rate measured from the sends of the last second, in bits per second: bytes over the time their
    /// sends took, counting only sends that waited for the link (at least a quarter of ``BitrateAdaptation/
    /// congestedWait``): a send the socket took at once says nothing about the link's rate, and mixing it in would
    /// read the link far faster than it is. `nil` without such a send.
    public var measuredLinkRate: Int? {
        let slow = sends.filter { $0.sendingTime >= configuration.congestedWait / 4 }
        let busy = slow.reduce(Duration.zero) { $0 + $1.sendingTime }
        guard busy > .zero else { return nil }
        let bits = Double(slow.reduce(0) { $0 + $1.bytes }) * 8
        return Int((bits / Self.seconds(busy)).rounded())
    }

    /// The bits per second the transport took over the last second. While the link is behind, no more than its
    /// rate; unlike ``measuredLinkRate`` it cannot overstate the link when kernel buffers swallow part of a frame
    /// at once (the send then looks fast), so the link is taken as the lower of the two.
    public var deliveredRate: Int {
        Int((Double(sends.reduce(0) { $0 + $1.bytes }) * 8 / Self.seconds(Self.measurementWindow)).rounded())
    }

    /// The decision for a frame about to be encoded at `time` (any monotonic origin; times must not go back).
    public mutating func decide(at time: Duration, pressure: LinkPressure) -> BitrateDecision {
        guard configuration.isEnabled else { return BitrateDecision(encodes: true) }
        forgetSends(before: time)
        refill(until: time)
        let wait = observedWait(pressure)
        if wait >= configuration.congestedWait, let rate = measuredLinkRate {
            // The lowest figure of the episode: the first one may still count bytes from before the link slowed.
            knownLimit = min(knownLimit ?? .max, rate, deliveredRate)
        }
        let slowDelivery = newDeliveryUnderTarget(pressure)
        if let slowDelivery { knownLimit = min(knownLimit ?? .max, slowDelivery) }
        let congested = wait >= configuration.congestedWait || slowDelivery != nil
        if let end = dropUntil, time < end {
            // Still draining the backlog; a worse wait meanwhile may still lower the target.
            framesDropped += 1
            let lowered = congested ? lower(at: time) : nil
            return BitrateDecision(encodes: false, newTarget: lowered)
        }
        dropUntil = nil
        if wait >= configuration.dropWait {
            clearSince = nil
            dropUntil = time + min(wait, configuration.maximumDropSpan)
            framesDropped += 1
            return BitrateDecision(encodes: false, newTarget: lower(at: time))
        }
        let newTarget: BitrateChange?
        if congested {
            clearSince = nil
            newTarget = lower(at: time)
        } else {
            let since = clearSince ?? time
            clearSince = since
            newTarget = raise(at: time, clearSince: since)
        }
        if let credit, credit < 0 {
            framesDropped += 1
            framesPaced += 1
            return BitrateDecision(encodes: false, newTarget: newTarget)
        }
        return BitrateDecision(encodes: true, newTarget: newTarget)
    }

    /// Records a frame the transport has taken: `bytes` sent, whose sends took `sendingTime` in all, finishing at
    /// `time`. It spends the pacing budget and feeds the link's measured rate.
    public mutating func recordSent(bytes: Int, sendingTime: Duration, at time: Duration) {
        guard configuration.isEnabled, bytes > 0 else { return }
        refill(until: time)
        if let credit { self.credit = credit - Double(bytes) }
        sends.append(Send(at: time, bytes: bytes, sendingTime: max(.zero, sendingTime)))
        // 30 fps needs 30; the bound only guards against a caller sending thousands of tiny frames.
        if sends.count > 256 { sends.removeFirst(sends.count - 256) }
        forgetSends(before: time)
    }

    private mutating func forgetSends(before time: Duration) {
        let cutoff = time - Self.measurementWindow
        if let keep = sends.firstIndex(where: { $0.at > cutoff }) {
            if keep > 0 { sends.removeFirst(keep) }
        } else {
            sends.removeAll()
        }
    }

    /// Adds the budget earned at the target since the last look, up to ``pacingBurst`` of it.
    private mutating func refill(until time: Duration) {
        defer { lastTime = max(lastTime ?? time, time) }
        guard let credit, let last = lastTime, time > last else { return }
        let bytesPerSecond = Double(target) / 8
        let earned = bytesPerSecond * Self.seconds(time - last)
        self.credit = min(bytesPerSecond * Self.seconds(Self.pacingBurst), credit + earned)
    }

    /// A link rate the transport measured while a backlog drained, if it is new and under the target: the link
    /// cannot carry the target, whether or not anything has waited long yet. A burst (an IDR) smaller than the
    /// buffers on the way is taken at once and shows no wait at all, yet arrives late on a link slower than the
    /// target; this measurement is how the controller learns of it.
    private mutating func newDeliveryUnderTarget(_ pressure: LinkPressure) -> Int? {
        guard let rate = pressure.deliveryRate, pressure.deliveryMeasurements != seenDeliveryMeasurements else {
            return nil
        }
        seenDeliveryMeasurements = pressure.deliveryMeasurements
        return rate < target ? rate : nil
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
        return linkCausedWait(pressure) ? wait : .zero
    }

    /// Whether the link, not this process, held the messages back since the last decision (see the type's
    /// documentation); `true` when the transport cannot tell.
    private mutating func linkCausedWait(_ pressure: LinkPressure) -> Bool {
        guard let waited = pressure.linkWaited else { return true }
        defer { seenLinkWaited = waited }
        // A new connection starts its figure again from zero.
        let since = waited >= seenLinkWaited ? waited - seenLinkWaited : waited
        return pressure.isWaitingForLink || since >= Self.localWaitTolerance
    }

    private mutating func lower(at time: Duration) -> BitrateChange? {
        if let last = lastDecrease, time - last < configuration.decreaseInterval { return nil }
        var lowered = Int((Double(target) * configuration.decreaseFactor).rounded())
        if let knownLimit { lowered = min(lowered, Int((Double(knownLimit) * Self.linkShare).rounded())) }
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
        if bitrate >= ceiling {
            credit = nil
        } else if credit == nil {
            // Pacing starts empty: what is already on its way to the link has used the budget up.
            credit = 0
        }
        return BitrateChange(bitrate: bitrate, previous: previous, reason: reason, framesDropped: framesDropped)
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
