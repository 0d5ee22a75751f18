import CarWindowTestingTools
import SDLAudio
import SDLRPC
import Testing

/// The audio manager's status stream: what a test or an app awaits instead of polling ``AudioStreamManager/state``.
@Suite("Audio manager status stream", .timeLimit(.minutes(3)))
struct AudioStatusStreamTests {
    @Test("statuses(): the state now first, then each change; a subscriber after run() ends gets the last one")
    func statuses() async {
        let h = await ManagerHarness()
        var reader = await h.manager.statuses().makeAsyncIterator()
        #expect(await reader.next() == .stopped)
        await h.hmi(.full)
        #expect(await reader.next() == .starting)
        #expect(await reader.next() == .ready)
        await h.manager.stopStreaming()
        #expect(await reader.next() == .shuttingDown)
        #expect(await reader.next() == .stopped)
        await h.finish()
        #expect(await reader.next() == nil, "the stream ends with run()")

        var late = await h.manager.statuses().makeAsyncIterator()
        #expect(await late.next() == .stopped)
        #expect(await late.next() == nil)
    }
}
