import CarWindowTesting
import Foundation
import HeadUnit
import Logging
import SDLMedia
import SDLRPC
import SDLSession
import SDLStreaming
import Testing

/// The video manager driven by a real session over TCP against the head-unit emulator: the glue between
/// `SDLStreaming` and `SDLSession` (`SessionVideoServiceConnection`, `SessionVideoDriver`).
@Suite("Video over a session to the emulator", .timeLimit(.minutes(3)))
struct SessionEmulatorStreamingTests {
    @Test("the manager starts at the head unit's size once FULL, and the recording decodes to every frame sent")
    func streamsToEmulator() async throws {
        var app = AppConfiguration(appName: "Glue Test", appID: "swiftsdl-nav")
        app.timeouts.protocolStart = .seconds(30)
        app.timeouts.response = .seconds(30)
        app.logger.logLevel = .critical
        let frameCount = 15
        // The emulator on a free port recording into a temporary directory, the session started against it; both
        // stopped however the body ends.
        try await EmulatorFixture.withSession(app: app) { emulator, session, _ in
            // Synthetic noise needs more than an interface's default target to keep every frame (the rate control
            // skips frames to hold it); the app may ask for more, up to the head unit's ceiling.
            let manager = VideoStreamManager(
                // Every frame sent is counted below: no frame may be dropped for a write that waited on a busy
                // machine, so adaptation is off here (BitrateAdaptationTests is about it).
                settings: {
                    var settings = VideoStreamingSettings(customBitrate: 20_000_000)
                    settings.bitrateAdaptation = .disabled
                    return settings
                }(),
                connection: SessionVideoServiceConnection(session: session),
                encoderFactory: MediaEncoderFactory(),
                clock: ContinuousClock()
            )
            let events = await manager.events()
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
            let files = try emulator.recordingFiles()
            #expect(files.count == 1)
            let file = try #require(files.first)
            let summary = try await VideoProbe().summary(of: file)
            #expect(summary == VideoSummary(width: 800, height: 480, frames: frameCount))
        }
    }
}
