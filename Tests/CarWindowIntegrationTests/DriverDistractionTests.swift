import CarWindow
import CarWindowTesting
import HeadUnit
import SDLProjection
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
            #expect(!harness.windowSource.window.isDriverDistracted)  // Core sends DD_OFF at registration
            // The run's event may come before the window follows; the window's full redraw sends a frame, and each
            // of the emulator's events rechecks.
            var changes = await harness.headUnit.events()
            #expect(await harness.headUnit.setDriverDistraction(true) == 1)
            await harness.runEvents.wait { $0.contains(where: \.isDriverDistracted) }
            let distracted = await eventually(within: .seconds(20), recheckingOn: changes) {
                harness.windowSource.window.isDriverDistracted
            }
            #expect(distracted)
            changes = await harness.headUnit.events()
            #expect(
                try await ConsoleCommand(parsing: "distraction off").apply(to: harness.headUnit)
                    == "driver distraction DD_OFF to 1 app(s)")
            // The registration's DD_OFF may have come before the projection subscribed; the last one decides.
            await harness.runEvents.wait { events in
                let states = events.compactMap { if case .driverDistraction(let on) = $0 { on } else { nil } }
                return states.contains(true) && states.last == false
            }
            let cleared = await eventually(within: .seconds(20), recheckingOn: changes) {
                !harness.windowSource.window.isDriverDistracted
            }
            #expect(cleared)
            await harness.shutDown()
        } catch {
            await harness.shutDown()
            throw error
        }
    }
}

extension ProjectionEvent {
    fileprivate var isDriverDistracted: Bool {
        if case .driverDistraction(on: true) = self { return true }
        return false
    }
}
