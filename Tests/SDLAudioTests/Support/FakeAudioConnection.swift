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
        var startAnswers: [Result<AudioServiceStartOutcome, AudioStreamingError>] = []
        var starts = 0
        var ends = 0
        var acknowledgements = 0
        var sent: [Sent] = []
        var sendFailure: AudioStreamingError?
    }

    private let state = Mutex(State())
    private let clock: ManualClock
    private let events: AsyncStream<AudioServiceEvent>
    private let continuation: AsyncStream<AudioServiceEvent>.Continuation

    init(clock: ManualClock, startAnswers: [Result<AudioServiceStartOutcome, AudioStreamingError>] = []) {
        self.clock = clock
        (events, continuation) = AsyncStream.makeStream(of: AudioServiceEvent.self)
        state.withLock { $0.startAnswers = startAnswers }
    }

    var starts: Int { state.withLock { $0.starts } }
    var ends: Int { state.withLock { $0.ends } }
    var acknowledgements: Int { state.withLock { $0.acknowledgements } }
    var sent: [Sent] { state.withLock { $0.sent } }

    /// Makes every later `send` throw `error` (`nil`: succeed again).
    func failSends(with error: AudioStreamingError?) { state.withLock { $0.sendFailure = error } }
    var sentBytes: [UInt8] { sent.flatMap(\.bytes) }

    func emit(_ event: AudioServiceEvent) { continuation.yield(event) }

    func startAudioService() async throws(AudioStreamingError) -> AudioServiceStartOutcome {
        let answer = state.withLock { state in
            state.starts += 1
            return state.startAnswers.isEmpty ? .success(.accepted(mtu: 131_072)) : state.startAnswers.removeFirst()
        }
        return try answer.get()
    }

    func endService() async throws(AudioStreamingError) { state.withLock { $0.ends += 1 } }

    func acknowledgeEndService() async throws(AudioStreamingError) { state.withLock { $0.acknowledgements += 1 } }

    func send(_ payload: ByteBuffer) async throws(AudioStreamingError) {
        let at = clock.elapsed
        let failure = state.withLock { state in
            if state.sendFailure == nil { state.sent.append(Sent(bytes: Array(payload.readableBytesView), at: at)) }
            return state.sendFailure
        }
        if let failure { throw failure }
    }

    func serviceEvents() -> AsyncStream<AudioServiceEvent> { events }
}
