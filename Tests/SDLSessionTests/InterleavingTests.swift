import CarWindowTestingTools
import NIOCore
import SDLRPC
import SDLWire
import Testing

@testable import SDLSession

/// Holds the writer inside its first held write until released, so a test knows exactly what is queued behind it;
/// armed from the start, or from ``arm()`` on (a head unit that stops reading after registering).
actor WriteGate {
    private var armed: Bool
    private var isHolding = false
    private var held: CheckedContinuation<Void, Never>?
    private var holdingWaiter: CheckedContinuation<Void, Never>?

    init(armed: Bool = true) { self.armed = armed }

    /// Holds the next write that passes.
    func arm() { armed = true }

    /// Called by the connection before a write: waits while the gate is armed.
    func pass() async {
        guard armed else { return }
        isHolding = true
        holdingWaiter?.resume()
        holdingWaiter = nil
        await withCheckedContinuation { held = $0 }
    }

    /// Returns once a write is being held.
    func untilHolding() async {
        if isHolding { return }
        await withCheckedContinuation { holdingWaiter = $0 }
    }

    func release() {
        armed = false
        held?.resume()
        held = nil
    }
}

/// An in-memory transport whose writes pass a ``WriteGate`` first: those of video data by default, any `holds`
/// picks otherwise.
struct GatedTransport: SDLTransport {
    let inner: InMemoryTransport
    let gate: WriteGate
    var holds: @Sendable ([SDLFrame]) -> Bool = GatedConnection.videoData

    func withConnection<Result: Sendable>(_ body: (GatedConnection) async throws -> Result) async throws -> Result {
        try await inner.withConnection { connection in
            try await body(GatedConnection(inner: connection, gate: gate, holds: holds))
        }
    }
}

struct GatedConnection: SDLConnection {
    let inner: InMemoryConnection
    let gate: WriteGate
    let holds: @Sendable ([SDLFrame]) -> Bool

    static let videoData: @Sendable ([SDLFrame]) -> Bool = { frames in
        frames.contains { $0.header.serviceType == .video && $0.header.frameType != .control }
    }

    var inbound: InMemoryInboundFrames { inner.inbound }

    func send(_ frames: [SDLFrame]) async throws {
        if holds(frames) { await gate.pass() }
        try await inner.send(frames)
    }

    func setMaximumReceivePayload(_ bytes: Int) async { await inner.setMaximumReceivePayload(bytes) }

    /// Closing fails the held write, as closing a socket fails the writes still pending on it: a session that ends
    /// while its peer reads nothing must still be able to close.
    func close() async {
        await inner.close()
        await gate.release()
    }
}

@Suite("Audio beside video on one transport")
struct InterleavingTests {
    @Test(
        "an audio chunk queued behind a 200 KB access unit goes out before the access unit's remaining frames",
        .timeLimit(.minutes(3)))
    func audioBetweenVideoFrames() async throws {
        let (appSide, headUnitSide) = InMemoryTransport.makePair()
        let gate = WriteGate()
        let session = SDLSession(configuration: .test(), transport: GatedTransport(inner: appSide, gate: gate))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await headUnitSide.withConnection { connection in
                    let link = HeadUnitLink(connection)
                    try await link.acceptSession()
                    try await link.acceptRegistration()
                    try await link.expectControl(.startService, service: .video)
                    try link.sendControl(
                        .startServiceACK, service: .video, payload: MediaStartServiceACK(mtu: 131_072).buffer)
                    try await link.expectControl(.startService, service: .audio)
                    try link.sendControl(
                        .startServiceACK, service: .audio, payload: MediaStartServiceACK(mtu: 131_072).buffer)
                    // First (8 bytes) and 13 Consecutive frames of at most 16 KiB, with the audio chunk after the
                    // writer's first 32 KiB batch.
                    var frames: [SDLFrame] = []
                    for _ in 0..<15 { frames.append(try await link.receiveFrame()) }
                    #expect(
                        frames.map(\.header.serviceType) == [.video, .video, .audio]
                            + Array(repeating: .video, count: 12))
                    #expect(
                        frames.map(\.payload.readableBytes) == [8, 16_384, 3_200] + Array(repeating: 16_384, count: 11)
                            + [3_392])
                    #expect(frames[2].header.frameType == .single)
                    try await link.acceptShutdown()
                    await link.drain()
                }
            }
            do {
                try await session.start()
                _ = try await session.startVideoService(
                    VideoStartService(height: 1080, width: 1920, videoProtocol: "RAW", videoCodec: "H264"))
                _ = try await session.startAudioService()
                let enqueued = await session.observeEnqueued()
                try await withThrowingTaskGroup(of: Void.self) { senders in
                    senders.addTask {
                        try await session.sendData(ByteBuffer(repeating: 0x11, count: 200_000), on: .video)
                    }
                    await gate.untilHolding()
                    senders.addTask {
                        try await session.sendData(ByteBuffer(repeating: 0x22, count: 3_200), on: .audio)
                    }
                    // The audio chunk's frames are queued synchronously once its call reaches the session.
                    try await firstElement(of: enqueued, "the audio chunk queued", within: .seconds(30)) {
                        $0 == .audio
                    }
                    #expect(await session.outbound.queuedFrames(on: .audio) > 0)
                    await gate.release()
                    try await senders.waitForAll()
                }
                try await session.stop()
            } catch {
                await gate.release()
                try? await session.stop()
                throw error
            }
            try await group.waitForAll()
        }
    }
}

extension SDLSession {
    /// Each service a message is queued on from now on (data sent with back-pressure: video, audio).
    fileprivate func observeEnqueued() -> AsyncStream<ServiceType> {
        let (stream, continuation) = AsyncStream.makeStream(of: ServiceType.self, bufferingPolicy: .bufferingNewest(64))
        enqueuedObserver = continuation
        return stream
    }
}
