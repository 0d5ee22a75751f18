import CarWindowTestingTools
import Foundation
import Logging
import ProjectionHosting
import SDLProjection
import SDLRPC
import SDLSession
import SDLStreaming
import Synchronization
import Testing

/// Lines said by the code under test, in order.
final class SaidLines: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    func say(_ line: String) { lines.withLock { $0.append(line) } }
}

@Suite("A run's report")
struct RunReportTests {
    /// A projection that never connected: its state stays disconnected, so no `state:` line comes between.
    static func idleProjection() -> Projection {
        var app = AppConfiguration(appName: "Report", appID: "cw-report")
        app.logger.logLevel = .critical
        return Projection(options: ProjectionOptions(app: app), host: "127.0.0.1", port: 9)
    }

    @Test("every event is written to the log; a part's error is said; the command's handler sees each, in order")
    func followsEveryEvent() async throws {
        let scratch = try ScratchDirectory(prefix: "cw-report")
        let path = scratch.url.appendingPathComponent("events.jsonl").path
        let log = try ProjectionEventLog(destination: path)
        let failure = ProjectionFailure(.audioFailed, "the file is not audio")
        let events: [ProjectionEvent] = [
            .hapticRects(count: 3), .error(failure, source: .audio), .driverDistraction(on: true),
            .error(ProjectionFailure(.connectionLost, "gone"), source: nil),
        ]
        let (stream, continuation) = AsyncStream.makeStream(of: ProjectionEvent.self)
        for event in events { continuation.yield(event) }
        continuation.finish()
        let said = SaidLines()
        let handled = Mutex<[String]>([])
        await RunReport.follow(stream, of: Self.idleProjection(), log: log, say: said.say) { event in
            handled.withLock { $0.append("\(event)") }
        }
        await log.close()
        #expect(said.all == ["error (audio): the file is not audio"])
        #expect(handled.withLock { $0 } == events.map { "\($0)" })
        let written = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(written.count == events.count)
        #expect(written.first?.contains("\"hapticRects\"") == true, "\(written)")
    }

    @Test("the screen of a stream that starts is said; the state is said only when it moves")
    func screenLine() async throws {
        let log = try ProjectionEventLog(destination: nil)
        let size = ImageResolution(width: 800, height: 480)
        let stream = VideoStreamDescription(
            size: size, displaySize: size, scale: VideoScale(1.5),
            format: VideoStreamingFormat(protocol: .raw, codec: .h264),
            isEncrypted: false, hapticSpatialDataSupported: true)
        let (events, continuation) = AsyncStream.makeStream(of: ProjectionEvent.self)
        continuation.yield(.video(.started(stream)))
        continuation.yield(
            .hmiStatus(
                HMIStatus(
                    hmiLevel: .full, audioStreamingState: .notAudible, videoStreamingState: .streamable,
                    systemContext: .main)))
        continuation.finish()
        let said = SaidLines()
        await RunReport.follow(events, of: Self.idleProjection(), log: log, say: said.say)
        #expect(said.all == ["screen: 800x480 at scale 1.5, haptics on"])
    }

    @Test("Interrupt.wait returns at the first interrupt, or at its deadline when none comes")
    func interruptWait() async {
        let (interrupts, interrupt) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        interrupt.yield()
        await Interrupt.wait(for: interrupts, orSeconds: nil)
        let (silent, _) = AsyncStream.makeStream(of: Void.self)
        await Interrupt.wait(for: silent, orSeconds: 0.01)
    }
}
