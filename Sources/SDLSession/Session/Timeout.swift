/// Races `wait` against a timer on `clock`, in a task group the caller owns: no task outlives the call.
///
/// When the timer fires (or the caller is cancelled), `expire` must make `wait` return, by resolving the slot it
/// waits on with the error; the call then throws that error.
func withTimeout<Value: Sendable>(
    _ timeout: Duration,
    on clock: SessionClock,
    what: String,
    wait: @escaping @Sendable () async throws -> Value,
    expire: @escaping @Sendable (any Error) async -> Void
) async throws -> Value {
    try await withThrowingTaskGroup(of: Value?.self) { group in
        group.addTask { try await wait() }
        group.addTask {
            try await clock.sleep(for: timeout)
            return nil
        }
        do {
            while let next = try await group.next() {
                if let value = next {
                    group.cancelAll()
                    return value
                }
                await expire(SDLSessionError(.timeout(what), context: "after \(timeout)"))
            }
            throw SDLSessionError(.invalidState("\(what): no result"))
        } catch {
            group.cancelAll()
            await expire(error)
            throw error
        }
    }
}
