import CarWindowTestingTools
import NIOCore
import SDLRPC
import SDLWire
import Synchronization

@testable import SDLStreaming

/// A head unit on the other side of the video service: answers StartService by script (default: echo ACK),
/// records everything, can hold `send` to simulate a slow transport, and advances the clock by a round trip.
actor FakeConnection: VideoServiceConnection {
    var startAnswers: [VideoServiceStartOutcome] = []
    private(set) var startRequests: [VideoStartService] = []
    private(set) var endServiceCount = 0
    private(set) var acknowledgedEndServices = 0
    private(set) var appCapabilities: [OnAppCapabilityUpdated] = []
    private(set) var sent: [ByteBuffer] = []
    private var holding = false
    private var sendFailure: MediaStreamingError?
    private var held: [CheckedContinuation<Void, Never>] = []

    let clock: ManualClock
    let startRoundTrip: Duration
    let endRoundTrip: Duration
    nonisolated let events: AsyncStream<MediaServiceEvent>
    nonisolated let eventContinuation: AsyncStream<MediaServiceEvent>.Continuation
    /// Yields each time a `send` is held.
    nonisolated let sendHeld: AsyncStream<Int>
    private let sendHeldContinuation: AsyncStream<Int>.Continuation

    init(clock: ManualClock, startRoundTrip: Duration = .milliseconds(40), endRoundTrip: Duration = .milliseconds(5)) {
        self.clock = clock
        self.startRoundTrip = startRoundTrip
        self.endRoundTrip = endRoundTrip
        (events, eventContinuation) = AsyncStream.makeStream(of: MediaServiceEvent.self)
        (sendHeld, sendHeldContinuation) = AsyncStream.makeStream(of: Int.self)
    }

    func script(_ answers: [VideoServiceStartOutcome]) { startAnswers = answers }

    private(set) var encryptionRequests: [Bool] = []

    func startVideoService(
        _ request: VideoStartService,
        encrypted: Bool
    ) async throws(MediaStreamingError) -> VideoServiceStartOutcome {
        startRequests.append(request)
        encryptionRequests.append(encrypted)
        clock.advance(by: startRoundTrip)
        if !startAnswers.isEmpty { return startAnswers.removeFirst() }
        return .accepted(
            MediaStartServiceACK(
                mtu: 131_072, videoProtocol: request.videoProtocol, width: request.width,
                videoCodec: request.videoCodec, height: request.height),
            encrypted: encrypted)
    }

    func endService() async throws(MediaStreamingError) {
        endServiceCount += 1
        clock.advance(by: endRoundTrip)
    }

    func acknowledgeEndService() async throws(MediaStreamingError) { acknowledgedEndServices += 1 }

    func send(_ payload: ByteBuffer) async throws(MediaStreamingError) {
        if let sendFailure { throw sendFailure }
        if holding {
            sendHeldContinuation.yield(sent.count)
            await withCheckedContinuation { held.append($0) }
        }
        sent.append(payload)
    }

    func sendAppCapability(_ notification: OnAppCapabilityUpdated) async throws(MediaStreamingError) {
        appCapabilities.append(notification)
    }

    nonisolated func serviceEvents() -> AsyncStream<MediaServiceEvent> { events }

    func hold() { holding = true }

    /// Makes every later `send` throw `error` (`nil`: succeed again).
    func failSends(with error: MediaStreamingError?) { sendFailure = error }

    func release() {
        holding = false
        for continuation in held { continuation.resume() }
        held.removeAll()
    }
}

/// What the fake encoder was asked to do.
struct EncodeCall: Hashable, Sendable {
    var frame: Int
    var time: Duration
    var keyFrame: Bool
}

final class EncoderLog: Sendable {
    let configurations = Mutex<[VideoEncoderConfiguration]>([])
    let calls = Mutex<[EncodeCall]>([])
    let failCreation = Mutex(false)
    /// How long each encode takes on `clock`, when set.
    let encodeCost = Mutex<(clock: ManualClock, cost: Duration)?>(nil)
}

/// Encodes frame number n into two payloads: "n" and "n-key"/"n-delta" (the bytes are only counted).
struct FakeEncoder: VideoFrameEncoding {
    let log: EncoderLog

    func encode(_ frame: Int, presentationTime: Duration, keyFrame: Bool) async throws(MediaStreamingError)
        -> [ByteBuffer]
    {
        log.calls.withLock { $0.append(EncodeCall(frame: frame, time: presentationTime, keyFrame: keyFrame)) }
        if let (clock, cost) = log.encodeCost.withLock({ $0 }) { clock.advance(by: cost) }
        return [ByteBuffer(string: "\(frame)"), ByteBuffer(string: keyFrame ? "key" : "delta")]
    }
}

struct FakeEncoderFactory: VideoEncoderFactory {
    let log = EncoderLog()
    static let backgroundFrame = -1

    func makeEncoder(_ configuration: VideoEncoderConfiguration) throws(MediaStreamingError) -> FakeEncoder {
        if log.failCreation.withLock({ $0 }) { throw MediaStreamingError(.encoderFailed, "fake refuses") }
        log.configurations.withLock { $0.append(configuration) }
        return FakeEncoder(log: log)
    }

    func backgroundFrame(message: String, size: ImageResolution) -> Int? { Self.backgroundFrame }
}

extension AsyncStream<VideoStreamEvent>.Iterator {
    /// Reads events until one matches, returning it; the test's time limit stops a wait that never ends.
    mutating func next(where predicate: (VideoStreamEvent) -> Bool) async -> VideoStreamEvent? {
        while let event = await next() {
            if predicate(event) { return event }
        }
        return nil
    }
}
