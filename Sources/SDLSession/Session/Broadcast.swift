import NIOConcurrencyHelpers

/// A value or event many tasks can watch: each ``subscribe()`` returns a new, independent stream that gets the
/// current value first (when replaying, and there is one), then every ``send(_:)``, in order. Subscribers that stop
/// listening are forgotten; ``finish()`` ends every stream, and a subscription after it gets an ended stream.
///
/// The session's states, the managers' events, the projection's events all go through one of these. Each
/// subscription is an explicit call that returns a new stream, rather than a property that hands out a stream and
/// drops the last one.
///
/// ```swift
/// let events = Broadcast<String>(replaysCurrent: false, buffering: .bufferingNewest(256))
/// let stream = events.subscribe()
/// events.send("started")
/// events.finish()
/// for await event in stream { print(event) }   // "started"
/// ```
public final class Broadcast<Value: Sendable>: Sendable {
    private struct State {
        var current: Value?
        var subscribers: [Int: AsyncStream<Value>.Continuation] = [:]
        var nextID = 0
        var finished = false
        var dropped = 0
    }

    private let state: NIOLockedValueBox<State>
    /// Held by ``send(_:)`` across its yields, so values reach every subscriber in the order they were sent.
    private let sending = NIOLock()
    private let replaysCurrent: Bool
    private let buffering: AsyncStream<Value>.Continuation.BufferingPolicy

    /// - Parameters:
    ///   - initial: the value new subscribers get first.
    ///   - replaysCurrent: false for event streams (notifications), where a late subscriber must not see an old event.
    ///   - buffering: what each subscriber's stream keeps for a slow reader (unbounded for state, where every value
    ///     matters; the newest few hundred for event streams, so a reader that stopped cannot grow memory).
    public init(
        _ initial: Value? = nil, replaysCurrent: Bool = true,
        buffering: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded
    ) {
        state = NIOLockedValueBox(State(current: initial))
        self.replaysCurrent = replaysCurrent
        self.buffering = buffering
    }

    /// Values a subscriber's full buffer did not take (each subscriber counts), since the start: a reader too slow
    /// for what is sent loses the oldest, and this says how many.
    public var droppedCount: Int { state.withLockedValue { $0.dropped } }

    /// The last value sent (or the initial one).
    public var current: Value? { state.withLockedValue { $0.current } }

    /// A new stream: the current value first when replaying, then every value sent, until ``finish()``.
    public func subscribe() -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream<Value>.makeStream(bufferingPolicy: buffering)
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

    /// Hands `value` to every subscriber.
    public func send(_ value: Value) {
        // Yield outside `state`'s lock: a yield resumes the reading task, which takes that task's lock in the
        // runtime, and cancelling a reading task holds that lock while its stream's onTermination takes `state`'s
        // lock. Yielding under it deadlocked the two (a projection stopping while it sent an event; seen under
        // TSan). `current` and the list are read in one critical section, so a subscriber joining meanwhile gets
        // the value once, from the replay or from here; `sending` keeps concurrent sends in one order for everyone.
        sending.withLock {
            let subscribers = state.withLockedValue { state in
                state.current = value
                return Array(state.subscribers.values)
            }
            var dropped = 0
            for subscriber in subscribers {
                if case .dropped = subscriber.yield(value) { dropped += 1 }
            }
            if dropped > 0 { state.withLockedValue { $0.dropped += dropped } }
        }
    }

    /// Ends every stream; later subscriptions get an ended stream.
    public func finish() {
        // After any send under way, so a value sent before the end still reaches everyone.
        sending.withLock {
            let subscribers = state.withLockedValue { state in
                state.finished = true
                defer { state.subscribers.removeAll() }
                return Array(state.subscribers.values)
            }
            for subscriber in subscribers { subscriber.finish() }
        }
    }
}
