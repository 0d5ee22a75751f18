import NIOConcurrencyHelpers

/// One browser's queue shared between the fan-out (producer) and the browser's socket writer (the single consumer).
///
/// The queue sits behind a lock so the fan-out never waits for a slow browser; the writer sleeps on a one-slot
/// wake-up stream, so a burst of pictures costs one wake-up, not one per picture.
final class ClientOutbox: Sendable {
    /// How this browser wants its pictures.
    enum DecodeMode: String, Sendable, Hashable, Codable {
        /// Annex-B access units, decoded by WebCodecs in the page.
        case h264
        /// JPEG images decoded by the server (the fallback).
        case jpeg
    }

    private struct State: Sendable {
        var queue: ClientQueue
        var mode: DecodeMode?
        var isClosed = false
    }

    private let state: NIOLockedValueBox<State>
    private let wakeUps: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation

    init(limits: ClientQueue.Limits) {
        self.state = NIOLockedValueBox(State(queue: ClientQueue(limits: limits)))
        (self.wakeUps, self.wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// The decode mode, `nil` until the page said hello.
    var mode: DecodeMode? { state.withLockedValue { $0.mode } }

    /// Sets the decode mode; pictures of the other kind are no longer queued.
    func setMode(_ mode: DecodeMode) {
        state.withLockedValue { $0.mode = mode }
    }

    /// Queues a picture when this browser wants that kind.
    func enqueue(_ picture: QueuedPicture) {
        let queued = state.withLockedValue { state -> Bool in
            guard !state.isClosed,
                state.mode.map({ $0 == .h264 ? picture.kind == .h264 : picture.kind == .jpeg })
                    ?? false
            else { return false }
            return state.queue.enqueue(picture)
        }
        if queued { wake.yield() }
    }

    /// Queues a text message.
    func enqueue(text: String) {
        let queued = state.withLockedValue { state -> Bool in
            guard !state.isClosed else { return false }
            state.queue.enqueue(text: text)
            return true
        }
        if queued { wake.yield() }
    }

    /// Takes the next message and the drop count to report with it.
    func next() -> (item: ClientQueue.Item, dropped: UInt32)? {
        state.withLockedValue { state in state.queue.next().map { ($0, state.queue.droppedPictures) } }
    }

    /// A snapshot of the queue, for tests and stats.
    var queueSnapshot: ClientQueue { state.withLockedValue { $0.queue } }

    /// Ends the writer's wait; nothing is queued afterwards.
    func close() {
        state.withLockedValue { $0.isClosed = true }
        wake.finish()
    }

    /// Calls `write` for each message until the outbox is closed or `write` throws.
    func drain(_ write: (ClientQueue.Item, UInt32) async throws -> Void) async throws {
        for await _ in wakeUps {
            while let (item, dropped) = next() {
                try await write(item, dropped)
            }
        }
    }
}
