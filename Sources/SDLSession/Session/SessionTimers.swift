/// The session's timers, keyed by what they time, on the session's clock. Owned by the ``SDLSession`` actor.
///
/// Arming a key replaces (and cancels) the timer it had, and every arming gets a new token. A timer whose sleep ended
/// just as it was cancelled or re-armed may still reach the actor; ``fired(_:token:)`` then answers false, so a stale
/// timer never fires into a newer state. ``cancelAll()`` ends every timer with the connection that armed them.
///
/// ```swift
/// timers.arm(.retry, deadline: clock.now.advanced(by: .seconds(5)), on: clock) { token in
///     await session.timerFired(.retry, token: token)
/// }
/// ```
struct SessionTimers<Key: Hashable & Sendable> {
    private struct Armed {
        var token: UInt64
        var task: Task<Void, Never>
    }

    private var armed: [Key: Armed] = [:]
    private var lastToken: UInt64 = 0

    /// Whether a timer is armed for `key`.
    func isArmed(_ key: Key) -> Bool { armed[key] != nil }

    /// Arms `key` to call `fire` with its token at `deadline`, replacing the timer it had.
    mutating func arm(
        _ key: Key, deadline: SessionClock.Instant, on clock: SessionClock,
        fire: @escaping @Sendable (UInt64) async -> Void
    ) {
        cancel(key)
        lastToken += 1
        let token = lastToken
        let task = Task {
            do {
                try await clock.sleep(until: deadline, tolerance: nil)
            } catch {
                return  // cancelled: disarmed or replaced
            }
            await fire(token)
        }
        armed[key] = Armed(token: token, task: task)
    }

    mutating func cancel(_ key: Key) {
        armed.removeValue(forKey: key)?.task.cancel()
    }

    /// Whether the timer that fired with `token` is still the one armed for `key`; it is disarmed if so.
    mutating func fired(_ key: Key, token: UInt64) -> Bool {
        guard armed[key]?.token == token else { return false }
        armed[key] = nil
        return true
    }

    mutating func cancelAll() {
        for timer in armed.values { timer.task.cancel() }
        armed.removeAll()
    }
}
