import NIOCore
import SDLRPC
import SDLWire
import Testing

@testable import SDLSession

/// The pure protocol layer, without any session or transport.
@Suite("Protocol state machine")
struct ProtocolStateMachineTests {
    @Test("the first frame is RPC StartService with a v1 header, session 0 and BSON protocolVersion 5.4.1")
    func firstFrame() throws {
        var machine = ProtocolStateMachine()
        let frame = machine.startRPCService()
        #expect(
            frame.bytes
                == hexBytes(
                    "10" + "07" + "01" + "00"  // v1 control | RPC | StartService | session 0
                        + "00000020"  // data size 32
                        + "20000000" + "02" + "70726f746f636f6c56657273696f6e00" + "06000000" + "352e342e3100" + "00"
                )
        )
    }

    struct Negotiation: Sendable, CustomTestStringConvertible {
        var label: String
        var headerVersion: UInt8
        var payload: [UInt8]
        var expectedVersion: ProtocolVersion
        var expectedHeader: UInt8
        var expectedHash: Int32?
        var expectedMTU: Int
        var testDescription: String { label }
    }

    static let negotiations: [Negotiation] = [
        Negotiation(
            label: "v5 ACK with 5.4.0 (SDL Core 8.2)", headerVersion: 5,
            payload: RPCStartServiceACK(protocolVersion: ProtocolVersion(5, 4, 0), hashID: 65537, mtu: 131_072).buffer
                .readableBytesView.map { $0 },
            expectedVersion: ProtocolVersion(5, 4, 0), expectedHeader: 5, expectedHash: 65537, expectedMTU: 131_072
        ),
        Negotiation(
            label: "v5 ACK offering 5.9.0: ours (5.4.1) wins", headerVersion: 5,
            payload: RPCStartServiceACK(protocolVersion: ProtocolVersion(5, 9, 0), hashID: 7, mtu: 200_000).buffer
                .readableBytesView.map { $0 },
            expectedVersion: ProtocolVersion(5, 4, 1), expectedHeader: 5, expectedHash: 7, expectedMTU: 200_000
        ),
        Negotiation(
            label: "v5 ACK with 5.1.0 and no mtu", headerVersion: 5,
            payload: RPCStartServiceACK(protocolVersion: ProtocolVersion(5, 1, 0), hashID: 9).buffer.readableBytesView
                .map { $0 },
            expectedVersion: ProtocolVersion(5, 1, 0), expectedHeader: 5, expectedHash: 9, expectedMTU: 131_072
        ),
        Negotiation(
            label: "v5 header without BSON: the header version", headerVersion: 5, payload: [],
            expectedVersion: ProtocolVersion(5), expectedHeader: 5, expectedHash: nil, expectedMTU: 131_072
        ),
        Negotiation(
            label: "v4 head unit: raw 4-byte hash id", headerVersion: 4, payload: [0x00, 0x01, 0x00, 0x01],
            expectedVersion: ProtocolVersion(4), expectedHeader: 4, expectedHash: 65537, expectedMTU: 131_072
        ),
        Negotiation(
            label: "v3 head unit: raw 4-byte hash id", headerVersion: 3, payload: [0x12, 0x34, 0x56, 0x78],
            expectedVersion: ProtocolVersion(3), expectedHeader: 3, expectedHash: 0x1234_5678, expectedMTU: 131_072
        ),
        Negotiation(
            label: "v2 head unit: no hash id, 1500-byte MTU", headerVersion: 2, payload: [],
            expectedVersion: ProtocolVersion(2), expectedHeader: 2, expectedHash: nil, expectedMTU: 1_488
        ),
    ]

    @Test("the RPC StartServiceACK is negotiated from its header and BSON", arguments: negotiations)
    func negotiation(_ case: Negotiation) throws {
        var machine = ProtocolStateMachine()
        _ = machine.startRPCService()
        let ack = SDLFrame.control(
            .startServiceACK, service: .rpc, version: `case`.headerVersion, sessionID: 3,
            payload: ByteBuffer(bytes: `case`.payload)
        )
        guard case .rpcStarted(let parameters) = machine.receive(ack) else {
            Issue.record("not started")
            return
        }
        #expect(parameters.protocolVersion == `case`.expectedVersion)
        #expect(parameters.headerVersion == `case`.expectedHeader)
        #expect(parameters.sessionID == 3)
        #expect(parameters.hashID == `case`.expectedHash)
        #expect(parameters.mtu.negotiatedValue(for: .rpc) == `case`.expectedMTU)
        // Frames we send now carry the negotiated header version and session id.
        let built = machine.control(.endService, service: .video)
        let frame = try #require(built)
        #expect(frame.header.version == `case`.expectedHeader)
        #expect(frame.header.sessionID == 3)
    }

    @Test("a version 1 ACK (protocol 1 head unit) is refused")
    func protocolOne() {
        var machine = ProtocolStateMachine()
        _ = machine.startRPCService()
        let ack = SDLFrame.control(.startServiceACK, service: .rpc, version: 1, sessionID: 1)
        guard case .fail(let error) = machine.receive(ack) else {
            Issue.record("accepted")
            return
        }
        #expect(error.kind == .unsupportedProtocolVersion("1"))
    }

    static func started() -> ProtocolStateMachine {
        var machine = ProtocolStateMachine()
        _ = machine.startRPCService()
        _ = machine.receive(
            SDLFrame.control(
                .startServiceACK, service: .rpc, version: 5, sessionID: 1,
                payload: RPCStartServiceACK(protocolVersion: ProtocolVersion(5, 4, 0), hashID: 1, mtu: 131_072).buffer
            )
        )
        return machine
    }

    @Test("a Heartbeat is answered with a HeartbeatACK on the control service, same session")
    func heartbeat() {
        var machine = Self.started()
        let action = machine.receive(SDLFrame.control(.heartbeat, service: .control, version: 5, sessionID: 1))
        #expect(action == .reply(SDLFrame.control(.heartbeatACK, service: .control, version: 5, sessionID: 1)))
        // "5f 00 ff 01 00000000 00000000": v5 control | control service | HeartbeatACK | session 1 | size 0 | msg 0
        if case .reply(let frame) = action {
            #expect(frame.bytes == hexBytes("50" + "00" + "ff" + "01" + "00000000" + "00000000"))
        }
    }

    @Test("the head unit's own EndService is answered with EndServiceACK for that service")
    func headUnitEndService() {
        var machine = Self.started()
        let action = machine.receive(
            SDLFrame.control(.endService, service: .video, version: 5, sessionID: 1, messageID: 3))
        guard case .headUnitEndedService(let service, let reply) = action else {
            Issue.record("got \(action)")
            return
        }
        #expect(service == .video)
        #expect(reply.header.controlFrameInfo == .endServiceACK)
        #expect(reply.header.serviceType == .video)
        #expect(reply.header.sessionID == 1)
    }

    @Test("a multi-frame RPC is reassembled before it is delivered")
    func reassembly() {
        var machine = Self.started()
        let payload = ByteBuffer(bytes: (0..<1000).map { UInt8($0 % 251) })
        let message = SDLMessage(version: 5, serviceType: .rpc, sessionID: 1, messageID: 9, payload: payload)
        let frames = MessageFragmenter.frames(for: message, maximumPayload: 300)
        #expect(frames.count == 5)
        var actions: [ProtocolStateMachine.Action] = []
        for frame in frames { actions.append(machine.receive(frame)) }
        #expect(
            actions.last
                == .rpc(SDLMessage(version: 5, serviceType: .rpc, sessionID: 1, messageID: 9, payload: payload)))
    }

    @Test("outgoing data is split to the service's MTU")
    func fragmentation() {
        var machine = Self.started()
        machine.setMTU(1_000, for: .video)
        let frames = machine.dataFrames(
            service: .video, payload: ByteBuffer(bytes: [UInt8](repeating: 7, count: 3_000)))
        // 988 payload bytes per frame (1000 minus the 12-byte header): First + 4 Consecutive.
        #expect(frames.map(\.header.frameType) == [.first, .consecutive, .consecutive, .consecutive, .consecutive])
        #expect(frames.dropFirst().map(\.payload.readableBytes) == [988, 988, 988, 36])
        #expect(frames.dropFirst().map(\.header.frameInfo) == [1, 2, 3, 0])
    }
}

