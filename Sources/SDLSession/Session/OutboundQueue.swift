import NIOCore
import SDLWire

/// Frames waiting to be written, one FIFO per service, served lowest service number first (PS §5: a heartbeat
/// answer, an RPC or an audio chunk goes before the rest of a large video message).
///
/// Priority works frame by frame, so an RPC or audio frame may slip between the Consecutive frames of a video
/// message: the head unit reassembles by service and message id, so that is allowed. Within a service, order is kept.
///
/// The writer takes a batch bounded in bytes (``nextBatch(maximumBytes:)``) and only after the previous write
/// completed: what has been handed to the transport sits in a FIFO (the channel, the socket buffer) that priority
/// can no longer reorder, so the look-ahead must stay small for an audio frame queued meanwhile to get in.
///
/// ```swift
/// var queue = OutboundQueue()
/// queue.enqueue(videoFrames, ticket: 1)
/// queue.enqueue([rpcFrame], ticket: 2)
/// queue.next()   // the RPC frame first, finishing ticket 2
/// ```
struct OutboundQueue {
    /// The writer's look-ahead: at most this many payload bytes per write, but always at least one frame. 32 KiB is
    /// two 16 KiB video frames (``AppConfiguration/maximumVideoFramePayload``'s default), a few milliseconds of
    /// even a slow link.
    static let defaultBatchBytes = 32 * 1024

    private struct Item {
        var frames: [SDLFrame]
        var next = 0
        var ticket: UInt64
    }

    private var queues: [ServiceType: [Item]] = [:]

    var isEmpty: Bool { queues.isEmpty }

    /// Frames still waiting on `service`.
    func queuedFrames(on service: ServiceType) -> Int {
        queues[service]?.reduce(0) { $0 + $1.frames.count - $1.next } ?? 0
    }

    /// Whether a control frame of kind `info` waits on the control service (not yet taken by the writer).
    func contains(controlFrame info: ControlFrameInfo) -> Bool {
        queues[.control]?.contains { item in
            item.frames[item.next...].contains { $0.header.frameType == .control && $0.header.controlFrameInfo == info }
        } ?? false
    }

    /// Control frames still waiting on `service` (replies and requests, not data).
    func queuedControlFrames(on service: ServiceType) -> Int {
        queues[service]?.reduce(0) { count, item in
            count + item.frames[item.next...].count { $0.header.frameType == .control }
        } ?? 0
    }

    /// Queues a message's frames; `ticket` is reported once its last frame has been taken.
    mutating func enqueue(_ frames: [SDLFrame], ticket: UInt64) {
        guard let service = frames.first?.header.serviceType else { return }
        queues[service, default: []].append(Item(frames: frames, ticket: ticket))
    }

    /// The next frame to write, and the ticket it finishes, if it is its message's last frame.
    mutating func next() -> (frame: SDLFrame, finished: UInt64?)? {
        guard let service = queues.keys.min(), var items = queues[service], !items.isEmpty else { return nil }
        var item = items[0]
        let frame = item.frames[item.next]
        item.next += 1
        var finished: UInt64?
        if item.next == item.frames.count {
            finished = item.ticket
            items.removeFirst()
        } else {
            items[0] = item
        }
        queues[service] = items.isEmpty ? nil : items
        return (frame, finished)
    }

    /// The next frames to write, in priority order, while their payloads fit in `maximumBytes` (the first frame is
    /// taken whatever its size, so a frame larger than the bound still goes), and the tickets they finish.
    mutating func nextBatch(maximumBytes: Int) -> (frames: [SDLFrame], finished: [UInt64]) {
        var frames: [SDLFrame] = []
        var finished: [UInt64] = []
        var bytes = 0
        while let size = peekPayloadSize(), frames.isEmpty || bytes + size <= maximumBytes,
            let (frame, ticket) = next().map({ ($0.frame, $0.finished) })
        {
            bytes += size
            frames.append(frame)
            if let ticket { finished.append(ticket) }
        }
        return (frames, finished)
    }

    private func peekPayloadSize() -> Int? {
        guard let service = queues.keys.min(), let item = queues[service]?.first else { return nil }
        return item.frames[item.next].payload.readableBytes
    }

    /// Empties the queue; returns the tickets that will never be written.
    mutating func removeAll() -> [UInt64] {
        let tickets = queues.values.flatMap { $0.map(\.ticket) }
        queues.removeAll()
        return tickets
    }
}
