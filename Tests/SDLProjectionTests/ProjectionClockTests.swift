import CarWindowTesting
import Logging
import SDLSession
import SDLStreaming
import Testing

@testable import SDLProjection

/// The run's driver on a manual clock: the reconnection backoff and the shutdown's bounded wait happen when the test
/// moves time, not after a sleep. The waits are long (minutes) so that a wait on the wall clock would hang, and the
/// suite's time limit would show it. No socket: the head unit refuses every connection from memory.
@Suite("Projection on a manual clock", .timeLimit(.minutes(2)))
struct ProjectionClockTests {
    /// A transport whose head unit is not there: every connection is refused at once.
    struct UnreachableHeadUnit: SDLTransport {
        func withConnection<Result: Sendable>(
            _ body: (InMemoryConnection) async throws -> Result
        ) async throws -> Result {
            throw SDLSessionError(.connectionFailed("connection refused"))
        }
    }

    static func streaming(attempts: Int, clock: ManualClock) -> Projection {
        var app = AppConfiguration(appName: "Clock", appID: "swiftsdl-nav")
        app.logger.logLevel = .critical
        var options = ProjectionOptions(app: app)
        options.disconnectPolicy = .reconnect(
            ReconnectPolicy(
                initialDelay: .seconds(600), multiplier: 2, maximumDelay: .seconds(3600), jitter: 0,
                maximumAttempts: attempts))
        var logger = Logger(label: "test.streaming")
        logger.logLevel = .critical
        return Projection(
            options: options, transport: UnreachableHeadUnit(), encoderFactory: MediaEncoderFactory(), logger: logger,
            endpoint: "the test's head unit", clock: clock)
    }

    @Test("each reconnection waits its backoff on the clock; gaveUp carries the last attempt's failure and its cause")
    func backoffOnTheClock() async throws {
        let clock = ManualClock()
        let streaming = Self.streaming(attempts: 2, clock: clock)
        let events = await streaming.events()
        let connecting = Task { try await streaming.connect() }
        await clock.waitForSleeper()
        clock.advance(by: .seconds(600))
        await clock.waitForSleeper()
        clock.advance(by: .seconds(1200))
        let result = await connecting.result
        guard case .failure(let error) = result, let failure = error as? ProjectionFailure else {
            Issue.record("connect() did not fail with a ProjectionFailure: \(result)")
            return
        }
        #expect(failure.kind == .gaveUp)
        let last = failure.underlying as? ProjectionFailure
        #expect(last?.kind == .connectFailed)
        #expect((last?.underlying as? SDLSessionError)?.kind == .connectionFailed("connection refused"))
        var delays: [Duration] = []
        var lastEvent: ProjectionEvent?
        for await event in events {
            if case .reconnecting(_, let delay, _) = event { delays.append(delay) }
            lastEvent = event
        }
        #expect(delays == [.seconds(600), .seconds(1200)])
        // The last event is the run's failure as thrown: its kind and its cause, not only its line.
        guard case .error(let reported, source: nil)? = lastEvent else {
            Issue.record("the last event is not the run's error: \(String(describing: lastEvent))")
            return
        }
        #expect(reported == failure)
        #expect(reported.kind == .gaveUp)
        #expect((reported.underlying as? ProjectionFailure)?.kind == .connectFailed)
    }

    @Test("stop() during the backoff wakes the wait: connect() ends without another attempt or clock time")
    func stopDuringBackoff() async throws {
        let clock = ManualClock()
        let streaming = Self.streaming(attempts: 5, clock: clock)
        let events = await streaming.events()
        let connecting = Task { try await streaming.connect() }
        await clock.waitForSleeper()
        try await streaming.stop()
        let result = await connecting.result
        guard case .failure(let error) = result, let failure = error as? ProjectionFailure else {
            Issue.record("connect() did not fail with a ProjectionFailure: \(result)")
            return
        }
        #expect(failure.kind == .invalidState)
        #expect(clock.elapsed == .zero)
        var attempts: [Int] = []
        for await event in events {
            if case .reconnecting(let attempt, _, _) = event { attempts.append(attempt) }
        }
        #expect(attempts == [1])
    }

    @Test("the shutdown's wait for the video's end gives up after its bound on the clock when nothing comes")
    func boundedWaitEndsAtItsBound() async {
        let clock = ManualClock()
        let (signals, signal) = AsyncStream.makeStream(of: Void.self)
        defer { signal.finish() }
        let waiting = Task { await Projection.firstSignal(of: signals, orAfter: .seconds(600), on: clock) }
        await clock.waitForSleeper()
        clock.advance(by: .seconds(600))
        await waiting.value
        #expect(clock.elapsed == .seconds(600))
    }

    @Test("the shutdown's wait ends at the video's end, without the clock moving")
    func boundedWaitEndsAtTheSignal() async {
        let clock = ManualClock()
        let (signals, signal) = AsyncStream.makeStream(of: Void.self)
        let waiting = Task { await Projection.firstSignal(of: signals, orAfter: .seconds(600), on: clock) }
        await clock.waitForSleeper()
        signal.yield()
        await waiting.value
        #expect(clock.elapsed == .zero)
    }
}
