import SDLWire

/// Frames waiting to be written, one FIFO per service, served lowest service number first (PS §5: a heartbeat
/// answer or an RPC goes before the rest of a large video frame).
///
/// Priority works frame by frame, so an RPC may slip between the Consecutive frames of a video message: the head
/// unit reassembles by service and message id, so that is allowed. Within a service, order is kept.
///
/// ```swift
/// var queue = OutboundQueue()
/// queue.enqueue(videoFrames, ticket: 1)
/// queue.enqueue([rpcFrame], ticket: 2)
/// queue.next()   // the RPC frame first, finishing ticket 2
/// ```
struct OutboundQueue {
    private struct Item {
        var frames: [SDLFrame]
        var next = 0
        var ticket: UInt64
    }

    private var queues: [ServiceType: [Item]] = [:]

    var isEmpty: Bool { queues.isEmpty }

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

    /// Empties the queue; returns the tickets that will never be written.
    mutating func removeAll() -> [UInt64] {
        let tickets = queues.values.flatMap { $0.map(\.ticket) }
        queues.removeAll()
        return tickets
    }
}