@Suite("Outbound queue")
struct OutboundQueueTests {
    static func frame(_ service: ServiceType, _ tag: UInt8) -> SDLFrame {
        SDLFrame(
            header: FrameHeader(
                version: 5, frameType: .single, serviceType: service, frameInfo: 0, sessionID: 1, dataSize: 0),
            payload: ByteBuffer(bytes: [tag])
        )
    }

    @Test("lower service numbers go first; order within a service is kept; tickets finish on the last frame")
    func priority() {
        var queue = OutboundQueue()
        queue.enqueue([Self.frame(.video, 1), Self.frame(.video, 2), Self.frame(.video, 3)], ticket: 1)
        queue.enqueue([Self.frame(.audio, 4)], ticket: 2)
        queue.enqueue([Self.frame(.rpc, 5)], ticket: 3)
        queue.enqueue([Self.frame(.video, 6)], ticket: 4)
        queue.enqueue([Self.frame(.control, 7)], ticket: 5)
        var order: [UInt8] = []
        var finished: [UInt64] = []
        while let (frame, ticket) = queue.next().map({ ($0.frame, $0.finished) }) {
            order.append(frame.payload.getInteger(at: frame.payload.readerIndex) ?? 0)
            if let ticket { finished.append(ticket) }
        }
        #expect(order == [7, 5, 4, 1, 2, 3, 6])
        #expect(finished == [5, 3, 2, 1, 4])
        #expect(queue.isEmpty)
    }

