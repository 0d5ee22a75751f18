public import SDLRPC

/// Decides when haptic rects go to the head unit: only after they have stayed the same for a delay, only when they
/// differ from what was sent last, and never when the head unit does not support haptic data.
///
/// A pure state machine with time passed in: the frame pump calls ``observe(_:at:)`` after laying out and
/// ``due(at:)`` on every tick. The first set is always sent (even empty, which clears what a previous session
/// left on the head unit); after that, an empty set is sent when the last focusable item disappears.
///
/// ```swift
/// var debouncer = HapticDebouncer(delay: .milliseconds(250), isEnabled: true)
/// debouncer.observe(window.hapticRects(), at: .milliseconds(0))
/// debouncer.due(at: .milliseconds(100))   // nil: not settled yet
/// debouncer.due(at: .milliseconds(250))   // the rects, once
/// ```
public struct HapticDebouncer: Sendable {
    /// How long a set must stay unchanged before it is sent.
    public var delay: Duration
    /// Whether the head unit takes haptic data (`hapticSpatialDataSupported`).
    public private(set) var isEnabled: Bool

    private var candidate: (rects: [HapticRect], deadline: Duration)?
    private var lastSent: [HapticRect]?

    /// Creates a debouncer that has sent nothing yet.
    public init(delay: Duration, isEnabled: Bool) {
        self.delay = max(delay, .zero)
        self.isEnabled = isEnabled
    }

    /// Turns haptics on or off. Turning them on forgets what was sent, so the current set is sent again.
    public mutating func setEnabled(_ enabled: Bool) {
        guard enabled != isEnabled else { return }
        isEnabled = enabled
        candidate = nil
        lastSent = nil
    }

    /// Records the rects of the current layout at `now`. A set different from the pending one restarts the delay.
    public mutating func observe(_ rects: [HapticRect], at now: Duration) {
        guard isEnabled else { return }
        if let candidate, candidate.rects == rects { return }
        if candidate == nil, rects == lastSent { return }
        candidate = (rects, now + delay)
    }

    /// The rects to send at `now`, if a set has settled and differs from the last one sent; `nil` otherwise.
    public mutating func due(at now: Duration) -> [HapticRect]? {
        guard isEnabled, let pending = candidate, now >= pending.deadline else { return nil }
        candidate = nil
        guard pending.rects != lastSent else { return nil }
        lastSent = pending.rects
        return pending.rects
    }

    /// The time the pending set becomes due, if one is pending.
    public var nextDeadline: Duration? { candidate?.deadline }
}
