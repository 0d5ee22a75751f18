import CarWindowTestingTools
import SDLWire
import Testing

@testable import SDLSession

/// The secondary transport's policy without sockets, tasks or time: inputs in, actions out.
@Suite("Secondary transport state machine")
struct SecondaryTransportMachineTests {
    typealias Machine = SecondaryTransportMachine

    static func at(_ seconds: Int) -> SessionClock.Instant { SessionClock.Instant(offset: .seconds(seconds)) }

    static func allowed(at seconds: Int = 0) -> Machine.Context {
        Machine.Context(mayConnect: true, isOpen: true, now: at(seconds))
    }

    static func machine() -> Machine { Machine(registrationTimeout: .seconds(10), retryDelay: .seconds(5)) }

    /// A machine whose first attempt is registered on 10.0.0.2:5000.
    static func registered() -> Machine {
        var machine = machine()
        _ = machine.addressChanged(host: "10.0.0.2", port: 5000, allowed())
        _ = machine.linkOpened(attempt: 1)
        _ = machine.registrationAcknowledged(attempt: 1)
        return machine
    }

    @Test("an address connects only once the session allows it, and arms the registration deadline")
    func connectsWhenAllowed() {
        var machine = Self.machine()
        let notYet = Machine.Context(mayConnect: false, isOpen: true, now: Self.at(0))
        let step1 = machine.addressChanged(host: "10.0.0.2", port: 5000, notYet)
        #expect(step1 == [])
        #expect(machine.phase == .idle)
        let step2 = machine.conditionsChanged(Self.allowed(at: 3))
        #expect(
            step2 == [
                .connect(host: "10.0.0.2", port: 5000, attempt: 1),
                .armTimer(.registration, deadline: Self.at(13)),
            ])
        let step3 = machine.conditionsChanged(Self.allowed(at: 4))
        #expect(step3 == [], "one attempt at a time")
    }

    @Test("a port outside 1...65535 never connects")
    func badPort() {
        var machine = Self.machine()
        let step4 = machine.addressChanged(host: "10.0.0.2", port: 0, Self.allowed())
        #expect(step4 == [])
        let step5 = machine.addressChanged(host: "10.0.0.2", port: 70_000, Self.allowed())
        #expect(step5 == [])
        #expect(machine.phase == .idle)
    }

    @Test("link open, registration sent, ACK: registered, the deadline cancelled")
    func registers() {
        var machine = Self.machine()
        _ = machine.addressChanged(host: "10.0.0.2", port: 5000, Self.allowed())
        let step6 = machine.linkOpened(attempt: 1)
        #expect(step6 == [.register(attempt: 1)])
        #expect(machine.phase == .registering(attempt: 1))
        let step7 = machine.registrationAcknowledged(attempt: 1)
        #expect(
            step7 == [
                .cancelTimer(.registration), .registered(host: "10.0.0.2", port: 5000),
            ])
        #expect(machine.isRegistered)
    }

    @Test("a NAK closes the link; its end reports the NAK's reason and arms the retry")
    func nak() {
        var machine = Self.machine()
        _ = machine.addressChanged(host: "10.0.0.2", port: 5000, Self.allowed())
        _ = machine.linkOpened(attempt: 1)
        let step8 = machine.registrationRefused(attempt: 1, reason: "busy")
        #expect(step8 == [.closeLink(attempt: 1)])
        let failure = SDLSessionError(.secondaryTransport("RegisterSecondaryTransportNAK: busy"))
        let step9 = machine.linkEnded(attempt: 1, error: nil, Self.allowed(at: 2))
        #expect(
            step9 == [
                .cancelTimer(.registration), .linkGone(failure: failure, report: true),
                .armTimer(.retry, deadline: Self.at(7)),
            ])
        #expect(machine.phase == .waitingToRetry)
        let step10 = machine.timerFired(.retry, Self.allowed(at: 7))
        #expect(
            step10 == [
                .connect(host: "10.0.0.2", port: 5000, attempt: 2),
                .armTimer(.registration, deadline: Self.at(17)),
            ])
    }

    @Test("the registration deadline closes a link that is still connecting, and the late link is closed at once")
    func registrationTimeoutWhileConnecting() {
        var machine = Self.machine()
        _ = machine.addressChanged(host: "10.0.0.2", port: 5000, Self.allowed())
        let step11 = machine.timerFired(.registration, Self.allowed(at: 10))
        #expect(step11 == [.closeLink(attempt: 1)])
        let step12 = machine.linkOpened(attempt: 1)
        #expect(step12 == [.closeLink(attempt: 1)], "no registration on a timed-out attempt")
        let actions = machine.linkEnded(attempt: 1, error: nil, Self.allowed(at: 11))
        let timeout = SDLSessionError(.timeout("RegisterSecondaryTransportACK"))
        #expect(actions.contains(.linkGone(failure: timeout, report: true)))
    }

    @Test("a timer of a state that is gone changes nothing")
    func staleTimers() {
        var machine = Self.registered()
        let step13 = machine.timerFired(.registration, Self.allowed())
        #expect(step13 == [])
        let step14 = machine.timerFired(.retry, Self.allowed())
        #expect(step14 == [])
        #expect(machine.isRegistered)
    }

    @Test("the head unit closing a registered link is a failure: services end, retry after the delay")
    func linkDrops() {
        var machine = Self.registered()
        let actions = machine.linkEnded(attempt: 1, error: "reset", Self.allowed(at: 20))
        #expect(
            actions == [
                .cancelTimer(.registration),
                .linkGone(failure: SDLSessionError(.secondaryTransport("closed: reset")), report: true),
                .armTimer(.retry, deadline: Self.at(25)),
            ])
    }

    @Test("a new address while registered closes on purpose and connects to the new one at once")
    func newAddress() {
        var machine = Self.registered()
        let step15 = machine.addressChanged(host: "10.0.0.3", port: 5001, Self.allowed())
        #expect(step15 == [.closeLink(attempt: 1)])
        let step16 = machine.addressChanged(host: "10.0.0.3", port: 5001, Self.allowed())
        #expect(step16 == [], "the same new address again: the close is already under way")
        let step17 = machine.linkEnded(attempt: 1, error: nil, Self.allowed(at: 1))
        #expect(
            step17 == [
                .cancelTimer(.registration), .linkGone(failure: nil, report: true),
                .connect(host: "10.0.0.3", port: 5001, attempt: 2),
                .armTimer(.registration, deadline: Self.at(11)),
            ])
    }

    @Test("the same address again changes nothing; a withdrawal closes without error and does not reconnect")
    func withdrawal() {
        var machine = Self.registered()
        let step18 = machine.addressChanged(host: "10.0.0.2", port: 5000, Self.allowed())
        #expect(step18 == [])
        let step19 = machine.addressChanged(host: nil, port: nil, Self.allowed())
        #expect(step19 == [.closeLink(attempt: 1)])
        let step20 = machine.linkEnded(attempt: 1, error: nil, Self.allowed())
        #expect(
            step20 == [
                .cancelTimer(.registration), .linkGone(failure: nil, report: true),
            ])
        #expect(machine.phase == .idle)
    }

    @Test("a withdrawal while waiting to retry cancels the retry")
    func withdrawalWhileWaiting() {
        var machine = Self.registered()
        _ = machine.linkEnded(attempt: 1, error: nil, Self.allowed())
        #expect(machine.phase == .waitingToRetry)
        let step21 = machine.addressChanged(host: nil, port: nil, Self.allowed())
        #expect(step21 == [.cancelTimer(.retry)])
        #expect(machine.phase == .idle)
    }

    @Test("the end of an older attempt's link changes nothing")
    func staleLink() {
        var machine = Self.registered()
        _ = machine.addressChanged(host: "10.0.0.3", port: 5001, Self.allowed())
        _ = machine.linkEnded(attempt: 1, error: nil, Self.allowed())
        #expect(machine.phase == .connecting(attempt: 2))
        let step22 = machine.linkEnded(attempt: 1, error: "late", Self.allowed())
        #expect(step22 == [])
        let step23 = machine.linkOpened(attempt: 1)
        #expect(step23 == [.closeLink(attempt: 1)])
        #expect(machine.phase == .connecting(attempt: 2))
    }

    @Test("while the session closes, a lost link ends its services but is neither reported nor retried")
    func sessionClosing() {
        var machine = Self.registered()
        let closing = Machine.Context(mayConnect: false, isOpen: false, now: Self.at(0))
        let step24 = machine.linkEnded(attempt: 1, error: nil, closing)
        #expect(
            step24 == [
                .cancelTimer(.registration),
                .linkGone(failure: SDLSessionError(.secondaryTransport("the head unit closed it")), report: false),
            ])
        #expect(machine.phase == .idle)
    }

    @Test("the primary closing closes the link and stops both timers; the late end is ignored")
    func primaryClosed() {
        var machine = Self.registered()
        let step25 = machine.primaryClosed()
        #expect(step25 == [.cancelTimer(.registration), .cancelTimer(.retry), .closeLink(attempt: 1)])
        let step26 = machine.linkEnded(attempt: 1, error: nil, Self.allowed())
        #expect(step26 == [])
        #expect(machine.phase == .idle)
    }
}

