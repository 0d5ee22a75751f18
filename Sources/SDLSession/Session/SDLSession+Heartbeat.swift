import Logging
import SDLWire

/// The liveness check of ``AppConfiguration/Heartbeat``: one loop per connection, beside the reader and writer.
extension SDLSession {
    /// Watches ``receivedFrameCount``: after `idle` without a new frame it queues a Heartbeat; when nothing at all
    /// has come `answerTimeout` later, the session fails as a lost transport. The answer is awaited, not sampled at
    /// the deadline, so on a quiet link that answers, Heartbeats go every `idle` plus the round trip. Ends when the
    /// connection's task group is cancelled. Both waits run on the session's injected clock, like its other
    /// timeouts.
    nonisolated func watchLiveness() async {
        guard let heartbeat = configuration.heartbeat else { return }
        var seen = await receivedFrameCount
        while true {
            do {
                try await clock.sleep(for: heartbeat.idle)
            } catch {
                return
            }
            let now = await receivedFrameCount
            guard now == seen else {
                seen = now
                continue
            }
            // Until the app is registered the start-up timeouts (protocolStart, response) watch the head unit.
            guard await sendHeartbeat() else { continue }
            let before = seen
            let answered = await withTaskGroup(of: Bool.self) { group in
                group.addTask { await self.frameArrival(after: before) }
                group.addTask {
                    _ = try? await self.clock.sleep(for: heartbeat.answerTimeout)
                    return false
                }
                let first = await group.next() ?? false
                group.cancelAll()
                return first
            }
            if Task.isCancelled { return }
            guard answered else {
                await fail(SDLSessionError(.heartbeatUnanswered(heartbeat.idle + heartbeat.answerTimeout)))
                return
            }
            seen = await receivedFrameCount
        }
    }

    /// Returns `true` once a frame beyond the first `count` has arrived (at once if one already has), `false` when
    /// the waiting task is cancelled first.
    func frameArrival(after count: UInt64) async -> Bool {
        guard receivedFrameCount == count else { return true }
        let id = nextFrameWaiter
        nextFrameWaiter &+= 1
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                if Task.isCancelled || receivedFrameCount != count {
                    continuation.resume()
                } else {
                    frameWaiters[id] = continuation
                }
            }
        } onCancel: {
            Task { await self.releaseFrameWaiter(id) }
        }
        return receivedFrameCount != count
    }

    /// Wakes every ``frameArrival(after:)`` waiting: a frame came.
    func frameArrived() {
        receivedFrameCount &+= 1
        guard !frameWaiters.isEmpty else { return }
        let waiters = frameWaiters
        frameWaiters.removeAll()
        for waiter in waiters.values { waiter.resume() }
    }

    private func releaseFrameWaiter(_ id: UInt64) {
        frameWaiters.removeValue(forKey: id)?.resume()
    }

    /// Queues a Heartbeat ahead of any media (the control service goes first); `false` before the app is
    /// registered or after the session ended.
    func sendHeartbeat() -> Bool {
        guard case .ready = lifecycle, closingError == nil, connection != nil,
            let parameters = protocolMachine.parameters
        else { return false }
        logger.debug("no frame from the head unit for a while: sending a Heartbeat")
        enqueue([
            SDLFrame.control(
                .heartbeat, service: .control, version: parameters.headerVersion, sessionID: parameters.sessionID)
        ])
        return true
    }
}
