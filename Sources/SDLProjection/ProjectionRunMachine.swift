/// The run's lifecycle as a pure value: connect, run, lose the connection, back off, reconnect, stop. It takes
/// ``Input``s and returns ``Action``s; ``Projection`` executes them (a session to start, a wait on its clock,
/// a run group to start or stop) and feeds the results back. No I/O, no clock, no tasks: every path, stop in each
/// state and every race between a stop and an answer included, is tested without a network or a sleep.
///
/// ```text
///  idle ─connect/run─▶ connecting(0) ─connected─▶ connected ─run─▶ running ─runEnded─▶ stopped
///                          │  (run asked: straight to running)        │
///                          └─connectFailed, policy─▶ backingOff(1) ◀──┘ connectionLost, policy
///  backingOff(n) ─backoffElapsed─▶ connecting(n) ─connected─▶ running (or connected)
///                                               └─connectFailed─▶ backingOff(n+1), or stopped: gaveUp
/// ```
///
/// A ``Input/stop`` never cuts a step short by itself: it asks for what ends the step at once (the session being
/// started is closed, the wait is woken, the run group is told to finish) and the step's own result then ends the
/// run. So a stop that races an answer always meets it here, in one order.
///
/// ```swift
/// var machine = ProjectionRunMachine(policy: ReconnectPolicy(), random: { 0.5 })
/// machine.handle(.run)                                   // [.connect(attempt: 0)]
/// machine.handle(.connected)                             // [.reportRegistered, .startRun]
/// machine.handle(.runEnded(.failed(lost)))               // [.reconnecting(attempt: 1, …), .wait(…)]
/// ```
struct ProjectionRunMachine: Sendable {
    enum State: Equatable, Sendable {
        case idle
        /// A session is starting: `attempt` 0 is the first connection, `n` the n-th reconnection.
        case connecting(attempt: Int)
        /// Waiting out the backoff before reconnection attempt `attempt`.
        case backingOff(attempt: Int)
        /// Connected and registered; ``Input/run`` has not come yet.
        case connected
        case running
        case stopped
    }

    /// How a run ended.
    enum Outcome: Equatable, Sendable {
        case finished
        case failed(ProjectionFailure)
    }

    enum Input: Sendable {
        /// `connect()`: connect and register, then wait for ``run``.
        case connect
        /// `run(source:)`: connect first if that was not done, then run.
        case run
        /// The session started by ``Action/connect(attempt:)`` registered.
        case connected
        /// The session started by ``Action/connect(attempt:)`` failed to connect or register.
        case connectFailed(ProjectionFailure)
        /// The wait of ``Action/wait(_:)`` is over (it elapsed, or ``Action/wakeWait`` woke it).
        case backoffElapsed
        /// The run group ended (after its own bounded shutdown) with its first outcome.
        case runEnded(Outcome)
        /// `stop()`.
        case stop
    }

    enum Action: Equatable, Sendable {
        /// Start a session: the first one, or (`attempt` > 0) a new one that resumes with the last hash id.
        case connect(attempt: Int)
        /// Report the registration of the session that just connected.
        case reportRegistered
        /// Report and log a reconnection attempt and why.
        case reconnecting(attempt: Int, delay: Duration, reason: String)
        /// Wait `delay` on the clock, then feed ``Input/backoffElapsed``.
        case wait(Duration)
        /// End the wait of ``wait(_:)`` now.
        case wakeWait
        /// Run the source on the current session until its first outcome.
        case startRun
        /// Tell the running group to finish.
        case stopRun
        /// Close the session that is starting or connected.
        case closeSession
        /// The call that is waiting for the machine (`connect()` or `run(source:)`) returns with this; when the
        /// completion ends the run, the event streams finish.
        case complete(Completion)
    }

    enum Completion: Equatable, Sendable {
        /// `connect()` returns: connected and registered.
        case connected
        /// The run is over.
        case ended(Outcome)
        /// ``Input/stop`` came before the first connection was made: `connect()` and `run(source:)` throw
        /// `invalidState` ("stop() came while connecting") and no `error` event is written: it was the app's choice.
        case stoppedBeforeConnecting
        /// The input came at the wrong time (`connect()` twice, `run` after the end): the call throws this and
        /// nothing else changes.
        case refused(ProjectionFailure)
    }

