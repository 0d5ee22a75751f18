import Logging
import SDLWire

/// The liveness check of ``AppConfiguration/Heartbeat``: one loop per connection, beside the reader and writer.
extension SDLSession {
    /// Watches ``receivedFrameCount``: after `idle` without a new frame it queues a Heartbeat; when nothing at all
    /// has come `answerTimeout` later, the session fails as a lost transport. The check is made at that deadline, so
    /// on a quiet link that answers, Heartbeats go every `idle + answerTimeout`. Ends when the connection's task
    /// group is cancelled. Both waits run on the session's injected clock, like its other timeouts.
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
            do {
                try await clock.sleep(for: heartbeat.answerTimeout)
            } catch {
                return
            }
            let answered = await receivedFrameCount
            guard answered != seen else {
                await fail(SDLSessionError(.heartbeatUnanswered(heartbeat.idle + heartbeat.answerTimeout)))
                return
            }
            seen = answered
        }
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
