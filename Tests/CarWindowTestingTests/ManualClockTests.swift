import CarWindowTesting
import Testing

/// `ManualClock`'s sleeps against cancellation. The time limit only catches a sleep that never ends.
@Suite("ManualClock", .timeLimit(.minutes(2)))
struct ManualClockTests {
    @Test("a sleep cancelled at any moment ends with CancellationError, whichever of the two ran first")
    func cancelledSleepsEnd() async throws {
        let clock = ManualClock()
        // The cancel lands before the sleep starts, while it registers (the case a frame pump's test hung on: the
        // cancel's handler found no sleeper yet, and the sleep then waited for ever) or after it registered.
        for _ in 0..<2_000 {
            let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
            sleeper.cancel()
            await #expect(throws: CancellationError.self) { try await sleeper.value }
        }
        #expect(clock.now.offset == .zero)
    }
}
