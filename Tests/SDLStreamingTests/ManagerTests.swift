import CarWindowTestingTools
import NIOCore
import SDLRPC
import SDLWire
import Synchronization
import Testing

@testable import SDLStreaming

/// The actor around the machine, against a fake head unit and a fake encoder. Waits are on events, never on time;
/// the time limit turns a wait that never ends into a failure.
@Suite("Video stream manager", .timeLimit(.minutes(3)))
struct ManagerTests {
    typealias Manager = VideoStreamManager<FakeEncoderFactory, ManualClock>

    struct Harness {
        let clock = ManualClock(startingAt: .seconds(100), sleeping: .fails)
        let connection: FakeConnection
        let factory = FakeEncoderFactory()
        let manager: Manager
        var events: AsyncStream<VideoStreamEvent>.Iterator
        let running: Task<Void, Never>

        init(settings: VideoStreamingSettings = VideoStreamingSettings(), frameQueueCapacity: Int = 2) async {
            connection = FakeConnection(clock: clock)
            manager = Manager(
                settings: settings, connection: connection, encoderFactory: factory, clock: clock,
                frameQueueCapacity: frameQueueCapacity)
            events = await manager.events().makeAsyncIterator()
            let manager = self.manager
            running = Task { await manager.run() }
        }

        /// Registration, capability and FULL, then waits for `.started`.
        mutating func start(_ capability: VideoStreamingCapability? = Fixture.capability) async
            -> VideoStreamDescription?
        {
            await manager.registered(Fixture.navigationApp)
            await manager.capabilityUpdated(capability)
            await manager.hmiStatusChanged(Fixture.status(.full))
            if case .started(let stream) = await events.next(where: { if case .started = $0 { true } else { false } }) {
                return stream
            }
            return nil
        }

        func finish() async {
            await connection.release()
            running.cancel()
            await running.value
        }
    }

    @Test("starts, sends frames in order with an IDR first, refuses bad timestamps, counts")
    func sendFrames() async throws {
        var harness = await Harness()
        #expect(await harness.manager.send(0) == .notSent(.notStreaming))
        let stream = try #require(await harness.start())
        #expect(stream.size == ImageResolution(width: 1024, height: 600))
        #expect(
            await harness.connection.startRequests == [
                VideoStartService(height: 600, width: 1024, videoProtocol: "RAW", videoCodec: "H264")
            ])
        #expect(await harness.connection.encryptionRequests == [false])
        #expect(await !harness.manager.status.isEncrypted)
        let status = await harness.manager.status
        #expect(status.isStreaming)
        #expect(!status.isSuspended)
        #expect(status.stream?.format == .h264RAW)
        #expect(status.encoder?.frameRate == 30)

