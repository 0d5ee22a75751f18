import CarWindow
import HeadUnit
import Testing

/// Day and night follow the car's light sensor through SubscribeVehicleData / OnVehicleData headLampStatus where the
/// emulated policy allows it, and stay the app's choice where it does not.
@Suite("Day and night from the car", .serialized, .timeLimit(.minutes(3)))
@CarWindowActor
struct AppearanceTests {
    /// The run's `appearance` event for `appearance` (the theme already switched when it comes).
    nonisolated static func isAppearance(_ event: ProjectionEvent, _ appearance: Appearance) -> Bool {
        if case .appearance(appearance) = event { true } else { false }
    }

    @Test("policy allows headLampStatus: GetVehicleData gives NIGHT, then OnVehicleData DAY switches back")
    func followsTheLights() async throws {
        let harness = try await ProjectionHarness(
            lights: VehicleLights(allowsHeadLampStatus: true, ambientLight: "NIGHT"))
        defer { harness.removeRecordings() }
        do {
            _ = try await harness.startStreaming()
            await harness.runEvents.wait { $0.contains { Self.isAppearance($0, .night) } }
            #expect(harness.windowSource.window.theme == .night)
            #expect(
                try await ConsoleCommand(parsing: "lights day").apply(to: harness.headUnit)
                    == "ambient light DAY, OnVehicleData to 1 app(s)")
            await harness.runEvents.wait { $0.contains { Self.isAppearance($0, .day) } }
            #expect(harness.windowSource.window.theme == .day)
            #expect(harness.windowSource.headLampStatusRefusal == nil)
            await harness.shutDown()
        } catch {
            await harness.shutDown()
            throw error
        }
    }

    @Test("policy refuses (Core's default for this app): DISALLOWED, the app's choice stays, no OnVehicleData")
    func disallowed() async throws {
        let harness = try await ProjectionHarness()
        defer { harness.removeRecordings() }
        do {
            _ = try await harness.startStreaming()
            await harness.runEvents.wait { $0.contains { Self.isAppearance($0, .day) } }
            #expect(await harness.headUnit.setAmbientLight("NIGHT") == 0)  // nobody subscribed
            #expect(harness.windowSource.headLampStatusRefusal?.hasPrefix("DISALLOWED") == true)
            #expect(harness.windowSource.window.theme == .day)
            await harness.shutDown()
        } catch {
            await harness.shutDown()
            throw error
        }
    }

    @Test("refused at first, then a policy update grants headLampStatus: OnPermissionsChange subscribes again")
    func grantedLater() async throws {
        let harness = try await ProjectionHarness()
        defer { harness.removeRecordings() }
        do {
            _ = try await harness.startStreaming()
            await harness.runEvents.wait { $0.contains { Self.isAppearance($0, .day) } }
            #expect(harness.windowSource.headLampStatusRefusal?.hasPrefix("DISALLOWED") == true)
            #expect(await harness.headUnit.setAmbientLight("NIGHT") == 0)  // refused, so nobody subscribed
            #expect(
                try await ConsoleCommand(parsing: "lights allow").apply(to: harness.headUnit)
                    == "headLampStatus allowed by policy, OnPermissionsChange to 1 app(s)")
            // The grant makes the app subscribe and read the current status: NIGHT.
            await harness.runEvents.wait { $0.contains { Self.isAppearance($0, .night) } }
            #expect(harness.windowSource.window.theme == .night)
            #expect(harness.windowSource.headLampStatusRefusal == nil)
            #expect(
                try await ConsoleCommand(parsing: "lights day").apply(to: harness.headUnit)
                    == "ambient light DAY, OnVehicleData to 1 app(s)")
            await harness.runEvents.wait { $0.filter { Self.isAppearance($0, .day) }.count >= 2 }
            #expect(harness.windowSource.window.theme == .day)
            // Revoked: the subscription goes with it, and the car's lights no longer reach the app.
            #expect(
                try await ConsoleCommand(parsing: "lights deny").apply(to: harness.headUnit)
                    == "headLampStatus disallowed by policy, OnPermissionsChange to 1 app(s)")
            #expect(await harness.headUnit.setAmbientLight("NIGHT") == 0)
            await harness.shutDown()
        } catch {
            await harness.shutDown()
            throw error
        }
    }
}
