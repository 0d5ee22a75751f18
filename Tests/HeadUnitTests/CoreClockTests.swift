import CarWindowTestingTools
import HeadUnit
import SDLRPC
import Testing

/// Core's delays run on the clock the emulator is given: with a manual clock a test moves time past a delay
/// instead of waiting it out, and "not yet" is a fact, not a race.
@Suite("Core delays on an injected clock")
struct CoreClockTests {
    @Test("the HMI activates a registered app only once its activation delay has passed", .timeLimit(.minutes(3)))
    func activationWaitsForTheClock() async throws {
        let clock = ManualClock()
        var configuration = HeadUnitConfiguration(port: 0)
        configuration.activationDelay = .seconds(2)
        let headUnit = HeadUnitEmulator(configuration: configuration, clock: clock)
        let port = try await headUnit.start()
        let events = await headUnit.events()
        let app = try await TestApp(port: port)
        _ = try await app.startRPC()
        try await app.sendRPC(function: 1, correlationID: 1, json: TestApp.navigationRegistration)

        var iterator = events.makeAsyncIterator()
        while let event = await iterator.next() {
            // Registration's OnHMIStatus NONE; the activation timer is armed in the same step.
            if case .hmiChanged(_, let status) = event, status.hmiLevel == .none { break }
        }
        // Wait until the timer sleeps on the clock, so advancing it cannot come first.
        await clock.waitForSleeper()
        clock.advance(by: .milliseconds(1_999))
        #expect(await headUnit.apps().first?.hmiStatus.hmiLevel == HMILevel.none, "a millisecond early: still NONE")

        clock.advance(by: .milliseconds(1))
        var level: HMILevel?
        while let event = await iterator.next() {
            if case .hmiChanged(_, let status) = event {
                level = status.hmiLevel
                break
            }
        }
        #expect(level == .full)
        await app.close()
        await headUnit.stop()
    }
}
