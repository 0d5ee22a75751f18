import Logging
import NIOConcurrencyHelpers
import SDLSession

/// The executor of ``ProjectionRunMachine``: each action becomes a session started or closed, a wait on the clock,
/// an event, or a run group, and what it brings back is the machine's next input.
extension Projection {
    /// Feeds `input` to the machine and executes what it asks until it completes the call that is waiting.
    func drive(
        _ input: ProjectionRunMachine.Input, source: (any ProjectionSource)?
    ) async -> ProjectionRunMachine.Completion {
        var pending = machine.handle(input)
        while !pending.isEmpty {
            let action = pending.removeFirst()
            switch action {
            case .complete(let completion):
                return completion
            case .startRun:
                // Only `run(source:)` brings the machine to running (ProjectionRunMachineTests): a run asked for
                // without a source would be a machine bug.
                guard let source else { return machineFault("asked to run without a source") }
                pending += machine.handle(.runEnded(await runOnce(source: source)))
            default:
                if let next = await perform(action) { pending += machine.handle(next) }
            }
        }
        // Every input a waiting call feeds ends in a completion (ProjectionRunMachineTests): an empty list here
        // would be a machine bug.
        return machineFault("asked for nothing")
    }

    /// Ends the run on a machine bug, the one safe answer to it, and logs it.
    private func machineFault(_ what: String) -> ProjectionRunMachine.Completion {
        logger.error("the run's state machine \(what)", metadata: ["state": "\(machine.state)"])
        return .ended(.failed(ProjectionFailure(.invalidState, "the run's lifecycle stopped in \(machine.state)")))
    }

    /// Executes one action other than running the source (``drive(_:source:)`` does that); returns the input its
    /// result makes, if it has one.
    func perform(_ action: ProjectionRunMachine.Action) async -> ProjectionRunMachine.Input? {
        switch action {
        case .connect(let attempt):
            return await connect(attempt: attempt)
        case .reportRegistered:
            await reportRegistration(of: session)
        case .reconnecting(let attempt, let delay, let reason):
            yield(.reconnecting(attempt: attempt, delay: delay, reason: reason))
            logger.info(
                "reconnecting", metadata: ["attempt": "\(attempt)", "delay": "\(delay)", "reason": "\(reason)"])
        case .wait(let delay):
            await waitOrStop(delay)
            return .backoffElapsed
        case .wakeWait:
            backoffWake?.yield()
        case .stopRun:
            stopRequest?.yield(.finished)
        case .closeSession:
            try? await (attempting ?? current.withLockedValue { $0 }).session.stop()
        case .startRun, .complete:
            // The caller's own steps: drive(_:source:) runs the source and returns the completion.
            break
        }
        return nil
    }

    /// Starts a session: the first one, or a new one that resumes with the last hash id. A registered one becomes
    /// the current connection.
    private func connect(attempt: Int) async -> ProjectionRunMachine.Input {
        let connection: Connection
        if attempt == 0 {
            connection = current.withLockedValue { $0 }
        } else {
            // The hash the lost session last had (OnHashChange updates it) lets the head unit resume the app's data.
            var app = options.app
            app.resumptionHashID = await session.resumptionHashID
            connection = makeConnection(app)
        }
        attempting = connection
        defer { attempting = nil }
        do {
            try await connection.session.start()
        } catch {
            if attempt == 0, let sessionError = error as? SDLSessionError,
                case .registrationFailed = sessionError.kind
            {
                return .connectFailed(
                    ProjectionFailure(.registrationRefused, "registration refused: \(error)", underlying: error))
            }
            return .connectFailed(
                ProjectionFailure(.connectFailed, "cannot connect to \(endpoint): \(error)", underlying: error))
        }
        current.withLockedValue { $0 = connection }
        return .connected
    }

    /// Runs the source on the current connection until the run group's first outcome, after its shutdown.
    private func runOnce(source: some ProjectionSource) async -> Outcome {
        let (outcomes, outcome) = AsyncStream.makeStream(of: Outcome.self)
        stopRequest = outcome
        defer { stopRequest = nil }
        // A stop() that came while the connection was being made: the group shuts down at once.
        if stopCalled { outcome.yield(.finished) }
        return await runGroup(source: source, outcome: outcome, outcomes: outcomes)
    }

    /// Sleeps for `delay` on the clock, or less when ``stop()`` wakes it.
    private func waitOrStop(_ delay: Duration) async {
        if stopCalled { return }
        let (wakes, wake) = AsyncStream.makeStream(of: Void.self)
        backoffWake = wake
        defer { backoffWake = nil }
        await Self.firstSignal(of: wakes, orAfter: delay, on: clock)
    }

    /// Returns at the first element of `signals` or once `timeout` has passed on `clock`, whichever comes first: the
    /// backoff's wait (woken by stop()) and the shutdown's wait for the video's end.
    static func firstSignal(
        of signals: AsyncStream<Void>, orAfter timeout: Duration, on clock: any Clock<Duration>
    ) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await clock.sleep(for: timeout) }
            group.addTask {
                for await _ in signals { break }
            }
            await group.next()
            group.cancelAll()
        }
    }
}
