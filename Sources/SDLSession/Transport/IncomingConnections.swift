import NIOConcurrencyHelpers

/// Hands the connections a server transport accepts to the session that runs on them, one at a time.
///
/// The listener serves each accepted connection in a task of its own, which offers it here and waits until the
/// session is done with it; the session takes the next one with ``next()``. At most one connection waits: a newer
/// one replaces it (a head unit that dialed again gave up on the older one), and the older one is released, so its
/// task closes it. ``close()`` releases the waiting one and fails the taker.
///
/// ```swift
/// // The listener's task, for each connection:
/// await incoming.offer(connection)          // returns once the session released it
/// // The session's side:
/// let handoff = try await incoming.next()
/// defer { handoff.release() }
/// try await body(handoff.connection)
/// ```
final class IncomingConnections<Connection: Sendable>: Sendable {
    /// A connection taken, and what gives it back to the task that closes it.
    struct Handoff: Sendable {
        var connection: Connection
        /// Lets the listener's task finish, which closes the connection. Safe to call more than once.
        var release: @Sendable () -> Void
    }

    private enum OfferOutcome {
        case give(CheckedContinuation<Handoff, any Error>)
        case replaced(@Sendable () -> Void)
        case refused
        case waits
    }

    private enum TakeOutcome {
        case take(Waiting)
        case fail(any Error)
        case wait
    }

    private struct Waiting: Sendable {
        var connection: Connection
        var release: @Sendable () -> Void
    }

    private struct State: Sendable {
        var closed = false
        var waiting: Waiting?
        var taker: CheckedContinuation<Handoff, any Error>?
    }

    private let state = NIOLockedValueBox(State())
    /// What ``next()`` throws once closed.
    private let closedError: @Sendable () -> any Error

    init(closedError: @escaping @Sendable () -> any Error) {
        self.closedError = closedError
    }

    /// Offers `connection` to the session and returns once it is released: by the session when it is done, by a
    /// newer connection that replaced it while it waited, or by ``close()``.
    func offer(_ connection: Connection) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let release = Self.once { done.resume() }
            let outcome: OfferOutcome = state.withLockedValue { state in
                if state.closed { return .refused }
                if let taker = state.taker {
                    state.taker = nil
                    return .give(taker)
                }
                let older = state.waiting
                state.waiting = Waiting(connection: connection, release: release)
                if let older { return .replaced(older.release) }
                return .waits
            }
            switch outcome {
            case .give(let taker): taker.resume(returning: Handoff(connection: connection, release: release))
            case .replaced(let releaseOlder): releaseOlder()
            case .refused: release()
            case .waits: break
            }
        }
    }

    /// The next connection: the one waiting, or the next one offered. Cancelling the calling task ends the wait
    /// with `CancellationError`.
    ///
    /// - Throws: `CancellationError`, or the closed error after ``close()`` and when another call is already
    ///   waiting (one session runs on a server transport at a time).
    func next() async throws -> Handoff {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (taker: CheckedContinuation<Handoff, any Error>) in
                let outcome: TakeOutcome = state.withLockedValue { state in
                    if state.closed || state.taker != nil { return .fail(closedError()) }
                    if Task.isCancelled { return .fail(CancellationError()) }
                    if let waiting = state.waiting {
                        state.waiting = nil
                        return .take(waiting)
                    }
                    state.taker = taker
                    return .wait
                }
                switch outcome {
                case .take(let waiting):
                    taker.resume(returning: Handoff(connection: waiting.connection, release: waiting.release))
                case .fail(let error):
                    taker.resume(throwing: error)
                case .wait:
                    break
                }
            }
        } onCancel: {
            let taker = state.withLockedValue { state in
                defer { state.taker = nil }
                return state.taker
            }
            taker?.resume(throwing: CancellationError())
        }
    }

    /// Releases the waiting connection, fails the taker, and refuses every connection offered from now on.
    func close() {
        let (waiting, taker) = state.withLockedValue { state in
            state.closed = true
            defer {
                state.waiting = nil
                state.taker = nil
            }
            return (state.waiting, state.taker)
        }
        waiting?.release()
        taker?.resume(throwing: closedError())
    }

    /// `body` the first time the result is called, nothing after.
    private static func once(_ body: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        let called = NIOLockedValueBox(false)
        return {
            let first = called.withLockedValue { called in
                defer { called = true }
                return !called
            }
            if first { body() }
        }
    }
}
