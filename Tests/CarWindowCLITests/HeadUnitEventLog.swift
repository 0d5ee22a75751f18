import CarWindowTesting
import HeadUnit
import SDLRPC

/// The events of a test's emulator, kept for the test to look at, with a stream of changes to recheck a condition
/// on instead of polling it.
///
/// ```swift
/// try await HeadUnitEventLog.withEmulator { emulator, log in
///     let arrived = await eventually(within: .seconds(40), recheckingOn: await log.changes()) {
///         await !log.hapticSets.isEmpty
///     }
/// }
/// ```
actor HeadUnitEventLog {
    /// Runs `body` with a test emulator and the log of its events, subscribed before anything connects.
    static func withEmulator<Result: Sendable>(
        _ body: (EmulatorFixture, HeadUnitEventLog) async throws -> Result
    ) async throws -> Result {
        try await EmulatorFixture.run { emulator in
            let log = HeadUnitEventLog()
            let events = await emulator.headUnit.events()
            let reader = Task { for await event in events { await log.append(event) } }
            defer { reader.cancel() }
            return try await body(emulator, log)
        }
    }

    private(set) var events: [HeadUnitEvent] = []
    private var watchers: [AsyncStream<Int>.Continuation] = []

    func append(_ event: HeadUnitEvent) {
        events.append(event)
        for watcher in watchers { watcher.yield(events.count) }
    }

    /// The number of events now, then after each new one (only the newest is buffered).
    func changes() -> AsyncStream<Int> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        continuation.yield(events.count)
        watchers.append(continuation)
        return stream
    }

    var hapticSets: [[HapticRect]] {
        events.compactMap { if case .hapticRects(_, let rects) = $0 { rects } else { nil } }
    }
    var frames: Int { events.filter { if case .videoFrame = $0 { true } else { false } }.count }
    var app: AppID? {
        events.lazy.compactMap { if case .appRegistered(let app, _, _) = $0 { app } else { nil } }.first
    }
}
