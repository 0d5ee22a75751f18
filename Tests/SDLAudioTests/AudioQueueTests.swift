import CarWindowTestingTools
import NIOCore
import SDLAudio
import SDLRPC
import SDLWire
import Testing

@Suite(
    "Queue order, interruption, flushing and the service lifecycle through the manager",
    .timeLimit(.minutes(3)))
struct AudioQueueTests {
    static let stream = AudioStreamDescription(format: .default, mtu: 131_072)

    /// `seconds` of audio whose every byte is `mark`, so each chunk on the wire names its item.
    static func item(_ mark: UInt8, _ seconds: Double) -> ByteBuffer {
        ByteBuffer(repeating: mark, count: PCMFormat.default.byteCount(for: .milliseconds(Int(seconds * 1000))))
    }

    @Test("items play in push order, each chunk within one item, each finishing in order")
    func order() async throws {
        var h = await ManagerHarness()
        let a = try await h.manager.push(Self.item(1, 0.25))
        let b = try await h.manager.push(Self.item(2, 0.15))
        let c = try await h.manager.push(Self.item(3, 0.1))
        await h.manager.play()
        await h.hmi(.full)
        #expect(await h.next() == .started(Self.stream))
        await h.clock.waitForSleeper()
        await h.advance(4)
        h.clock.advance(by: .milliseconds(100))
        #expect(await h.next() == .finished(a, .completed))
        #expect(await h.next() == .finished(b, .completed))
        #expect(await h.next() == .finished(c, .completed))
        #expect(h.chunkMarks == [1, 1, 1, 2, 2, 3])
        #expect(h.connection.sent.map(\.bytes.count) == [3_200, 3_200, 1_600, 3_200, 1_600, 3_200])
        await h.finish()
    }

    @Test("nothing is sent before play(), and items wait while the HMI does not allow audio")
    func waitsForPlayAndHMI() async throws {
        var h = await ManagerHarness()
        let a = try await h.manager.push(Self.item(1, 0.1))
        await h.hmi(.background)
        await h.manager.play()
        await h.hmi(.full)
        #expect(await h.next() == .started(Self.stream))
        await h.clock.waitForSleeper()
        h.clock.advance(by: .milliseconds(100))
        #expect(await h.next() == .finished(a, .completed))
        #expect(h.connection.starts == 1)
        await h.finish()
    }

    @Test("pushAndPlay interrupts the item playing; items waiting play after the new one")
    func interrupt() async throws {
        var h = await ManagerHarness()
        let a = try await h.manager.push(Self.item(1, 1))
        let c = try await h.manager.push(Self.item(3, 0.2))
        await h.manager.play()
        await h.hmi(.full)
        _ = await h.next()
        await h.clock.waitForSleeper()
        await h.advance(1)
        #expect(h.chunkMarks == [1, 1, 1, 1])
        let b = try await h.manager.pushAndPlay(Self.item(2, 0.2))
        #expect(await h.next() == .finished(a, .interrupted))
        #expect(await h.manager.unfinishedItems == [b, c])
        // The 400 ms of the first item already sent still play on the head unit: b ends at 700 ms, c at 800 ms.
        await h.advance(6)
        #expect(await h.next() == .finished(b, .completed))
        h.clock.advance(by: .milliseconds(100))
        #expect(await h.next() == .finished(c, .completed))
        #expect(h.chunkMarks == [1, 1, 1, 1, 2, 2, 3, 3])
        await h.finish()
    }

    @Test("stop flushes every item; flushed audio never reaches the wire; play resumes with new items")
    func stopFlushes() async throws {
        var h = await ManagerHarness()
        let a = try await h.manager.push(Self.item(1, 1))
        let b = try await h.manager.push(Self.item(2, 1))
        await h.manager.play()
        await h.hmi(.full)
        _ = await h.next()
        await h.clock.waitForSleeper()
        await h.manager.stop()
        #expect(await h.next() == .finished(a, .flushed))
        #expect(await h.next() == .finished(b, .flushed))
        #expect(await h.manager.unfinishedItems == [])
        h.clock.advance(by: .milliseconds(500))
        let d = try await h.manager.push(Self.item(4, 0.1))
        await h.manager.play()
        await h.clock.waitForSleeper()
        h.clock.advance(by: .milliseconds(100))
        #expect(await h.next() == .finished(d, .completed))
        #expect(h.chunkMarks == [1, 1, 1, 4])
        await h.finish()
    }

    @Test("a NAK is reported as an error event and nothing is sent")
    func nak() async throws {
        let nak = ServiceNAK(rejectedParams: nil, reason: "no audio for this app")
        var h = await ManagerHarness(startAnswers: [.success(.rejected(nak))])
        _ = try await h.manager.push(Self.item(1, 0.1))
        await h.manager.play()
        await h.hmi(.full)
        #expect(await h.next() == .error(MediaStreamingError(.serviceRejected(nak), "StartService(audio)")))
        #expect(await h.manager.state == .stopped)
        await h.hmi(.none)
        await h.hmi(.full)
        #expect(await h.next() == .started(Self.stream))
        #expect(h.connection.starts == 2)
        await h.finish()
    }

