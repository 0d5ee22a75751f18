import CarWindowTestingTools
import NIOCore
import SDLAudio
import SDLRPC

/// A manager running over a fake connection and a manual clock, with an event iterator subscribed from the start.
struct ManagerHarness {
    let clock = ManualClock()
    let connection: FakeAudioConnection
    let manager: AudioStreamManager<ManualClock>
    var events: AsyncStream<AudioStreamEvent>.Iterator
    let running: Task<Void, Never>

    init(
        format: PCMFormat = .default,
        settings: AudioStreamingSettings = AudioStreamingSettings(),
        startAnswers: [Result<AudioServiceStartOutcome, MediaStreamingError>] = []
    ) async {
        connection = FakeAudioConnection(clock: clock, startAnswers: startAnswers)
        let manager = AudioStreamManager(format: format, connection: connection, clock: clock, settings: settings)
        self.manager = manager
        events = await manager.events().makeAsyncIterator()
        running = Task { await manager.run() }
    }

    static func status(_ level: HMILevel) -> OnHMIStatus {
        OnHMIStatus(hmiLevel: level, audioStreamingState: .audible, systemContext: .main)
    }

    func hmi(_ level: HMILevel) async { await manager.hmiStatusChanged(Self.status(level)) }

    mutating func next() async -> AudioStreamEvent? { await events.next() }

    /// Advances in `step`s, letting the playback loop catch up after each, `count` times.
    func advance(_ count: Int, by step: Duration = .milliseconds(100)) async {
        for _ in 0..<count {
            clock.advance(by: step)
            await clock.waitForSleeper()
        }
    }

    /// The first byte of each chunk sent, which the tests use as the item's mark.
    var chunkMarks: [UInt8] { connection.sent.map { $0.bytes.first ?? 0 } }

    func finish() async {
        running.cancel()
        await running.value
    }
}
