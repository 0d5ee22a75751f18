import NIOCore
public import SDLWire

/// How far the session's writer is behind: the back-pressure of the link, as a snapshot.
///
/// A message counts as queued from the moment it is handed to the session until the transport took its last frame
/// (the writer's queue, and a batch the transport has not yet accepted because the socket is full). On a link that
/// keeps up, both figures stay near zero; on a slow one they grow, and ``lastWait(on:)`` shows how long each
/// message of a service waited before the transport took it.
///
/// ```swift
/// let pressure = await session.outboundPressure
/// if pressure.oldestWait > .milliseconds(200) || (pressure.lastWait(on: .video) ?? .zero) > .milliseconds(200) {
///     lowerTheBitrate()
/// }
/// ```
public struct OutboundPressure: Hashable, Sendable {
    /// Payload bytes handed to the session and not yet taken by the transport.
    public var queuedBytes: Int
    /// Messages handed to the session and not yet taken by the transport.
    public var queuedMessages: Int
    /// How long the oldest of those messages has waited so far; zero when nothing waits.
    public var oldestWait: Duration
    /// The link's rate as the transport last measured it while a backlog drained (``LinkDeliveryRate``); `nil`
    /// when the transport does not measure it or has had no backlog yet.
    public var deliveryRate: LinkDeliveryRate?
    /// How often the transport's sends have waited for the link itself (``LinkHoldBack``); `nil` when the
    /// transport cannot tell, and then a wait may be the link's or this process's.
    public var linkHoldBack: LinkHoldBack?
    /// Per service: how long its last message waited before the transport took it, and how many were taken.
    var completed: [ServiceType: Completion]

    struct Completion: Hashable, Sendable {
        var wait: Duration
        var count: Int
    }

    /// Nothing queued, nothing taken yet.
    public init(
        queuedBytes: Int = 0, queuedMessages: Int = 0, oldestWait: Duration = .zero,
        deliveryRate: LinkDeliveryRate? = nil, linkHoldBack: LinkHoldBack? = nil
    ) {
        self.queuedBytes = queuedBytes
        self.queuedMessages = queuedMessages
        self.oldestWait = oldestWait
        self.deliveryRate = deliveryRate
        self.linkHoldBack = linkHoldBack
        self.completed = [:]
    }

    /// How long the last message taken on `service` waited, or `nil` if none was taken on this connection.
    public func lastWait(on service: ServiceType) -> Duration? { completed[service]?.wait }

    /// How many messages on `service` the transport has taken on this connection: a reader can tell a new
    /// ``lastWait(on:)`` from one it has already seen.
    public func messagesTaken(on service: ServiceType) -> Int { completed[service]?.count ?? 0 }
}

/// The bookkeeping behind ``OutboundPressure``: what was queued when, by ticket. A pure value the session updates
/// where it queues frames and where the writer reports them taken; times are passed in.
struct OutboundPressureTracker {
    private struct Entry {
        var service: ServiceType
        var bytes: Int
        var queuedAt: ContinuousClock.Instant
    }

    /// Waiting messages by ticket; tickets increase, so the smallest is the oldest.
    private var waiting: [UInt64: Entry] = [:]
    private var queuedBytes = 0
    private var completed: [ServiceType: OutboundPressure.Completion] = [:]

    mutating func queued(_ frames: [SDLFrame], ticket: UInt64, at now: ContinuousClock.Instant) {
        guard let service = frames.first?.header.serviceType else { return }
        let bytes = frames.reduce(0) { $0 + $1.payload.readableBytes }
        waiting[ticket] = Entry(service: service, bytes: bytes, queuedAt: now)
        queuedBytes += bytes
    }

    mutating func taken(_ tickets: [UInt64], at now: ContinuousClock.Instant) {
        for ticket in tickets {
            guard let entry = waiting.removeValue(forKey: ticket) else { continue }
            queuedBytes -= entry.bytes
            let count = (completed[entry.service]?.count ?? 0) + 1
            completed[entry.service] = .init(wait: entry.queuedAt.duration(to: now), count: count)
        }
    }

    /// The connection ended: nothing waits any more, and the next connection starts its counts afresh.
    mutating func reset() {
        waiting.removeAll()
        queuedBytes = 0
        completed.removeAll()
    }

    func snapshot(at now: ContinuousClock.Instant) -> OutboundPressure {
        var pressure = OutboundPressure(queuedBytes: queuedBytes, queuedMessages: waiting.count)
        if let oldest = waiting.keys.min(), let entry = waiting[oldest] {
            pressure.oldestWait = max(.zero, entry.queuedAt.duration(to: now))
        }
        pressure.completed = completed
        return pressure
    }
}
