import SDLProjection
import Testing

/// The backoff a reconnecting projection waits: the math on injected random numbers, no clock.
@Suite("ReconnectPolicy")
struct ReconnectPolicyTests {
    @Test("without jitter the delay doubles from the initial delay up to the ceiling")
    func exponentialUpToCeiling() {
        let policy = ReconnectPolicy(
            initialDelay: .milliseconds(500), multiplier: 2, maximumDelay: .seconds(5), jitter: 0, maximumAttempts: 8)
        let delays = (1...7).map { policy.delay(forAttempt: $0, random: 0.9) }
        #expect(
            delays == [
                .milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(5), .seconds(5),
            ])
    }

    @Test("jitter moves a delay by at most its fraction either way, as the random number says")
    func jitterIsBoundedAndInjected() {
        let policy = ReconnectPolicy(initialDelay: .seconds(2), multiplier: 3, maximumDelay: .seconds(60), jitter: 0.25)
        // Attempt 2: 6 s before jitter.
        #expect(policy.delay(forAttempt: 2, random: 0) == .milliseconds(4500))
        #expect(policy.delay(forAttempt: 2, random: 0.5) == .seconds(6))
        #expect(policy.delay(forAttempt: 2, random: 1) == .milliseconds(7500))
        // Nonsense random numbers are clamped, never a negative or infinite wait.
        #expect(policy.delay(forAttempt: 2, random: -3) == .milliseconds(4500))
        #expect(policy.delay(forAttempt: 2, random: .nan) == .seconds(6))
        for attempt in [1, 2, 5, 50, 10_000, Int.max] {
            let delay = policy.delay(forAttempt: attempt)
            #expect(delay >= .zero && delay <= .seconds(75), "attempt \(attempt): \(delay)")
        }
    }

    @Test("attempts are bounded, or not, as configured")
    func attemptBound() {
        let bounded = ReconnectPolicy(maximumAttempts: 3)
        #expect(bounded.allows(attempt: 3))
        #expect(!bounded.allows(attempt: 4))
        let unbounded = ReconnectPolicy(maximumAttempts: nil)
        #expect(unbounded.allows(attempt: 1_000_000))
        // Values that make no sense are brought back to ones that do.
        let odd = ReconnectPolicy(
            initialDelay: .seconds(-1), multiplier: 0.1, maximumDelay: .zero, jitter: 7, maximumAttempts: 0)
        #expect(odd.initialDelay == .zero && odd.multiplier == 1 && odd.jitter == 1 && odd.maximumAttempts == 1)
    }

    @Test("the defaults: 0.5 s doubling to 10 s, 20 % jitter, 10 attempts")
    func defaults() {
        let policy = ReconnectPolicy()
        #expect(policy.delay(forAttempt: 1, random: 0.5) == .milliseconds(500))
        #expect(policy.delay(forAttempt: 6, random: 0.5) == .seconds(10))
        #expect(policy.maximumAttempts == 10)
        #expect(ProjectionOptions.DisconnectPolicy.reconnect(policy).reconnectPolicy == policy)
        #expect(ProjectionOptions.DisconnectPolicy.fail.reconnectPolicy == nil)
    }
}
