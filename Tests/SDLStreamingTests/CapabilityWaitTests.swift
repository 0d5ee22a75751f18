import CarWindowTestingTools
import Testing

@testable import SDLStreaming

/// The driver's "no capability" decision on an injected clock: the head unit counts as having none only once the
/// whole wait has passed on that clock with no capability, and a capability that came first always wins.
@Suite("Capability wait on an injected clock")
struct CapabilityWaitTests {
    @Test("no capability within the wait: the wait decides the head unit has none, once the clock has passed it")
    func noneArrives() async {
        let clock = ManualClock()
        let wait = CapabilityWait<ManualClock>()
        let decision = Task { await wait.noneArrived(within: .seconds(2), on: clock) }
        await clock.waitForSleeper()
        clock.advance(by: .seconds(2))
        #expect(await decision.value)
        // Decided: a capability that arrives later is applied by the driver, but the decision is not taken again.
        await wait.capabilityArrived()
        #expect(await wait.noneArrived(within: .zero, on: clock) == false)
    }

    @Test("a capability that arrives while the wait runs wins: the head unit is not treated as having none")
    func capabilityFirst() async {
        let clock = ManualClock()
        let wait = CapabilityWait<ManualClock>()
        let decision = Task { await wait.noneArrived(within: .seconds(2), on: clock) }
        await clock.waitForSleeper()
        await wait.capabilityArrived()
        clock.advance(by: .seconds(2))
        #expect(await decision.value == false)
    }

    @Test("a cancelled wait decides nothing")
    func cancelled() async {
        let clock = ManualClock()
        let wait = CapabilityWait<ManualClock>()
        let decision = Task { await wait.noneArrived(within: .seconds(2), on: clock) }
        await clock.waitForSleeper()
        decision.cancel()
        #expect(await decision.value == false)
    }
}