    @Test("the head unit's EndService: acknowledged, reported, the item playing ends; the rest plays on return")
    func headUnitEndService() async throws {
        var h = await ManagerHarness()
        let a = try await h.manager.push(Self.item(1, 1))
        let b = try await h.manager.push(Self.item(2, 0.1))
        await h.manager.play()
        await h.hmi(.full)
        _ = await h.next()
        await h.clock.waitForSleeper()
        h.connection.emit(.headUnitEndedService)
        #expect(await h.next() == .finished(a, .serviceStopped))
        #expect(await h.next() == .stopped(.headUnitEndedService))
        await h.hmi(.background)
        await h.hmi(.limited)
        #expect(await h.next() == .started(Self.stream))
        #expect(h.connection.acknowledgements == 1)
        // The playback loop notices the new service at its next wake-up, at most one chunk later.
        await h.clock.waitForSleeper()
        await h.advance(1)
        h.clock.advance(by: .milliseconds(100))
        #expect(await h.next() == .finished(b, .completed))
        #expect(h.chunkMarks == [1, 1, 1, 2])
        await h.finish()
    }

    @Test("BACKGROUND stops sending and ends the service; FULL restarts it and the queue continues")
    func backgroundAndBack() async throws {
        var h = await ManagerHarness()
        let a = try await h.manager.push(Self.item(1, 0.5))
        let b = try await h.manager.push(Self.item(2, 0.1))
        await h.manager.play()
        await h.hmi(.full)
        _ = await h.next()
        await h.clock.waitForSleeper()
        await h.hmi(.background)
        #expect(await h.next() == .finished(a, .serviceStopped))
        #expect(await h.next() == .stopped(.hmiLevel(.background)))
        #expect(h.connection.ends == 1)
        h.clock.advance(by: .seconds(5))
        await h.hmi(.full)
        #expect(await h.next() == .started(Self.stream))
        await h.clock.waitForSleeper()
        h.clock.advance(by: .milliseconds(100))
        #expect(await h.next() == .finished(b, .completed))
        #expect(h.chunkMarks == [1, 1, 1, 2])
        await h.finish()
    }

    @Test("a small MTU caps the chunk size")
    func smallMTU() async throws {
        var h = await ManagerHarness(startAnswers: [.success(.accepted(mtu: 1_500))])
        let a = try await h.manager.push(Self.item(1, 0.1))
        await h.manager.play()
        await h.hmi(.full)
        #expect(await h.next() == .started(AudioStreamDescription(format: .default, mtu: 1_500)))
        await h.clock.waitForSleeper()
        h.clock.advance(by: .milliseconds(100))
        #expect(await h.next() == .finished(a, .completed))
        #expect(h.connection.sent.map(\.bytes.count) == [1_488, 1_488, 224])
        await h.finish()
    }

    @Test(
        "a failed send is reported once (TLS failing under audio: a failed connection); not when the service ended",
        arguments: [
            (
                MediaStreamingError(.connectionFailed, "write failed"),
                MediaStreamingError(.connectionFailed, "write failed")
            ),
            (MediaStreamingError(.serviceEnded, "the audio service is not started"), nil),
            (MediaStreamingError(.protectionFailed, "TLS alert"), MediaStreamingError(.connectionFailed, "TLS alert")),
        ])
    func failedSend(failure: MediaStreamingError, reported: MediaStreamingError?) async throws {
        var h = await ManagerHarness()
        let a = try await h.manager.push(Self.item(1, 1))
        await h.manager.play()
        await h.hmi(.full)
        #expect(await h.next() == .started(Self.stream))
        await h.clock.waitForSleeper()
        h.connection.failSends(with: failure)
        await h.advance(3)
        h.connection.emit(.headUnitEndedService)
        if let reported { #expect(await h.next() == .error(reported)) }
        #expect(await h.next() == .finished(a, .serviceStopped))
        #expect(await h.next() == .stopped(.headUnitEndedService))
        await h.finish()
    }

    @Test("a closed transport stops the stream for good")
    func transportClosed() async throws {
        var h = await ManagerHarness()
        let a = try await h.manager.push(Self.item(1, 1))
        await h.manager.play()
        await h.hmi(.full)
        _ = await h.next()
        await h.clock.waitForSleeper()
        h.connection.emit(.transportClosed)
        #expect(await h.next() == .finished(a, .serviceStopped))
        #expect(await h.next() == .stopped(.transportClosed))
        await h.hmi(.none)
        await h.hmi(.full)
        #expect(await h.manager.state == .stopped)
        #expect(h.connection.starts == 1)
        await h.finish()
    }
}
