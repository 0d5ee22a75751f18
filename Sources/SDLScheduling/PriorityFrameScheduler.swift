import NIOCore
public import SDLWire

/// Decides which frame goes on a shared transport next: the lowest service number first (PS §5: control 0x00,
/// RPC 0x07, audio 0x0A, video 0x0B, bulk 0x0F), first in first out within a service, and a bounded amount queued
/// per service.
///
/// It works frame by frame, so audio and RPC frames slip between the Consecutive frames of a large video message;
/// the head unit reassembles by service and message id, so that is allowed (PS §3.3). The worst wait an audio
/// chunk sees is therefore one video frame already on the wire, not a whole access unit: keep video frames small
/// (the MTU, or less when audio runs) and this bounds audio latency.
///
/// ```
///  enqueue(video AU → F C1 C2 C3)   enqueue(audio chunk → S)
///  next(): F, then S (audio 0x0A < video 0x0B), then C1, C2, C3
/// ```
///
/// ```swift
/// var scheduler = PriorityFrameScheduler(limits: .init(maximumQueuedBytes: [.video: 512 * 1024]))
/// guard case .accepted = scheduler.enqueue(MessageFragmenter.frames(for: au, maximumPayload: 16_384), ticket: 1)
/// else { dropFrame(); return }
/// while let (frame, finished) = scheduler.next() { write(frame); if let finished { complete(finished) } }
/// ```
public struct PriorityFrameScheduler: Sendable {
    /// How much each service may have waiting.
    public struct Limits: Hashable, Sendable {
        /// Frame payload bytes (a First frame's 8 count too) that may wait per service; services not named are unbounded (control and RPC answers
        /// must never be refused).
        public var maximumQueuedBytes: [ServiceType: Int]

        public init(maximumQueuedBytes: [ServiceType: Int] = [:]) {
            self.maximumQueuedBytes = maximumQueuedBytes
        }
    }

    /// The answer to ``enqueue(_:ticket:)``.
    public enum EnqueueResult: Hashable, Sendable {
        case accepted
        /// The service already holds `queued` bytes and the message's `size` would pass its `limit`; nothing was
        /// queued. The caller decides: drop (video), or wait for ``queuedBytes(for:)`` to fall (audio).
        case full(service: ServiceType, queued: Int, size: Int, limit: Int)
    }

    private struct Message: Sendable {
        var frames: [SDLFrame]
        var next = 0
        var ticket: UInt64
    }

    public let limits: Limits
    private var queues: [ServiceType: [Message]] = [:]
    private var bytes: [ServiceType: Int] = [:]

    public init(limits: Limits = Limits()) { self.limits = limits }

    /// Whether nothing waits.
    public var isEmpty: Bool { queues.isEmpty }

    /// Payload bytes waiting on `service`.
    public func queuedBytes(for service: ServiceType) -> Int { bytes[service] ?? 0 }

    /// Queues one message's frames, all on one service, as a unit. `ticket` is returned by ``next()`` with the
    /// message's last frame. A message larger than the limit is accepted when its service has nothing waiting, so
    /// that it can be sent at all.
    public mutating func enqueue(_ frames: [SDLFrame], ticket: UInt64) -> EnqueueResult {
        guard let service = frames.first?.header.serviceType else { return .accepted }
        precondition(frames.allSatisfy { $0.header.serviceType == service }, "one message, one service")
        let size = frames.reduce(0) { $0 + $1.payload.readableBytes }
        let queued = queuedBytes(for: service)
        if let limit = limits.maximumQueuedBytes[service], queued > 0, queued + size > limit {
            return .full(service: service, queued: queued, size: size, limit: limit)
        }
        queues[service, default: []].append(Message(frames: frames, ticket: ticket))
        bytes[service] = queued + size
        return .accepted
    }

    /// The next frame to write, and the ticket of the message it completes, if it is that message's last frame.
    public mutating func next() -> (frame: SDLFrame, finished: UInt64?)? {
        guard let service = queues.keys.min(), var messages = queues[service], var message = messages.first else {
            return nil
        }
        let frame = message.frames[message.next]
        message.next += 1
        bytes[service] = max(0, queuedBytes(for: service) - frame.payload.readableBytes)
        var finished: UInt64?
        if message.next == message.frames.count {
            finished = message.ticket
            messages.removeFirst()
        } else {
            messages[0] = message
        }
        if messages.isEmpty {
            queues[service] = nil
            bytes[service] = nil
        } else {
            queues[service] = messages
        }
        return (frame, finished)
    }

    /// Drops everything waiting on `service` (it ended); returns the tickets that will never complete. A message
    /// already partly written is dropped too: the head unit discards an incomplete multi-frame message.
    public mutating func removeAll(for service: ServiceType) -> [UInt64] {
        let tickets = queues[service]?.map(\.ticket) ?? []
        queues[service] = nil
        bytes[service] = nil
        return tickets
    }
}
