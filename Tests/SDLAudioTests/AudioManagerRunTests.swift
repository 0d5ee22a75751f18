import CarWindowTestingTools
import SDLRPC
import SDLSession
import Testing

@testable import SDLAudio

/// What audio shares with video at its edges: a second run() and a stalled peer behave the same on both.
@Suite("Audio manager run and session errors")
struct AudioManagerRunTests {
    @Test("a second run() returns at once instead of crashing, and the first keeps running")
    func runTwice() async {
        var h = await ManagerHarness()
        await h.hmi(.full)
        // The harness's run() answered: it is running, so this one is the second.
        #expect(await h.next() == .started(AudioStreamDescription(format: .default, mtu: 131_072)))
        await h.manager.run()
        await h.hmi(.background)
        #expect(await h.next() == .stopped(.hmiLevel(.background)))
        await h.finish()
    }

    @Test(
        "a stalled peer is a closed transport for audio, as for video",
        arguments: [
            SDLSessionError.Kind.peerStalled(partialBytes: 3), .connectionClosed,
        ])
    func stalledPeer(kind: SDLSessionError.Kind) {
        let error = SessionAudioServiceConnection.error(SDLSessionError(kind), while: "sending")
        #expect(error.kind == .transportClosed)
    }
}
