import SDLAudio
import SDLRPC
import SDLWire
import Testing

@Suite("Audio lifecycle state machine")
struct AudioStreamStateMachineTests {
    static let levels: [HMILevel] = [.none, .background, .limited, .full]
    static let stream = AudioStreamDescription(format: .default, mtu: 131_072)

    /// The head unit's StartServiceACK(audio) for `attempt`, with `mtu` if it had one.
    static func ack(_ attempt: Int, mtu: Int64?) -> AudioStreamInput {
        .service(.startServiceACK(attempt: attempt, MediaStartServiceACK(mtu: mtu), encrypted: false))
    }

    /// A machine settled at `level`: ready when the level allows audio, stopped otherwise.
    static func settled(at level: HMILevel) -> AudioStreamStateMachine {
        var machine = AudioStreamStateMachine(format: .default)
        if machine.handle(.hmiLevel(level)) == [.startService(attempt: 1)] {
            machine.handle(Self.ack(1, mtu: 131_072))
        }
        return machine
    }

    static func allows(_ level: HMILevel) -> Bool { level == .full || level == .limited }

    @Test("every HMI level transition", arguments: levels, levels)
    func transition(from: HMILevel, to: HMILevel) {
        var machine = Self.settled(at: from)
        #expect(machine.state == (Self.allows(from) ? .ready : .stopped))
        let actions = machine.handle(.hmiLevel(to))
        switch (Self.allows(from), Self.allows(to)) {
        case (true, true):
            #expect(actions == [])
            #expect(machine.state == .ready)
        case (true, false):
            #expect(actions == [.stopPlayback, .endService(attempt: 1)])
            #expect(machine.state == .shuttingDown)
            #expect(machine.handle(.service(.endServiceAnswered(attempt: 1))) == [.emit(.stopped(.hmiLevel(to)))])
            #expect(machine.state == .stopped)
        case (false, true):
            #expect(actions == [.startService(attempt: 1)])
            #expect(machine.state == .starting)
        case (false, false):
            #expect(actions == [])
            #expect(machine.state == .stopped)
        }
    }

