import CarWindowTestingTools
import NIOCore
import NIOEmbedded
import NIOTestUtils
import SDLWire
import Testing

/// The decoder gives the same frames however the bytes arrive: NIO's `ByteToMessageDecoderVerifier`, our own random
/// chunking, and a real `ByteToMessageHandler` in an `EmbeddedChannel`.
@Suite("Frame decoder chunking and pipeline")
struct FrameDecoderChunkingTests {
    /// One frame of every kind, v1 and v2 headers, encrypted and not, open codes included.
    static let sampleFrames: [SDLFrame] = [
        SDLFrame.control(
            .startService,
            service: .rpc,
            version: 1,
            sessionID: 0,
            payload: RPCStartService(protocolVersion: ProtocolVersion(5, 4, 1)).buffer
        ),
        SDLFrame.control(
            .startServiceACK,
            service: .video,
            version: 5,
            sessionID: 1,
            messageID: 8,
            payload: MediaStartServiceACK(mtu: 131_072, width: 800, height: 480).buffer
        ),
        SDLFrame.control(.heartbeatACK, service: .control, version: 3, sessionID: 2),
        SDLFrame.control(
            ControlFrameInfo(rawValue: 0x42),
            service: ServiceType(rawValue: 0x33),
            version: 5,
            sessionID: 9,
            messageID: 77
        ),
        SDLFrame(
            header: FrameHeader(
                version: 5,
                frameType: .single,
                serviceType: .rpc,
                frameInfo: 0,
                sessionID: 1,
                dataSize: 0,
                messageID: 3
            ),
            payload: RPCPayload(
                type: .request,
                functionID: FunctionID(rawValue: 1),
                correlationID: 1,
                json: Array(#"{"a":1}"#.utf8)
            ).buffer
        ),
        SDLFrame(
            header: FrameHeader(
                version: 5,
                isEncrypted: true,
                frameType: .single,
                serviceType: .video,
                frameInfo: 0,
                sessionID: 1,
                dataSize: 0,
                messageID: 4
            ),
            payload: ByteBuffer(repeating: 0x5A, count: 1000)
        ),
        SDLFrame(
            header: FrameHeader(
                version: 2,
                frameType: .first,
                serviceType: .bulk,
                frameInfo: 0,
                sessionID: 1,
                dataSize: 0,
                messageID: 5
            ),
            payload: FirstFramePayload(totalSize: 3, frameCount: 2).buffer
        ),
        SDLFrame(
            header: FrameHeader(
                version: 2,
                frameType: .consecutive,
                serviceType: .bulk,
                frameInfo: 1,
                sessionID: 1,
                dataSize: 0,
                messageID: 5
            ),
            payload: ByteBuffer(bytes: [1, 2])
        ),
        SDLFrame(
            header: FrameHeader(
                version: 2,
                frameType: .consecutive,
                serviceType: .bulk,
                frameInfo: 0,
                sessionID: 1,
                dataSize: 0,
                messageID: 5
            ),
            payload: ByteBuffer(bytes: [3])
        ),
        SDLFrame(
            header: FrameHeader(
                version: 4,
                frameType: .single,
                serviceType: .audio,
                frameInfo: 0,
                sessionID: 1,
                dataSize: 0,
                messageID: 6
            )
        ),
    ]

    @Test("ByteToMessageDecoderVerifier: whole, one byte at a time, shuffled, from an offset reader index")
    func verifier() throws {
        let pairs = Self.sampleFrames.map { frame -> (ByteBuffer, [SDLFrame]) in
            (ByteBuffer(bytes: frame.bytes), [frame])
        }
        try ByteToMessageDecoderVerifier.verifyDecoder(inputOutputPairs: pairs) { SDLFrameDecoder() }
        // And all frames as one input.
        let all = ByteBuffer(bytes: Feed.wire(Self.sampleFrames))
        try ByteToMessageDecoderVerifier.verifyDecoder(inputOutputPairs: [(all, Self.sampleFrames)]) {
            SDLFrameDecoder()
        }
    }

    @Test("random chunkings give the same frames as one read", arguments: 0..<20)
    func randomChunks(round: Int) throws {
        var random = SeededGenerator(
            seed: SeededGenerator.seed(for: "randomChunks \(round)", fallback: 0xC4A2 + UInt64(round))
        )
        let wire = Feed.wire(Self.sampleFrames)
        var chunks: [Int] = []
        var total = 0
        while total < wire.count {
            let size = Int.random(in: 1...64, using: &random)
            chunks.append(size)
            total += size
        }
        let chunked = try Feed.frames(wire, chunks: chunks)
        #expect(chunked.frames == Self.sampleFrames)
        #expect(chunked.leftover == 0)
    }

    @Test("one byte at a time gives the same frames")
    func oneByteAtATime() throws {
        let wire = Feed.wire(Self.sampleFrames)
        #expect(try Feed.frames(wire, chunks: [Int](repeating: 1, count: wire.count)).frames == Self.sampleFrames)
    }

    @Test("ByteToMessageHandler in an EmbeddedChannel: frames out, nothing left in the channel")
    func embeddedChannel() throws {
        let channel = EmbeddedChannel(handler: ByteToMessageHandler(SDLFrameDecoder()))
        let wire = Feed.wire(Self.sampleFrames)
        // Split at an awkward place: inside the second frame's header.
        let split = Self.sampleFrames[0].wireSize + 5
        try channel.writeInbound(ByteBuffer(bytes: wire[..<split]))
        try channel.writeInbound(ByteBuffer(bytes: wire[split...]))
        var received: [SDLFrame] = []
        while let frame = try channel.readInbound(as: SDLFrame.self) { received.append(frame) }
        #expect(received == Self.sampleFrames)
        let state = try channel.finish()
        #expect(state.isClean)
    }

    @Test("the encoder in a pipeline writes the frames' bytes")
    func encoderInPipeline() throws {
        let channel = EmbeddedChannel(handler: MessageToByteHandler(SDLFrameEncoder()))
        for frame in Self.sampleFrames { try channel.writeOutbound(frame) }
        var written: [UInt8] = []
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) { written += buffer.bytes }
        #expect(written == Feed.wire(Self.sampleFrames))
        #expect(try channel.finish().isClean)
    }

    @Test("a partial frame at EOF is a typed truncatedFrame error from the pipeline")
    func leftoverAtEOF() throws {
        let channel = EmbeddedChannel(handler: ByteToMessageHandler(SDLFrameDecoder()))
        let frame = Self.sampleFrames[1]
        try channel.writeInbound(ByteBuffer(bytes: frame.bytes.dropLast(3)))
        #expect(try channel.readInbound(as: SDLFrame.self) == nil)
        channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        expectWireError(.truncatedFrame(missing: 3)) { try channel.throwIfErrorCaught() }
        _ = try? channel.finish()
    }

    @Test("a partial header at EOF names the missing header bytes")
    func partialHeaderAtEOF() throws {
        expectWireError(.truncatedFrame(missing: 7)) { try Feed.frames([0x50, 0x07, 0x02, 0x01, 0x00]) }
        expectWireError(.truncatedFrame(missing: 3)) { try Feed.frames([0x10, 0x07, 0x01, 0x00, 0x00]) }
    }
}