/// Which services run where, and the one place a service ends.
@Suite("Service registry")
struct ServiceRegistryTests {
    @Test("placed on start, running on ACK, ended once: the ending says where it ran")
    func lifecycle() {
        var services = ServiceRegistry()
        services.place(.video, on: .secondary)
        #expect(services.transport(of: .video) == .secondary)
        #expect(!services.isRunning(.video))
        services.started(.video)
        #expect(services.running == [.video])
        let step27 = services.end(.video)
        #expect(step27 == ServiceRegistry.Ending(wasRunning: true, transport: .secondary))
        let step28 = services.end(.video)
        #expect(step28 == ServiceRegistry.Ending(wasRunning: false, transport: .primary))
        #expect(services.transport(of: .video) == .primary)
    }

    @Test("the RPC service is never placed nor listed as running")
    func rpc() {
        var services = ServiceRegistry()
        services.place(.rpc, on: .secondary)
        services.started(.rpc)
        #expect(services.running.isEmpty)
        #expect(services.transport(of: .rpc) == .primary)
    }

    @Test("a running unprotected service on the primary belongs on the secondary when the head unit prefers it")
    func belongsOnSecondary() {
        var services = ServiceRegistry()
        services.place(.video, on: .primary)
        services.started(.video)
        services.place(.audio, on: .secondary)
        services.started(.audio)
        #expect(services.belongsOnSecondary(.video, preferred: .secondary, isProtected: false))
        #expect(!services.belongsOnSecondary(.video, preferred: .primary, isProtected: false))
        #expect(
            !services.belongsOnSecondary(.video, preferred: .secondary, isProtected: true), "TLS stays on the primary")
        #expect(!services.belongsOnSecondary(.audio, preferred: .secondary, isProtected: false), "already there")
        #expect(services.services(on: .secondary) == [.audio])
    }
}

/// A stale timer never fires into a newer state.
@Suite("Session timers")
struct SessionTimersTests {
    @Test("only the token of the timer armed last fires, once")
    func tokens() {
        var timers = SessionTimers<SecondaryTransportMachine.Timer>()
        let manual = ManualClock()
        let clock = SessionClock(manual)
        let far = clock.now.advanced(by: .seconds(3600))
        timers.arm(.retry, deadline: far, on: clock) { _ in }
        timers.arm(.retry, deadline: far, on: clock) { _ in }
        let replaced = timers.fired(.retry, token: 1)
        #expect(!replaced, "replaced by the second arming")
        let step29 = timers.fired(.retry, token: 2)
        #expect(step29)
        let again = timers.fired(.retry, token: 2)
        #expect(!again, "fires once")
        timers.arm(.registration, deadline: far, on: clock) { _ in }
        timers.cancel(.registration)
        let cancelled = timers.fired(.registration, token: 3)
        #expect(!cancelled, "cancelled")
        timers.cancelAll()
        manual.advance(by: .seconds(3600))  // lets the one sleeper that was never cancelled end
    }
}