        #expect(await harness.manager.send(1, presentationTime: .milliseconds(100)) == .sent(bytes: 4, payloads: 2))
        #expect(await harness.manager.send(2) == .sent(bytes: 6, payloads: 2))
        #expect(await harness.manager.send(3, presentationTime: .milliseconds(50)) == .notSent(.timestampNotIncreasing))
        #expect(
            harness.factory.log.calls.withLock { $0 } == [
                EncodeCall(frame: 1, time: .milliseconds(100), keyFrame: true),
                EncodeCall(frame: 2, time: .milliseconds(100) + .seconds(1) / 30, keyFrame: false),
            ])
        #expect(await harness.connection.sent.map { String(buffer: $0) } == ["1", "key", "2", "delta"])
        let statistics = await harness.manager.statistics
        #expect(statistics.framesSent == 2)
        #expect(statistics.bytesSent == 10)
        #expect(statistics.framesRejected == 2)
        #expect(statistics.framesPerSecond == 2)
        #expect(statistics.bitsPerSecond == 80)
        harness.clock.advance(by: .seconds(2))
        #expect(await harness.manager.statistics.framesPerSecond == 0)
        await harness.finish()
    }

    @Test("a slow connection fills the bounded queue; further frames are dropped before the encoder")
    func backPressure() async throws {
        var harness = await Harness(frameQueueCapacity: 1)
        _ = try #require(await harness.start())
        await harness.connection.hold()
        let manager = harness.manager
        async let first = manager.send(1)
        var held = harness.connection.sendHeld.makeAsyncIterator()
        _ = await held.next()  // frame 1 is encoded and stuck in the connection
        let depths = await manager.queueDepths()
        async let second = manager.send(2)
        try await firstElement(of: depths, "frame 2 waiting in the queue", within: .seconds(20)) { $0 == 1 }
        #expect(await manager.send(3) == .notSent(.droppedForBackPressure))
        #expect(await manager.send(4) == .notSent(.droppedForBackPressure))
        await harness.connection.release()
        #expect(await first == .sent(bytes: 4, payloads: 2))
        #expect(await second == .sent(bytes: 6, payloads: 2))
        let statistics = await manager.statistics
        #expect(statistics.framesDropped == 2)
        #expect(statistics.framesSent == 2)
        #expect(statistics.queueDepth == 0)
        #expect(harness.factory.log.calls.withLock { $0.map(\.frame) } == [1, 2])
        await harness.finish()
    }

    @Test("background: suspended, background frames with increasing times, app frames refused; back: IDR")
    func suspendResume() async throws {
        var settings = VideoStreamingSettings()
        settings.backgroundFrames.count = 3
        var harness = await Harness(settings: settings)
        _ = try #require(await harness.start())
        #expect(await harness.manager.send(1, presentationTime: .seconds(1)) == .sent(bytes: 4, payloads: 2))
        let sent = await harness.manager.sentVideo()
        await harness.manager.setAppState(.background)
        #expect(await harness.events.next() == .touchesCancelled)
        #expect(await harness.events.next() == .suspended)
        #expect(await harness.manager.status.isSuspended)
        #expect(await harness.manager.send(2, presentationTime: .seconds(2)) == .notSent(.suspended))
        // The background frames go through the same frame loop as app frames; wait for the three of them.
        let backgroundFrames = Mutex(0)
        try await firstElement(of: sent, "the three background frames", within: .seconds(20)) { _ in
            backgroundFrames.withLock { count in
                count += 1
                return count == 3
            }
        }
        await harness.manager.setAppState(.active)
        #expect(await harness.events.next() == .resumed)
        #expect(await harness.manager.send(3, presentationTime: .seconds(3)) == .sent(bytes: 4, payloads: 2))
        let calls = harness.factory.log.calls.withLock { $0 }
        let interval = Duration.seconds(1) / 30
        #expect(
            calls == [
                EncodeCall(frame: 1, time: .seconds(1), keyFrame: true),
                EncodeCall(frame: -1, time: .seconds(1) + interval, keyFrame: false),
                EncodeCall(frame: -1, time: .seconds(1) + interval * 2, keyFrame: false),
                EncodeCall(frame: -1, time: .seconds(1) + interval * 3, keyFrame: false),
                EncodeCall(frame: 3, time: .seconds(3), keyFrame: true),
            ])
        await harness.finish()
    }

    @Test("the head unit's EndService is acknowledged and reported")
    func headUnitEndService() async throws {
        var harness = await Harness()
        _ = try #require(await harness.start())
        harness.connection.eventContinuation.yield(.headUnitEndedService)
        #expect(await harness.events.next() == .stopped(.headUnitEndedService))
        #expect(await harness.manager.send(1) == .notSent(.notStreaming))
        await harness.finish()
        #expect(await harness.connection.acknowledgedEndServices == 1)
    }

    @Test(
        "a frame lost to a service the head unit had just ended is a failed frame; the EndService reports the end",
        arguments: [MediaStreamingError.Kind.serviceEnded, .connectionFailed])
    func failedFrame(kind: MediaStreamingError.Kind) async throws {
        var harness = await Harness()
        _ = try #require(await harness.start())
        await harness.connection.failSends(with: MediaStreamingError(kind, "sending video: not running"))
        let failed = MediaStreamingError(.connectionFailed, "sending video: not running")
        #expect(await harness.manager.send(1) == .notSent(.connectionFailed(failed)))
        #expect(await harness.manager.status.state == .ready, "a failed frame does not end the stream")
        await harness.finish()
    }

    @Test("transport closed: stopped")
    func transportClosed() async throws {
        var harness = await Harness()
        _ = try #require(await harness.start())
        harness.connection.eventContinuation.yield(.transportClosed)
        #expect(await harness.events.next() == .stopped(.transportClosed))
        #expect(await harness.manager.status.state == .stopped)
        await harness.finish()
    }

    @Test("a NAK of RAW falls back to RTP over the real control path")
    func nakFallback() async throws {
        var harness = await Harness()
        await harness.connection.script([.rejected(ServiceNAK(rejectedParams: ["videoProtocol"]))])
        let stream = try #require(await harness.start())
        #expect(stream.format == .h264RTP)
        #expect(await harness.connection.startRequests.map(\.videoProtocol) == ["RAW", "RTP"])
        #expect(harness.factory.log.configurations.withLock { $0.map(\.format) } == [.h264RTP])
        await harness.finish()
    }

    @Test("resize: restart at the new size, resized event, and the time from update to first frame")
    func resizeTiming() async throws {
        var harness = await Harness()
        _ = try #require(await harness.start())
        var pip = Fixture.capability
        pip.preferredResolution = ImageResolution(width: 320, height: 240)
        await harness.manager.capabilityUpdated(pip)
        #expect(await harness.events.next() == .stopped(.restarting))
        guard case .started(let stream) = await harness.events.next() else {
            Issue.record("expected started")
            return
        }
        #expect(stream.size == ImageResolution(width: 320, height: 240))
        #expect(await harness.events.next() == .resized(ImageResolution(width: 320, height: 240)))
        // EndService round trip 5 ms + StartService round trip 40 ms, both on the manual clock.
        #expect(await harness.manager.statistics.lastResize?.toServiceStarted == .milliseconds(45))
        harness.clock.advance(by: .milliseconds(10))
        #expect(await harness.manager.send(1) == .sent(bytes: 4, payloads: 2))
        #expect(await harness.manager.statistics.lastResize?.toFirstFrame == .milliseconds(55))
        #expect(
            harness.factory.log.configurations.withLock { $0.map(\.size) } == [
                ImageResolution(width: 1024, height: 600), ImageResolution(width: 320, height: 240),
            ])
        #expect(harness.factory.log.calls.withLock { $0.first?.keyFrame } == true)
        await harness.finish()
    }

    @Test("an encoder that cannot be built: error, EndService, stopped")
    func encoderCreationFails() async throws {
        var harness = await Harness()
        harness.factory.log.failCreation.withLock { $0 = true }
        await harness.manager.registered(Fixture.navigationApp)
        await harness.manager.capabilityUpdated(Fixture.capability)
        await harness.manager.hmiStatusChanged(Fixture.status(.full))
        guard case .started = await harness.events.next() else {
            Issue.record("expected started")
            return
        }
        #expect(await harness.events.next() == .error(MediaStreamingError(.encoderFailed, "fake refuses")))
        #expect(await harness.events.next() == .stopped(.failed(MediaStreamingError(.encoderFailed, "fake refuses"))))
        #expect(await harness.connection.endServiceCount == 1)
        await harness.finish()
    }

    @Test("stop ends the service cleanly")
    func stop() async throws {
        var harness = await Harness()
        _ = try #require(await harness.start())
        await harness.manager.stop()
        #expect(await harness.events.next() == .stopped(.requested))
        #expect(await harness.connection.endServiceCount == 1)
        #expect(await !harness.manager.status.isStreaming)
        await harness.finish()
    }

    @Test("encode time is measured on the manager's clock")
    func encodeTime() async throws {
        var harness = await Harness()
        _ = try #require(await harness.start())
        harness.factory.log.encodeCost.withLock { $0 = (harness.clock, .milliseconds(7)) }
        _ = await harness.manager.send(1)
        harness.factory.log.encodeCost.withLock { $0 = (harness.clock, .milliseconds(3)) }
        _ = await harness.manager.send(2)
        let statistics = await harness.manager.statistics
        #expect(statistics.lastEncodeDuration == .milliseconds(3))
        #expect(statistics.maximumEncodeDuration == .milliseconds(7))
        await harness.finish()
    }

    @Test("every events() stream gets every event")
    func severalSubscribers() async throws {
        var harness = await Harness()
        var second = await harness.manager.events().makeAsyncIterator()
        let stream = try #require(await harness.start())
        #expect(await second.next() == .started(stream))
        await harness.manager.stop()
        #expect(await harness.events.next() == .stopped(.requested))
        #expect(await second.next() == .stopped(.requested))
        await harness.finish()
    }

    @Test("once run() has ended, frames are refused instead of waiting forever")
    func afterRun() async throws {
        var harness = await Harness()
        _ = try #require(await harness.start())
        await harness.finish()
        #expect(await harness.manager.send(1) == .notSent(.notStreaming))
    }

    @Test("encryption is asked for when the settings say so, and the ACK's E bit is reported")
    func encryption() async throws {
        var harness = await Harness(settings: VideoStreamingSettings(requestsEncryption: true))
        let stream = try #require(await harness.start())
        #expect(stream.isEncrypted)
        #expect(await harness.manager.status.isEncrypted)
        #expect(await harness.connection.encryptionRequests == [true])
        await harness.finish()
    }

    @Test("OnAppCapabilityUpdated reaches the connection when the head unit offers several sizes")
    func appCapabilitySent() async throws {
        var harness = await Harness()
        var capability = Fixture.capability
        capability.additionalVideoStreamingCapabilities = [
            VideoStreamingCapability(preferredResolution: ImageResolution(width: 400, height: 300))
        ]
        _ = try #require(await harness.start(capability))
        let sent = await harness.connection.appCapabilities
        #expect(sent.count == 1)
        #expect(sent.first?.appCapability.videoStreamingCapability?.additionalVideoStreamingCapabilities?.count == 2)
        await harness.finish()
    }
}
