import Logging
import NIOConcurrencyHelpers
import SDLSession

/// Reconnection: what ``ProjectionOptions/DisconnectPolicy/reconnect(_:)`` does after the connection is lost.
extension StreamingSession {
    /// Waits out the backoff and connects and registers again, as often as `policy` allows. On success the new
    /// session and video manager are current, `registered` has been reported, and the run goes on with them.
    ///
    /// - Returns: `nil` to run again on the new connection; `.finished` when ``stop()`` came during the wait;
    ///   `.failed` with ``ProjectionFailure/Kind/gaveUp`` when the attempts are spent.
    func reconnect(policy: ReconnectPolicy, lost: ProjectionFailure) async -> Outcome? {
        // The hash the head unit last gave lets it resume the app's data on the new connection.
        let hashID = await session.resumptionHashID
        var reason = lost.message
        var attempt = 1
        while policy.allows(attempt: attempt) {
            let delay = policy.delay(forAttempt: attempt)
            yield(.reconnecting(attempt: attempt, delay: delay, reason: reason))
            logger.info(
                "reconnecting", metadata: ["attempt": "\(attempt)", "delay": "\(delay)", "reason": "\(reason)"])
            await waitOrStop(delay)
            if stopRequested { return .finished }
            var app = options.app
            app.resumptionHashID = hashID
            let next = makeConnection(app)
            do {
                try await next.session.start()
            } catch {
                reason = "cannot connect to \(endpoint): \(error)"
                attempt += 1
                continue
            }
            if stopRequested {
                try? await next.session.stop()
                return .finished
            }
            current.withLockedValue { $0 = next }
            await reportRegistration(of: next.session)
            return nil
        }
        let attempts = attempt - 1
        return .failed(
            ProjectionFailure(
                .gaveUp, "gave up reconnecting after \(attempts) attempt\(attempts == 1 ? "" : "s"): \(reason)"))
    }

    /// Sleeps for `delay`, or less when ``stop()`` wakes it.
    private func waitOrStop(_ delay: Duration) async {
        let (wakes, wake) = AsyncStream.makeStream(of: Void.self)
        backoffWake = wake
        defer { backoffWake = nil }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await Task.sleep(for: delay) }
            group.addTask {
                for await _ in wakes { break }
            }
            await group.next()
            group.cancelAll()
        }
    }
}