    @Test("FULL starts, ACK opens with Core's mtu, BACKGROUND ends, FULL starts again")
    func fullCycle() {
        var machine = AudioStreamStateMachine(format: .default)
        #expect(machine.handle(.hmiLevel(.full)) == [.startService(attempt: 1)])
        #expect(
            machine.handle(Self.ack(1, mtu: 131_072))
                == [.startPlayback(Self.stream), .emit(.started(Self.stream))])
        #expect(machine.stream == Self.stream)
        #expect(machine.handle(.hmiLevel(.background)) == [.stopPlayback, .endService(attempt: 1)])
        #expect(machine.handle(.service(.endServiceAnswered(attempt: 1))) == [.emit(.stopped(.hmiLevel(.background)))])
        #expect(machine.handle(.hmiLevel(.limited)) == [.startService(attempt: 2)])
        #expect(machine.handle(Self.ack(1, mtu: 131_072)) == [], "a stale answer is ignored")
        #expect(machine.handle(Self.ack(2, mtu: nil)).first == .startPlayback(Self.stream))
    }

    @Test("the gate reopening while shutting down restarts after the answer")
    func reopenWhileShuttingDown() {
        var machine = Self.settled(at: .full)
        _ = machine.handle(.hmiLevel(.none))
        #expect(machine.handle(.hmiLevel(.full)) == [])
        #expect(
            machine.handle(.service(.endServiceAnswered(attempt: 1)))
                == [.emit(.stopped(.hmiLevel(.none))), .startService(attempt: 2)])
    }

    @Test("an ACK that arrives after the gate closed ends the service without announcing it")
    func ackAfterGateClosed() {
        var machine = AudioStreamStateMachine(format: .default)
        _ = machine.handle(.hmiLevel(.full))
        #expect(machine.handle(.hmiLevel(.background)) == [])
        #expect(machine.handle(Self.ack(1, mtu: 131_072)) == [.endService(attempt: 1)])
        #expect(machine.handle(.service(.endServiceAnswered(attempt: 1))) == [])
        #expect(machine.state == .stopped)
    }

    @Test("a NAK reports an error and does not retry until the HMI closes and reopens the gate")
    func nak() {
        var machine = AudioStreamStateMachine(format: .default)
        _ = machine.handle(.hmiLevel(.full))
        let nak = ServiceNAK(rejectedParams: nil, reason: "audio not allowed")
        #expect(
            machine.handle(.service(.startServiceNAK(attempt: 1, nak)))
                == [.emit(.error(MediaStreamingError(.serviceRejected(nak), "StartService(audio)")))])
        #expect(machine.state == .stopped)
        #expect(machine.handle(.hmiLevel(.full)) == [])
        #expect(machine.handle(.hmiLevel(.limited)) == [])
        #expect(machine.handle(.hmiLevel(.background)) == [])
        #expect(machine.handle(.hmiLevel(.full)) == [.startService(attempt: 2)])
    }

    @Test("a start that fails on the connection is an error, and enable retries at once")
    func startFailed() {
        var machine = AudioStreamStateMachine(format: .default)
        _ = machine.handle(.hmiLevel(.full))
        let error = MediaStreamingError(.connectionFailed, "timeout")
        #expect(machine.handle(.service(.startServiceFailed(attempt: 1, error))) == [.emit(.error(error))])
        #expect(machine.handle(.hmiLevel(.full)) == [])
        #expect(machine.handle(.enable) == [.startService(attempt: 2)])
    }

    @Test("the head unit's EndService is acknowledged and reported; audio resumes when the gate reopens")
    func headUnitEndService() {
        var machine = Self.settled(at: .full)
        #expect(
            machine.handle(.service(.headUnitEndedService))
                == [.acknowledgeEndService, .stopPlayback, .emit(.stopped(.headUnitEndedService))])
        #expect(machine.state == .stopped)
        #expect(machine.handle(.hmiLevel(.full)) == [])
        #expect(machine.handle(.hmiLevel(.none)) == [])
        #expect(machine.handle(.hmiLevel(.limited)) == [.startService(attempt: 2)])
    }

    @Test("a move to another transport stops playback and starts again at once, with no latch")
    func moveToAnotherTransport() {
        var machine = Self.settled(at: .full)
        #expect(
            machine.handle(.service(.serviceMoved))
                == [.stopPlayback, .emit(.stopped(.movingTransport)), .startService(attempt: 2)])
        #expect(machine.state == .starting)
        // Outside FULL/LIMITED a move only stops: the next activation starts it.
        var limitedThenNone = Self.settled(at: .full)
        _ = limitedThenNone.handle(.hmiLevel(.none))
        #expect(limitedThenNone.handle(.service(.serviceMoved)) == [.emit(.stopped(.hmiLevel(.none)))])
        #expect(limitedThenNone.handle(.hmiLevel(.full)) == [.startService(attempt: 2)])
    }

    @Test("a move while our StartService's ACK is on its way: that service is ended, then a new start")
    func moveWhileStarting() {
        var machine = AudioStreamStateMachine(format: .default)
        #expect(machine.handle(.hmiLevel(.full)) == [.startService(attempt: 1)])
        #expect(machine.handle(.service(.serviceMoved)) == [])
        #expect(machine.handle(Self.ack(1, mtu: nil)) == [.endService(attempt: 1)])
        #expect(machine.handle(.service(.endServiceAnswered(attempt: 1))) == [.startService(attempt: 2)])
    }

    @Test("Core ends the service on BACKGROUND while ours is on its way: one stopped event")
    func bothEnd() {
        var machine = Self.settled(at: .full)
        _ = machine.handle(.hmiLevel(.background))
        #expect(
            machine.handle(.service(.headUnitEndedService))
                == [.acknowledgeEndService, .emit(.stopped(.hmiLevel(.background)))])
        #expect(machine.handle(.service(.endServiceAnswered(attempt: 1))) == [])
        #expect(
            machine.handle(.service(.headUnitEndedService)) == [.acknowledgeEndService], "when stopped: only the ACK")
    }

    @Test("a closed transport stops for good")
    func transportClosed() {
        var machine = Self.settled(at: .full)
        #expect(machine.handle(.service(.transportClosed)) == [.stopPlayback, .emit(.stopped(.transportClosed))])
        #expect(machine.handle(.hmiLevel(.none)) == [])
        #expect(machine.handle(.hmiLevel(.full)) == [])
        #expect(machine.handle(.enable) == [])
    }

    @Test("disable ends the service and keeps it ended; enable starts it again")
    func disableEnable() {
        var machine = Self.settled(at: .limited)
        #expect(machine.handle(.disable) == [.stopPlayback, .endService(attempt: 1)])
        #expect(machine.handle(.service(.endServiceAnswered(attempt: 1))) == [.emit(.stopped(.requested))])
        #expect(machine.handle(.hmiLevel(.full)) == [])
        #expect(machine.handle(.enable) == [.startService(attempt: 2)])
    }

    @Test("the ACK's mtu: absent is the session default, hostile values are clamped")
    func mtu() {
        var machine = AudioStreamStateMachine(format: .default)
        _ = machine.handle(.hmiLevel(.full))
        _ = machine.handle(Self.ack(1, mtu: nil))
        #expect(machine.stream?.mtu == 131_072)
        var hostile = AudioStreamStateMachine(format: .default)
        _ = hostile.handle(.hmiLevel(.full))
        _ = hostile.handle(Self.ack(1, mtu: .max))
        #expect(hostile.stream?.mtu == MTU.hardPayloadCap)
        var tiny = AudioStreamStateMachine(format: .default)
        _ = tiny.handle(.hmiLevel(.full))
        _ = tiny.handle(Self.ack(1, mtu: -5))
        #expect(tiny.stream?.mtu == 64)
    }
}