    static func frame(_ service: ServiceType, bytes: Int) -> SDLFrame {
        SDLFrame(
            header: FrameHeader(
                version: 5, frameType: .single, serviceType: service, frameInfo: 0, sessionID: 1, dataSize: 0),
            payload: ByteBuffer(repeating: 0, count: bytes)
        )
    }

    @Test(
        "a batch holds frames while their payloads fit the bound, and always at least one",
        arguments: [
            // (frame sizes queued on video, bound, expected sizes of the first batch)
            ([16_384, 16_384, 16_384], 32_768, [16_384, 16_384]),
            ([8, 16_384, 16_384, 3_392], 32_768, [8, 16_384]),
            ([131_060, 100], 32_768, [131_060]),
            ([100, 100, 100], 1_000, [100, 100, 100]),
        ] as [([Int], Int, [Int])])
    func batchBound(sizes: [Int], bound: Int, expected: [Int]) {
        var queue = OutboundQueue()
        queue.enqueue(sizes.map { Self.frame(.video, bytes: $0) }, ticket: 1)
        let (frames, finished) = queue.nextBatch(maximumBytes: bound)
        #expect(frames.map(\.payload.readableBytes) == expected)
        #expect(finished == (expected.count == sizes.count ? [1] : []))
        #expect(queue.queuedFrames(on: .video) == sizes.count - expected.count)
    }

    @Test("an audio frame queued after a large video message goes out before the video's remaining frames")
    func audioOvertakesVideo() {
        var queue = OutboundQueue()
        // A 200 KB access unit in 16 KiB frames: First (8 bytes), 12 Consecutive of 16 384, the last of 3 392.
        let video = [8] + [Int](repeating: 16_384, count: 12) + [3_392]
        queue.enqueue(video.map { Self.frame(.video, bytes: $0) }, ticket: 1)
        let first = queue.nextBatch(maximumBytes: OutboundQueue.defaultBatchBytes)
        #expect(first.frames.map(\.payload.readableBytes) == [8, 16_384])
        queue.enqueue([Self.frame(.audio, bytes: 3_200)], ticket: 2)
        let second = queue.nextBatch(maximumBytes: OutboundQueue.defaultBatchBytes)
        #expect(second.frames.map(\.header.serviceType) == [.audio, .video])
        #expect(second.finished == [2])
        var rest: [SDLFrame] = []
        while case (let frames, _) = queue.nextBatch(maximumBytes: OutboundQueue.defaultBatchBytes), !frames.isEmpty {
            rest += frames
        }
        #expect(rest.count == video.count - 3)
        #expect(Set(rest.map(\.header.serviceType)) == [.video])
    }
}

@Suite("Video capability state")
struct VideoCapabilityStateTests {
    @Test("a notification merges into the known value; a later GetSystemCapability answer does not overwrite it")
    func staleAnswer() {
        var state = VideoCapabilityState()
        let startup = VideoStreamingCapabilityFixtures.startup
        let took = state.applyResponse(startup)
        #expect(took)
        let merged = state.applyNotification(VideoStreamingCapabilityFixtures.resize)
        #expect(merged)
        #expect(state.current?.preferredResolution?.resolutionWidth == 1024)
        #expect(state.current?.maxBitrate == 400_000, "omitted by the update, kept")
        let tookStale = state.applyResponse(startup)
        #expect(!tookStale, "Core's answer stays stale after an update")
        #expect(state.current?.preferredResolution?.resolutionWidth == 1024)
    }
}
