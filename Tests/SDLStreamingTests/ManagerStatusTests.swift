import CarWindowTestingTools
import SDLRPC
import Testing

@testable import SDLStreaming

/// The video manager's status stream: what a test or an app awaits instead of polling ``VideoStreamManager/status``.
@Suite("Video manager status stream", .timeLimit(.minutes(3)))
struct ManagerStatusTests {
    @Test("statuses(): the status now first, then each change; a subscriber after run() ends gets the last one")
    func statuses() async throws {
        var harness = await ManagerTests.Harness()
        let statuses = await harness.manager.statuses()
        var reader = statuses.makeAsyncIterator()
        #expect(await reader.next() == VideoStreamStatus(state: .stopped, stream: nil, encoder: nil))
        let stream = try #require(await harness.start())
        #expect(await reader.next()?.state == .starting)
        let ready = try #require(await reader.next())
        #expect(ready.state == .ready)
        #expect(ready.stream == stream, "the ready status carries the stream that started")

        await harness.manager.stop()
        #expect(await reader.next()?.state == .shuttingDown)
        #expect(await reader.next()?.state == .stopped)
        await harness.finish()
        #expect(await reader.next() == nil, "the stream ends with run()")

        var late = await harness.manager.statuses().makeAsyncIterator()
        #expect(await late.next()?.state == .stopped)
        #expect(await late.next() == nil)
    }

    @Test("a wait on statuses() ends as soon as the state is reached, and fails with the last status when it is not")
    func awaitState() async throws {
        var harness = await ManagerTests.Harness()
        _ = try #require(await harness.start())
        let ready = try await firstElement(
            of: await harness.manager.statuses(), "ready", within: .seconds(20)
        ) { $0.state == .ready }
        #expect(ready.isStreaming)
        await harness.finish()
        await #expect(throws: CarWindowTestingError.self) {
            try await firstElement(
                of: await harness.manager.statuses(), "suspended", within: .seconds(20)
            ) { $0.state == .suspended }
        }
    }
}
