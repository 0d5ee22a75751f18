import CarWindowTestingTools
import NIOCore
import SDLAudio
import SDLWire
import Synchronization

/// An audio service connection that records what the manager does. StartService answers come from a script
/// (ACK with Core's 131 072 by default); the head unit's events are injected with ``emit(_:)``.
final class FakeAudioConnection: AudioServiceConnection {
    struct Sent: Equatable {
        var bytes: [UInt8]
        var at: Duration
    }

    private struct State {
        var startAnswers: [Result<AudioServiceStartOutcome, MediaStreamingError>] = []
        var starts = 0
        var ends = 0
        var acknowledgements = 0
        var sent: [Sent] = []
        var sendFailure: MediaStreamingError?
    }

    private let state = Mutex(State())
    private let clock: ManualClock
    private let events: AsyncStream<MediaServiceEvent>
    private let continuation: AsyncStream<MediaServiceEvent>.Continuation

    init(clock: ManualClock, startAnswers: [Result<AudioServiceStartOutcome, MediaStreamingError>] = []) {
        self.clock = clock
        (events, continuation) = AsyncStream.makeStream(of: MediaServiceEvent.self)
        state.withLock { $0.startAnswers = startAnswers }
    }

    var starts: Int { state.withLock { $0.starts } }
    var ends: Int { state.withLock { $0.ends } }
    var acknowledgements: Int { state.withLock { $0.acknowledgements } }
    var sent: [Sent] { state.withLock { $0.sent } }

    /// Makes every later `send` throw `error` (`nil`: succeed again).
    func failSends(with error: MediaStreamingError?) { state.withLock { $0.sendFailure = error } }
    var sentBytes: [UInt8] { sent.flatMap(\.bytes) }

    func emit(_ event: MediaServiceEvent) { continuation.yield(event) }

    func startAudioService() async throws(MediaStreamingError) -> AudioServiceStartOutcome {
        let answer = state.withLock { state in
            state.starts += 1
            return state.startAnswers.isEmpty ? .success(.accepted(mtu: 131_072)) : state.startAnswers.removeFirst()
        }
        return try answer.get()
    }

    func endService() async throws(MediaStreamingError) { state.withLock { $0.ends += 1 } }

    func acknowledgeEndService() async throws(MediaStreamingError) { state.withLock { $0.acknowledgements += 1 } }

    func send(_ payload: ByteBuffer) async throws(MediaStreamingError) {
        let at = clock.elapsed
        let failure = state.withLock { state in
            if state.sendFailure == nil { state.sent.append(Sent(bytes: Array(payload.readableBytesView), at: at)) }
            return state.sendFailure
        }
        if let failure { throw failure }
    }

    func serviceEvents() -> AsyncStream<MediaServiceEvent> { events }
}
