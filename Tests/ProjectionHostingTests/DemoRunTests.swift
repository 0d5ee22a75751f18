import Foundation
import FrameSources
import Logging
import ProjectionHosting
import SDLProjection
import SDLSession
import Testing

@Suite("carwindow demo's run", .timeLimit(.minutes(2)))
struct DemoRunTests {
    static func projection(transport: CoreTransport) -> Projection {
        var app = AppConfiguration(appName: "Demo Run", appID: "cw-demo-run", appType: .navigation)
        app.logger.logLevel = .critical
        var options = ProjectionOptions(app: app)
        options.requiresVideo = true
        var logger = Logger(label: "test.demo-run")
        logger.logLevel = .critical
        return Projection(options: options, transport: transport, logger: logger)
    }

    static let pattern = PacedFrameSource(name: "pattern") { () throws(ProjectionFailure) in PatternSource() }

    @Test("into the local emulator for a while: connected, streamed, reported, recorded, a clean end")
    func streamsForAWhile() async throws {
        let said = SaidLines()
        let car = try await RunHeadUnit.open(
            .emulator(port: 0, recordDirectory: nil, prefix: "cw-hosting-demo") { _ in }, say: said.say)
        let directory = try #require(car.local?.recordDirectory)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let failure = await DemoRun.run(
            projection: Self.projection(transport: car.transport), source: Self.pattern, headUnit: car,
            interrupts: AsyncStream { _ in }, duration: 1, viewer: nil, log: try ProjectionEventLog(destination: nil),
            say: said.say)
        #expect(failure == nil)
        let lines = said.all
        #expect(lines.contains("demo navigation app 'Demo Run' connected to \(car.transport)"), "\(lines)")
        #expect(lines.contains("running for 1.0 s"), "\(lines)")
        #expect(lines.contains("state: streaming"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("video: 800x480") }, "\(lines)")
        #expect(lines.filter { $0.hasPrefix("recording: \(directory)/") }.count == 1, "\(lines)")
    }

    @Test("a head unit that is not there: the run's failure says so, and nothing is left open")
    func refused() async throws {
        let said = SaidLines()
        let car = try await RunHeadUnit.open(
            .core(CoreTransport(.tcp(TCPTransport(host: "127.0.0.1", port: 1)))), say: said.say)
        let failure = await DemoRun.run(
            projection: Self.projection(transport: car.transport), source: Self.pattern, headUnit: car,
            interrupts: AsyncStream { _ in }, duration: nil, viewer: nil, log: try ProjectionEventLog(destination: nil),
            say: said.say)
        #expect(failure?.kind == .connectFailed)
        #expect(said.all == ["projecting into SDL Core at 127.0.0.1:1"])
    }
}