    /// `nil` when a lost connection ends the run.
    let policy: ReconnectPolicy?
    /// The jitter's random value in 0...1, injected so that tests know each delay.
    let random: @Sendable () -> Double
    private(set) var state = State.idle
    /// `run` was asked for: a connection goes straight on to running.
    private var runRequested = false
    private var stopRequested = false
    /// Whether a connection was ever made: a stop before the first one is not the end of a run.
    private var hasConnected = false
    /// The last attempt's failure: its message is the reason of the next `reconnecting`, and `gaveUp` carries it as
    /// its underlying error.
    private var lastFailure: ProjectionFailure?

    init(policy: ReconnectPolicy?, random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }) {
        self.policy = policy
        self.random = random
    }

    mutating func handle(_ input: Input) -> [Action] {
        switch (state, input) {
        case (.idle, .connect), (.idle, .run):
            runRequested = if case .run = input { true } else { false }
            state = .connecting(attempt: 0)
            return [.connect(attempt: 0)]
        case (_, .connect):
            return [.complete(.refused(ProjectionFailure(.invalidState, "connect() called twice")))]
        case (.connected, .run):
            runRequested = true
            state = .running
            return [.startRun]
        case (_, .run):
            return [.complete(.refused(ProjectionFailure(.invalidState, "run(source:) called twice")))]

        case (.connecting, .connected):
            if stopRequested { return endStopped(closing: true) }
            hasConnected = true
            guard runRequested else {
                state = .connected
                return [.reportRegistered, .complete(.connected)]
            }
            state = .running
            return [.reportRegistered, .startRun]
        case (.connecting(let attempt), .connectFailed(let failure)):
            if stopRequested { return endStopped() }
            // A refused registration is an answer, not a lost link: only a first connection that could not be made
            // is retried. Every failed reconnection is.
            guard attempt > 0 || failure.kind == .connectFailed, policy != nil else { return end(.failed(failure)) }
            lastFailure = failure
            return backOff(attempt: attempt + 1)

        case (.backingOff(let attempt), .backoffElapsed):
            if stopRequested { return endStopped() }
            state = .connecting(attempt: attempt)
            return [.connect(attempt: attempt)]

        case (.running, .runEnded(let outcome)):
            if !stopRequested, case .failed(let failure) = outcome, failure.kind == .connectionLost, policy != nil {
                lastFailure = failure
                return backOff(attempt: 1)
            }
            return end(outcome)

        case (.idle, .stop):
            stopRequested = true
            return end(.finished)
        case (.connected, .stop):
            stopRequested = true
            return endStopped(closing: true)
        case (.connecting, .stop):
            stopRequested = true
            return [.closeSession]
        case (.backingOff, .stop):
            stopRequested = true
            return [.wakeWait]
        case (.running, .stop):
            stopRequested = true
            return [.stopRun]
        case (.stopped, .stop):
            return []

        case (_, .connected), (_, .connectFailed), (_, .backoffElapsed), (_, .runEnded):
            // An answer to a step this state is not in: nothing asked for it.
            return []
        }
    }

    private mutating func backOff(attempt: Int) -> [Action] {
        let reason = lastFailure?.message ?? ""
        guard let policy, policy.allows(attempt: attempt) else {
            let attempts = attempt - 1
            return end(
                .failed(
                    ProjectionFailure(
                        .gaveUp,
                        "gave up reconnecting after \(attempts) attempt\(attempts == 1 ? "" : "s"): \(reason)",
                        underlying: lastFailure)))
        }
        let delay = policy.delay(forAttempt: attempt, random: random())
        state = .backingOff(attempt: attempt)
        return [.reconnecting(attempt: attempt, delay: delay, reason: reason), .wait(delay)]
    }

    private mutating func end(_ outcome: Outcome) -> [Action] {
        state = .stopped
        return [.complete(.ended(outcome))]
    }

    /// The end a stop brings about, once the step it interrupted has answered.
    private mutating func endStopped(closing: Bool = false) -> [Action] {
        state = .stopped
        let completion = hasConnected ? Completion.ended(.finished) : .stoppedBeforeConnecting
        return (closing ? [.closeSession] : []) + [.complete(completion)]
    }
}
