import CarWindowTesting
import HeadUnit
import SDLMedia
import SDLRPC
import SDLStreaming
import Synchronization
import Testing

/// Bitrate adaptation end to end: the emulator's link cap makes the app's socket drain slowly, and the manager
/// must lower its target and drop frames before the encoder; with the cap lifted it raises the target again.
/// Everything waits on the manager's events (with the suite's time limit as the deadline), nothing on time.
@Suite("Bitrate adaptation against the emulator", .timeLimit(.minutes(8)))
struct BitrateAdaptationTests {
    /// Sends pattern frames at about 30 fps until cancelled, counting the frames dropped for back-pressure.
    final class Sender: Sendable {
        let dropped = Mutex(0)

        func run(_ manager: Manager, size: ImageResolution) async {
            let scene = SyntheticScene(width: size.width, height: size.height, format: .i420)
            let pool = PixelBufferPool(format: .i420, width: size.width, height: size.height)
            var index = 0
            while !Task.isCancelled {
                let frame = pool.makeFrame(presentationTime: .zero)
                scene.render(frameIndex: index, into: frame)
                index += 1
                if case .notSent(.droppedForBackPressure) = await manager.send(frame) { dropped.withLock { $0 += 1 } }
                // The source's frame rate, not a synchronisation: the test waits on events.
                try? await Task.sleep(for: .milliseconds(33))
            }
        }
    }

    @Test("a slow link lowers the target and drops frames before the encoder; lifting it raises the target again")
    func followsTheLink() async throws {
        var settings = VideoStreamingSettings()
        settings.customBitrate = 2_000_000
        try await StreamingHarness.run(settings: settings, adaptsBitrate: true) { context in
            let stream = try await context.started()
            let initial = try #require(await context.manager.statistics.targetBitrate)
            #expect(initial == 2_000_000)
            let sender = Sender()
            let sending = Task { await sender.run(context.manager, size: stream.size) }

            try await context.headUnit.setLinkKbps(300)
            // Lowered for congestion, with frames already dropped for the link by then.
            let (lowered, _) = try await context.next("a decrease with drops") { event in
                if case .bitrateChanged(let change) = event {
                    return change.reason == .congested && change.framesDropped > 0
                }
                return false
            }
            guard case .bitrateChanged(let change) = lowered else { return }
            #expect(change.bitrate < change.previous)
            #expect(change.bitrate < initial)
            let congested = await context.manager.statistics
            #expect(congested.framesDroppedForLink >= 1)
            #expect(congested.bitrateDecreases >= 1)
            #expect(try #require(congested.targetBitrate) < initial)

            try await context.headUnit.setLinkKbps(nil)
            let (raised, _) = try await context.next("an increase after recovery") { event in
                if case .bitrateChanged(let change) = event { change.reason == .recovered } else { false }
            }
            guard case .bitrateChanged(let up) = raised else { return }
            #expect(up.bitrate > up.previous)
            #expect(up.bitrate <= initial)
            #expect(await context.manager.statistics.bitrateIncreases >= 1)
            sending.cancel()
            await sending.value
            // The drops reached the app as back-pressure answers, before any encoding (counted once it stopped).
            #expect(sender.dropped.withLock { $0 } >= 1)
        }
    }
}
