import CarWindow
import CarWindowX11
import Foundation
import Logging
import ProjectionHosting
import SDLProjection
import SDLSession
import Testing

@Suite("carwindow project's run", .timeLimit(.minutes(2)))
struct ProjectRunTests {
    @Test("an X11 program into the local emulator for a while: streams, records, stops in order, exits 0")
    func xcalcForAWhile() async throws {
        let said = SaidLines()
        let failed = SaidLines()
        let car = try await RunHeadUnit.open(
            .emulator(port: 0, recordDirectory: nil, prefix: "cw-hosting-project") { _ in }, say: said.say)
        let directory = try #require(car.local?.recordDirectory)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var logger = Logger(label: "test.project")
        logger.logLevel = .critical
        // No haptics: libatspi has one bus per process, and CarWindowX11Tests' programs need it in this one.
        let x11 = try await X11Application.launch(
            command: ["xcalc"], viewport: Size(width: 800, height: 480), haptics: false, inheritsStandardInput: false,
            logger: logger)
        try await x11.waitForWindow()
        let application = ProjectedApplication.x11(x11)
        var app = AppConfiguration(appName: "xcalc", appID: "cw-project", appType: .projection)
        app.logger.logLevel = .critical
        var settings = CarWindowSettings(app: app)
        settings.projection.requiresVideo = true
        let source = try await WindowSource(settings: settings)
        let projection = Projection(settings: settings, transport: car.transport, logger: logger)
        await application.install(options: ProgramInputOptions(), in: source)

        let status = await ProjectRun.run(
            application: application, source: source, projection: projection, headUnit: car, name: "xcalc",
            interrupts: AsyncStream { _ in }, duration: 1.5, viewer: nil, console: false,
            writer: try ProjectionEventLog(destination: nil), say: said.say, fail: failed.say)

        #expect(status == 0)
        #expect(failed.all == [])
        let lines = said.all
        #expect(lines.contains("'xcalc' connected to \(car.transport); running for 1.5 s"), "\(lines)")
        #expect(lines.contains("state: streaming"), "\(lines)")
        let recordings = lines.filter { $0.hasPrefix("recording: \(directory)/") && $0.hasSuffix(".h264") }
        #expect(recordings.count == 1, "\(lines)")
        #expect(lines.last == "projection stopped", "\(lines)")
        #expect(!x11.isDisplayRunning)
    }
}
