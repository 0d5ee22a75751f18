import Foundation
import HeadUnit
import HeadUnitViewer
import ProjectionHosting
import SDLProjection
import SDLSession
import Testing

@Suite("The viewer beside a run", .timeLimit(.minutes(2)))
struct ViewerHostingTests {
    @Test("the server listens on a free port, refuses a port it already holds, and stops when asked")
    func serverPorts() async throws {
        let headUnit = HeadUnitEmulator(configuration: HeadUnitConfiguration(port: 0))
        let server = try await RunningViewerServer.start(HeadUnitBackend(headUnit: headUnit), port: 0)
        #expect(server.port > 0)
        await #expect(throws: (any Error).self) {
            let second = try await RunningViewerServer.start(HeadUnitBackend(headUnit: headUnit), port: server.port)
            await second.stop()
        }
        await server.stop()
    }

    @Test("a viewer whose port is taken says so and serves on a free port; the run goes on")
    func viewerFallsBack() async throws {
        let headUnit = HeadUnitEmulator(configuration: HeadUnitConfiguration(port: 0))
        let holder = try await RunningViewerServer.start(HeadUnitBackend(headUnit: headUnit), port: 0)
        let said = SaidLines()
        let viewer = try #require(DemoHooks.viewer(port: holder.port))
        await viewer.demoWillStart(headUnit: headUnit, projection: RunReportTests.idleProjection(), say: said.say)
        await viewer.demoDidStop()
        await holder.stop()
        let lines = said.all
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first?.hasPrefix("viewer: port \(holder.port) cannot be used") == true, "\(lines)")
        #expect(lines.last?.hasPrefix("viewer: http://127.0.0.1:") == true, "\(lines)")
        #expect(lines.last != "viewer: http://127.0.0.1:\(holder.port)")
        #expect(DemoHooks.viewer(port: nil) == nil)
    }
}
