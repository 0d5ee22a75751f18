import Foundation
import HeadUnit
import Logging
import SDLRPC
import SDLMedia
import SDLSession
import SDLStreaming
import Testing

/// The video manager driven by a real session over TCP against the head-unit emulator: the glue between
/// `SDLStreaming` and `SDLSession` (`SessionVideoServiceConnection`, `SessionVideoDriver`).
@Suite("Video over a session to the emulator", .timeLimit(.minutes(1)))
struct SessionEmulatorStreamingTests {
    @Test("the manager starts at the head unit's size once FULL, and the recording decodes to every frame sent")
    func streamsToEmulator() async throws {
        let recordings = FileManager.default.temporaryDirectory.appendingPathComponent("cw-glue-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: recordings, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: recordings) }
        var configuration = HeadUnitConfiguration(port: 0, activationDelay: .milliseconds(50))
        configuration.recordDirectory = recordings.path
        let headUnit = HeadUnit(configuration: configuration)
        let port = try await headUnit.start()

        var app = AppConfiguration(appName: "Glue Test", appID: "swiftsdl-nav")
        app.logger.logLevel = .critical
        let session = SDLSession(configuration: app, transport: TCPTransport(host: "127.0.0.1", port: port))
        try await session.start()
        let manager = VideoStreamManager(
            settings: VideoStreamingSettings(),
            connection: SessionVideoServiceConnection(session: session),
            encoderFactory: MediaEncoderFactory(),
            clock: ContinuousClock()
        )
        let events = await manager.events()
        let frameCount = 15
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { await manager.run() }
            group.addTask { await SessionVideoDriver(session: session).run(feeding: manager) }
            var iterator = events.makeAsyncIterator()
            var started: VideoStreamDescription?
            while started == nil, let event = await iterator.next() {
                if case .started(let stream) = event { started = stream }
            }
            let stream = try #require(started)
            #expect(stream.size.width == 800)
            #expect(stream.size.height == 480)
            let scene = SyntheticScene(width: 800, height: 480, format: .bgra)
            let pool = PixelBufferPool(format: .bgra, width: 800, height: 480)
            var sent = 0
            for index in 0..<frameCount {
                let frame = pool.makeFrame(presentationTime: .milliseconds(index * 66))
                scene.render(frameIndex: index, into: frame)
                if case .sent = await manager.send(frame) { sent += 1 }
            }
            #expect(sent == frameCount)
            await manager.stop()
            while let event = await iterator.next() {
                if case .stopped = event { break }
            }
            try await session.stop()
            group.cancelAll()
        }
        await headUnit.stop()
        let files = try FileManager.default.contentsOfDirectory(atPath: recordings.path).filter { $0.hasSuffix(".h264") }
        #expect(files.count == 1)
        let file = try #require(files.first)
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/ffprobe")
        probe.arguments = [
            "-v", "error", "-f", "h264", "-count_frames", "-select_streams", "v:0",
            "-show_entries", "stream=nb_read_frames,width,height", "-of", "csv=p=0",
            recordings.appendingPathComponent(file).path,
        ]
        let pipe = Pipe()
        probe.standardOutput = pipe
        try probe.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        probe.waitUntilExit()
        #expect(output.trimmingCharacters(in: .whitespacesAndNewlines) == "800,480,\(frameCount)")
    }
}
