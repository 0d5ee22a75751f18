import NIOConcurrencyHelpers

/// A value many tasks can watch: each subscriber gets the current value first (if there is one), then every change,
/// in order. Subscribers that stop listening are forgotten; ``finish()`` ends every stream.
///
/// Each ``subscribe()`` is an explicit call that returns a new stream, rather than a property that hands out a stream
/// and drops the last one (style.md, "hidden mechanics").
final class Broadcast<Value: Sendable>: Sendable {
    private struct State {
        var current: Value?
        var subscribers: [Int: AsyncStream<Value>.Continuation] = [:]
        var nextID = 0
        var finished = false
    }

    private let state: NIOLockedValueBox<State>
    private let replaysCurrent: Bool

    /// - Parameters:
    ///   - initial: the value new subscribers get first.
    ///   - replaysCurrent: false for event streams (notifications), where a late subscriber must not see an old event.
    init(_ initial: Value? = nil, replaysCurrent: Bool = true) {
        state = NIOLockedValueBox(State(current: initial))
        self.replaysCurrent = replaysCurrent
    }

    var current: Value? { state.withLockedValue { $0.current } }

    func subscribe() -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream<Value>.makeStream(bufferingPolicy: .unbounded)
        let id: Int? = state.withLockedValue { state in
            if replaysCurrent, let current = state.current { continuation.yield(current) }
            guard !state.finished else { return nil }
            let id = state.nextID
            state.nextID += 1
            state.subscribers[id] = continuation
            return id
        }
        if let id {
            continuation.onTermination = { [weak self] _ in
                _ = self?.state.withLockedValue { $0.subscribers.removeValue(forKey: id) }
            }
        } else {
            continuation.finish()
        }
        return stream
    }

    func send(_ value: Value) {
        // Yield under the lock so a subscriber that joins concurrently sees each value once, in order.
        state.withLockedValue { state in
            state.current = value
            for subscriber in state.subscribers.values { subscriber.yield(value) }
        }
    }

    func finish() {
        let subscribers = state.withLockedValue { state in
            state.finished = true
            defer { state.subscribers.removeAll() }
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers { subscriber.finish() }
    }
}
