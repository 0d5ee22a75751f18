import CarWindow
import HeadUnit
import Testing

/// OnDriverDistraction from the emulator reaches the window, so lists apply their distraction rule.
@Suite("Driver distraction from the emulator", .serialized, .timeLimit(.minutes(3)))
@CarWindowActor
struct DriverDistractionTests {
    @Test("DD_ON and DD_OFF from the emulator's control set and clear Window.isDriverDistracted")
    func followsTheHeadUnit() async throws {
        let harness = try await ProjectionHarness()
        defer { harness.removeRecordings() }
        do {
            _ = try await harness.startStreaming()
            #expect(!harness.projection.window.isDriverDistracted)  // Core sends DD_OFF at registration
            #expect(await harness.headUnit.setDriverDistraction(true) == 1)
            await harness.projectionEvents.wait { $0.contains(.driverDistractionChanged(true)) }
            #expect(harness.projection.window.isDriverDistracted)
            #expect(
                try await ConsoleCommand(parsing: "distraction off").apply(to: harness.headUnit)
                    == "driver distraction DD_OFF to 1 app(s)")
            // The registration's DD_OFF may have come before the projection subscribed; the last one decides.
            await harness.projectionEvents.wait { events in
                let states = events.compactMap { if case .driverDistractionChanged(let on) = $0 { on } else { nil } }
                return states.contains(true) && states.last == false
            }
            #expect(!harness.projection.window.isDriverDistracted)
            await harness.shutDown()
        } catch {
            await harness.shutDown()
            throw error
        }
    }
}
