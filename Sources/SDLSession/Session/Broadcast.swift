import NIOConcurrencyHelpers

/// A value or event many tasks can watch: each `subscribe()` returns a new, independent stream that gets the
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
        /// With a byte budget: the bytes each subscriber has been handed and not read yet.
        var bufferedBytes: [Int: Int] = [:]
        /// Subscribers told of their losses: the value that says how many, and how many since it was last sent.
        var dropMarkers: [Int: @Sendable (Int) -> Value] = [:]
        var unreportedDrops: [Int: Int] = [:]
    }

    /// A bound on the bytes each subscriber may fall behind, besides the count in the buffering policy.
    public struct ByteBudget: Sendable {
        /// The most bytes of values one subscriber may have waiting.
        public var maximumBytes: Int
        /// The bytes one value holds.
        public var cost: @Sendable (Value) -> Int

        /// A budget of `maximumBytes`, each value costing `cost(value)`.
        public init(maximumBytes: Int, cost: @escaping @Sendable (Value) -> Int) {
            self.maximumBytes = maximumBytes
            self.cost = cost
        }
    }

    private let state: NIOLockedValueBox<State>
    /// Held by ``send(_:)`` across its yields, so values reach every subscriber in the order they were sent.
    private let sending = NIOLock()
    private let replaysCurrent: Bool
    private let buffering: AsyncStream<Value>.Continuation.BufferingPolicy
    private let budget: ByteBudget?

    /// - Parameters:
    ///   - initial: the value new subscribers get first.
    ///   - replaysCurrent: false for event streams (notifications), where a late subscriber must not see an old event.
    ///   - buffering: what each subscriber's stream keeps for a slow reader (unbounded for state, where every value
    ///     matters; the newest few hundred for event streams, so a reader that stopped cannot grow memory).
    ///   - budget: bounds what each subscriber may have waiting by bytes too: a count alone lets a few large values
    ///     (1 MiB notifications) hold hundreds of MiB. A value that would go past it is not handed to that
    ///     subscriber, and counts in ``droppedCount``.
    public init(
        _ initial: Value? = nil, replaysCurrent: Bool = true,
        buffering: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded, budget: ByteBudget? = nil
    ) {
        state = NIOLockedValueBox(State(current: initial))
        self.replaysCurrent = replaysCurrent
        self.buffering = buffering
        self.budget = budget
    }

    /// Values a subscriber's full buffer did not take (each subscriber counts), since the start: a reader too slow
    /// for what is sent loses the oldest, and this says how many.
    public var droppedCount: Int { state.withLockedValue { $0.dropped } }

    /// The last value sent (or the initial one).
    public var current: Value? { state.withLockedValue { $0.current } }

    /// A new stream: the current value first when replaying, then every value sent, until ``finish()``.
    ///
    /// - Parameter dropMarker: makes the value that tells this subscriber how many values its full buffer lost.
    ///   It is sent once the reader has caught up enough to take it, after the value that found room, so the
    ///   reader learns of every loss, in the stream itself. Without it, losses only count in ``droppedCount``.
    ///
    /// ```swift
    /// let lines = events.subscribe(dropMarker: { .eventsDropped(count: $0) })
    /// ```
    public func subscribe(dropMarker: (@Sendable (Int) -> Value)? = nil) -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream<Value>.makeStream(bufferingPolicy: buffering)
        let id: Int? = state.withLockedValue { state in
            if replaysCurrent, let current = state.current { continuation.yield(current) }
            guard !state.finished else { return nil }
            let id = state.nextID
            state.nextID += 1
            state.subscribers[id] = continuation
            if let dropMarker { state.dropMarkers[id] = dropMarker }
            return id
        }
        if let id {
            continuation.onTermination = { [weak self] _ in
                self?.state.withLockedValue {
                    $0.subscribers.removeValue(forKey: id)
                    $0.bufferedBytes.removeValue(forKey: id)
                    $0.dropMarkers.removeValue(forKey: id)
                    $0.unreportedDrops.removeValue(forKey: id)
                }
            }
        } else {
            continuation.finish()
        }
        guard let budget, let id else { return stream }
        // The reader's side gives the bytes back as it takes each value.
        let values = ReaderIterator(stream.makeAsyncIterator())
        return AsyncStream(unfolding: { [weak self] in
            guard let value = await values.next() else { return nil }
            self?.giveBack(budget.cost(value), of: id)
            return value
        })
    }

    /// `cost` bytes of subscriber `id`'s are no longer waiting (read, or pushed out of its buffer).
    private func giveBack(_ cost: Int, of id: Int) {
        state.withLockedValue { state in
            if let bytes = state.bufferedBytes[id] { state.bufferedBytes[id] = max(0, bytes - cost) }
        }
    }

    /// The one reader's iterator of a byte-budgeted subscription; `AsyncStream(unfolding:)` calls it one at a time.
    private final class ReaderIterator: @unchecked Sendable {
        private var iterator: AsyncStream<Value>.AsyncIterator
        init(_ iterator: AsyncStream<Value>.AsyncIterator) { self.iterator = iterator }
        func next() async -> Value? {
            var local = iterator
            let value = await local.next()
            iterator = local
            return value
        }
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
                return Array(state.subscribers)
            }
            var dropped = 0
            for (id, subscriber) in subscribers {
                if let budget {
                    let cost = budget.cost(value)
                    let fits = state.withLockedValue { state in
                        let waiting = state.bufferedBytes[id, default: 0]
                        guard waiting + cost <= budget.maximumBytes else { return false }
                        state.bufferedBytes[id] = waiting + cost
                        return true
                    }
                    guard fits else {
                        dropped += 1
                        lost(1, by: id)
                        continue
                    }
                    let result = subscriber.yield(value)
                    switch result {
                    case .enqueued: break
                    case .dropped(let lost):
                        dropped += 1
                        giveBack(budget.cost(lost), of: id)
                    case .terminated:
                        _ = state.withLockedValue { $0.bufferedBytes.removeValue(forKey: id) }
                    @unknown default: break
                    }
                    report(result, to: subscriber, id: id)
                } else {
                    let result = subscriber.yield(value)
                    if case .dropped = result { dropped += 1 }
                    report(result, to: subscriber, id: id)
                }
            }
            if dropped > 0 { state.withLockedValue { $0.dropped += dropped } }
        }
    }

    /// Counts `count` values subscriber `id` lost, when it asked to be told.
    private func lost(_ count: Int, by id: Int) {
        state.withLockedValue { state in
            if state.dropMarkers[id] != nil { state.unreportedDrops[id, default: 0] += count }
        }
    }

    /// After a yield to subscriber `id`: counts a loss, or, when its buffer has room again, sends it the marker of
    /// the losses not reported yet. Called under `sending`, so the marker keeps its place in the order.
    private func report(
        _ result: AsyncStream<Value>.Continuation.YieldResult, to subscriber: AsyncStream<Value>.Continuation, id: Int
    ) {
        switch result {
        case .dropped:
            lost(1, by: id)
        case .enqueued(let remaining) where remaining > 0:
            let marker: Value? = state.withLockedValue { state in
                guard let count = state.unreportedDrops[id], count > 0, let make = state.dropMarkers[id] else {
                    return nil
                }
                state.unreportedDrops[id] = 0
                return make(count)
            }
            if let marker { subscriber.yield(marker) }
        default:
            break
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
