import Testing

@testable import SDLProjection

/// The run's lifecycle on its own: inputs in, actions out. No session, no socket, no clock, no sleep.
@Suite("Projection run machine")
struct ProjectionRunMachineTests {
    typealias Machine = ProjectionRunMachine

    /// Three attempts, 1 s doubling, no jitter: every delay is known.
    static let policy = ReconnectPolicy(
        initialDelay: .seconds(1), multiplier: 2, maximumDelay: .seconds(30), jitter: 0, maximumAttempts: 3)
    static let lost = ProjectionFailure(.connectionLost, "the head unit closed the connection")
    static let refused = ProjectionFailure(.connectFailed, "cannot connect to 127.0.0.1:12345: refused")

    static func machine(reconnecting: Bool = true) -> Machine {
        Machine(policy: reconnecting ? policy : nil, random: { 0.5 })
    }

    @Test("run from idle connects, reports the registration and starts the run; a finished run ends it")
    func runHappyPath() {
        var machine = Self.machine()
        #expect(machine.handle(.run) == [.connect(attempt: 0)])
        #expect(machine.state == .connecting(attempt: 0))
        #expect(machine.handle(.connected) == [.reportRegistered, .startRun])
        #expect(machine.state == .running)
        #expect(machine.handle(.runEnded(.finished)) == [.complete(.ended(.finished))])
        #expect(machine.state == .stopped)
    }

    @Test("connect() returns once registered; run() then starts the run on that connection without connecting again")
    func connectThenRun() {
        var machine = Self.machine()
        #expect(machine.handle(.connect) == [.connect(attempt: 0)])
        #expect(machine.handle(.connected) == [.reportRegistered, .complete(.connected)])
        #expect(machine.state == .connected)
        #expect(machine.handle(.run) == [.startRun])
        #expect(machine.state == .running)
    }

