/// One look at the link's back-pressure, taken just before a frame would be encoded: what ``BitrateController``
/// decides from. The session adapter fills it from `SDLSession.outboundPressure`.
///
/// ```swift
/// let sample = LinkPressure(queuedBytes: 48_000, oldestWait: .milliseconds(20),
///                           lastWait: .milliseconds(310), messagesTaken: 812)
/// ```
public struct LinkPressure: Hashable, Sendable {
    /// Bytes handed to the session and not yet taken by the transport (every service).
    public var queuedBytes: Int
    /// How long the oldest of them has waited so far.
    public var oldestWait: Duration
    /// How long the last video message waited before the transport took it.
    public var lastWait: Duration
    /// Video messages the transport has taken so far: a new count means ``lastWait`` is a new measurement.
    public var messagesTaken: Int
    /// The link's rate in bits per second as the transport last measured it while a backlog drained
    /// (`SDLSession.outboundPressure.deliveryRate`), or `nil` when it has not.
    public var deliveryRate: Int?
    /// How many such measurements there were: a new count means ``deliveryRate`` is a new measurement.
    public var deliveryMeasurements: Int
    /// How long the transport's sends have waited for the link itself so far, in all (the kernel held more than its
    /// limit unsent: `SDLSession.outboundPressure.linkHoldBack`), or `nil` when the transport cannot tell. When it
    /// can, a wait with no such time behind it is this process being slow, not the link: see ``BitrateController``.
    public var linkWaited: Duration?
    /// A send is waiting for the link now.
    public var isWaitingForLink: Bool

    /// A sample; the defaults describe an idle link.
    public init(
        queuedBytes: Int = 0, oldestWait: Duration = .zero, lastWait: Duration = .zero, messagesTaken: Int = 0,
        deliveryRate: Int? = nil, deliveryMeasurements: Int = 0, linkWaited: Duration? = nil,
        isWaitingForLink: Bool = false
    ) {
        self.queuedBytes = queuedBytes
        self.oldestWait = oldestWait
        self.lastWait = lastWait
        self.messagesTaken = messagesTaken
        self.deliveryRate = deliveryRate
        self.deliveryMeasurements = deliveryMeasurements
        self.linkWaited = linkWaited
        self.isWaitingForLink = isWaitingForLink
    }
}

/// What ``BitrateController`` says about one frame.
public struct BitrateDecision: Hashable, Sendable {
    /// Encode and send the frame; `false`: drop it before the encoder. The decoder never sees a frame dropped here,
    /// so the next one needs no IDR.
    public var encodes: Bool
    /// A new target for the encoder, when it changed with this frame.
    public var newTarget: BitrateChange?

    /// A decision.
    public init(encodes: Bool, newTarget: BitrateChange? = nil) {
        self.encodes = encodes
        self.newTarget = newTarget
    }
}

/// A change of the encoder's target bitrate, as ``VideoStreamEvent/bitrateChanged(_:)`` reports it.
///
/// ```swift
/// if case .bitrateChanged(let change) = event {
///     print("\(change.previous) -> \(change.bitrate) bit/s (\(change.reason)), \(change.framesDropped) dropped")
/// }
/// ```
public struct BitrateChange: Hashable, Sendable {
    /// Why the target moved.
    public enum Reason: String, Hashable, Sendable {
        /// The link fell behind: lowered.
        case congested
        /// The link kept up for a while: raised.
        case recovered
    }

    /// The new target, in bits per second.
    public var bitrate: Int
    /// The target before, in bits per second.
    public var previous: Int
    public var reason: Reason
    /// Frames dropped before the encoder for the link so far on this stream.
    public var framesDropped: Int

    /// A change.
    public init(bitrate: Int, previous: Int, reason: Reason, framesDropped: Int) {
        self.bitrate = bitrate
        self.previous = previous
        self.reason = reason
        self.framesDropped = framesDropped
    }
}