    @Test("connect() or run() at the wrong time is refused and changes nothing")
    func refusals() {
        var machine = Self.machine()
        _ = machine.handle(.connect)
        #expect(
            machine.handle(.connect)
                == [.complete(.refused(ProjectionFailure(.invalidState, "connect() called twice")))])
        #expect(
            machine.handle(.run)
                == [.complete(.refused(ProjectionFailure(.invalidState, "run(source:) called twice")))])
        #expect(machine.state == .connecting(attempt: 0))
        _ = machine.handle(.connected)
        _ = machine.handle(.run)
        _ = machine.handle(.runEnded(.finished))
        #expect(
            machine.handle(.run)
                == [.complete(.refused(ProjectionFailure(.invalidState, "run(source:) called twice")))])
    }

    @Test("a lost connection backs off 1 s, 2 s, 4 s and gives up after the policy's three attempts, with the reason")
    func backoffAndGiveUp() {
        var machine = Self.machine()
        _ = machine.handle(.run)
        _ = machine.handle(.connected)
        #expect(
            machine.handle(.runEnded(.failed(Self.lost)))
                == [.reconnecting(attempt: 1, delay: .seconds(1), reason: Self.lost.message), .wait(.seconds(1))])
        #expect(machine.state == .backingOff(attempt: 1))
        for (attempt, next) in [(1, Duration.seconds(2)), (2, .seconds(4))] {
            #expect(machine.handle(.backoffElapsed) == [.connect(attempt: attempt)])
            #expect(
                machine.handle(.connectFailed(Self.refused))
                    == [.reconnecting(attempt: attempt + 1, delay: next, reason: Self.refused.message), .wait(next)])
        }
        #expect(machine.handle(.backoffElapsed) == [.connect(attempt: 3)])
        #expect(
            machine.handle(.connectFailed(Self.refused))
                == [
                    .complete(
                        .ended(
                            .failed(
                                ProjectionFailure(
                                    .gaveUp, "gave up reconnecting after 3 attempts: \(Self.refused.message)"))))
                ])
        #expect(machine.state == .stopped)
    }

    @Test("a reconnection that succeeds reports the registration and runs again")
    func reconnectRunsAgain() {
        var machine = Self.machine()
        _ = machine.handle(.run)
        _ = machine.handle(.connected)
        _ = machine.handle(.runEnded(.failed(Self.lost)))
        #expect(machine.handle(.backoffElapsed) == [.connect(attempt: 1)])
        #expect(machine.handle(.connected) == [.reportRegistered, .startRun])
        #expect(machine.state == .running)
        // The attempts start from 1 again after a run on the new connection.
        #expect(
            machine.handle(.runEnded(.failed(Self.lost))).first
                == .reconnecting(
                    attempt: 1, delay: .seconds(1), reason: Self.lost.message))
    }

    @Test("without a reconnect policy a lost connection ends the run with it")
    func noPolicy() {
        var machine = Self.machine(reconnecting: false)
        _ = machine.handle(.run)
        _ = machine.handle(.connected)
        #expect(machine.handle(.runEnded(.failed(Self.lost))) == [.complete(.ended(.failed(Self.lost)))])
    }

    @Test("only connectionLost is retried: a failed video, source or audio ends the run under any policy")
    func otherFailuresEnd() {
        for kind in [ProjectionFailure.Kind.videoFailed, .sourceFailed, .audioFailed, .nothingStreamed] {
            var machine = Self.machine()
            _ = machine.handle(.run)
            _ = machine.handle(.connected)
            let failure = ProjectionFailure(kind, "x")
            #expect(machine.handle(.runEnded(.failed(failure))) == [.complete(.ended(.failed(failure)))], "\(kind)")
        }
    }

    @Test("a first connection that cannot be made is retried under the policy; a refused registration is not")
    func firstConnection() {
        var machine = Self.machine()
        _ = machine.handle(.run)
        #expect(machine.handle(.connectFailed(Self.refused)).last == .wait(.seconds(1)))

        var refusedRegistration = Self.machine()
        _ = refusedRegistration.handle(.connect)
        let answer = ProjectionFailure(.registrationRefused, "registration refused: DISALLOWED")
        #expect(
            refusedRegistration.handle(.connectFailed(answer)) == [.complete(.ended(.failed(answer)))])

        var withoutPolicy = Self.machine(reconnecting: false)
        _ = withoutPolicy.handle(.connect)
        #expect(withoutPolicy.handle(.connectFailed(Self.refused)) == [.complete(.ended(.failed(Self.refused)))])
    }

    @Test("stop while the first connection is made closes it; its answer, either one, ends the call as stopped")
    func stopWhileConnecting() {
        for answer in [Machine.Input.connected, .connectFailed(Self.refused)] {
            var machine = Self.machine()
            _ = machine.handle(.run)
            #expect(machine.handle(.stop) == [.closeSession])
            let end = machine.handle(answer)
            #expect(end.last == .complete(.stoppedBeforeConnecting))
            #expect(machine.state == .stopped)
            // A session that made it anyway is closed; nothing is reported or run.
            if case .connected = answer { #expect(end == [.closeSession, .complete(.stoppedBeforeConnecting)]) }
        }
    }

    @Test("stop during the backoff wakes the wait and ends the run as finished, without another attempt")
    func stopDuringBackoff() {
        var machine = Self.machine()
        _ = machine.handle(.run)
        _ = machine.handle(.connected)
        _ = machine.handle(.runEnded(.failed(Self.lost)))
        #expect(machine.handle(.stop) == [.wakeWait])
        #expect(machine.handle(.backoffElapsed) == [.complete(.ended(.finished))])
    }

    @Test("stop during a reconnection attempt closes it and ends finished, whatever the attempt answers")
    func stopDuringReconnect() {
        var machine = Self.machine()
        _ = machine.handle(.run)
        _ = machine.handle(.connected)
        _ = machine.handle(.runEnded(.failed(Self.lost)))
        _ = machine.handle(.backoffElapsed)
        #expect(machine.handle(.stop) == [.closeSession])
        #expect(machine.handle(.connected) == [.closeSession, .complete(.ended(.finished))])
    }

    @Test("the outcome race: stop and a lost connection together end with the run's first outcome, never a retry")
    func stopRacesLoss() {
        var machine = Self.machine()
        _ = machine.handle(.run)
        _ = machine.handle(.connected)
        #expect(machine.handle(.stop) == [.stopRun])
        // The group's first outcome was the loss, which came before the stop reached it: no reconnection.
        #expect(machine.handle(.runEnded(.failed(Self.lost))) == [.complete(.ended(.failed(Self.lost)))])
        #expect(machine.handle(.stop).isEmpty)
    }

    @Test("stop before anything, or between connect() and run(), ends the run; a later run() is refused")
    func stopOutsideACall() {
        var idle = Self.machine()
        #expect(idle.handle(.stop) == [.complete(.ended(.finished))])
        #expect(
            idle.handle(.run).first
                == .complete(.refused(ProjectionFailure(.invalidState, "run(source:) called twice"))))

        var connected = Self.machine()
        _ = connected.handle(.connect)
        _ = connected.handle(.connected)
        #expect(connected.handle(.stop) == [.closeSession, .complete(.ended(.finished))])
    }

    @Test("answers to a step the machine is not in change nothing")
    func strayAnswers() {
        var machine = Self.machine()
        for stray in [Machine.Input.connected, .connectFailed(Self.refused), .backoffElapsed, .runEnded(.finished)] {
            #expect(machine.handle(stray).isEmpty)
            #expect(machine.state == .idle)
        }
        _ = machine.handle(.run)
        #expect(machine.handle(.backoffElapsed).isEmpty)
        #expect(machine.handle(.runEnded(.finished)).isEmpty)
        #expect(machine.state == .connecting(attempt: 0))
    }

    @Test("every input a waiting call feeds ends in a completion, from every state, with a stop anywhere")
    func everyPathCompletes() {
        // Walks every sequence of answers up to eight steps, with a stop inserted at each point: a driver waiting on
        // the machine always gets `.complete` (or a next step to execute), never an empty list.
        let answers: [Machine.Input] = [
            .connected, .connectFailed(Self.refused), .connectFailed(ProjectionFailure(.registrationRefused, "no")),
        ]
        func walk(_ machine: Machine, pendingStep: [Machine.Action], depth: Int) {
            guard depth < 8 else { return }
            guard let step = pendingStep.last else {
                Issue.record("a waiting call got no action in \(machine.state)")
                return
            }
            if case .complete = step { return }
            let inputs: [Machine.Input] =
                switch step {
                case .connect: answers.filter { if case .runEnded = $0 { false } else { true } }
                case .wait: [.backoffElapsed]
                case .startRun: [.runEnded(.finished), .runEnded(.failed(Self.lost))]
                default: []
                }
            for input in inputs {
                var next = machine
                let actions = next.handle(input)
                walk(next, pendingStep: actions, depth: depth + 1)
                var stopped = machine
                _ = stopped.handle(.stop)
                let afterStop = stopped.handle(input)
                walk(stopped, pendingStep: afterStop, depth: depth + 1)
            }
        }
        var start = Self.machine()
        let first = start.handle(.run)
        walk(start, pendingStep: first, depth: 0)
    }
}
