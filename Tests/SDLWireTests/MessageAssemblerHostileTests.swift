import NIOCore
import SDLWire
import Testing

/// Reassembly under hostile frame sequences: each gives its typed error, the offending message is dropped, other
/// messages in flight survive, and the bytes held never pass the bound.
@Suite("Message assembler hostile input")
struct MessageAssemblerHostileTests {
    private static func first(total: UInt32, count: UInt32, service: ServiceType = .video, id: UInt32 = 1) -> SDLFrame {
        SDLFrame(
            header: FrameHeader(
                version: 5,
                frameType: .first,
                serviceType: service,
                frameInfo: 0,
                sessionID: 1,
                dataSize: 8,
                messageID: id
            ),
            payload: FirstFramePayload(totalSize: total, frameCount: count).buffer
        )
    }

    private static func consecutive(
        _ number: UInt8,
        _ bytes: [UInt8],
        service: ServiceType = .video,
        id: UInt32 = 1
    ) -> SDLFrame {
        SDLFrame(
            header: FrameHeader(
                version: 5,
                frameType: .consecutive,
                serviceType: service,
                frameInfo: number,
                sessionID: 1,
                dataSize: 0,
                messageID: id
            ),
            payload: ByteBuffer(bytes: bytes)
        )
    }

    @Test("a Consecutive frame without its First frame")
    func consecutiveWithoutFirst() {
        var assembler = MessageAssembler()
        expectWireError(.consecutiveWithoutFirst) { try assembler.append(Self.consecutive(1, [1])) }
    }

    @Test("a duplicate First frame is refused; the message in flight is kept")
    func duplicateFirst() throws {
        var assembler = MessageAssembler()
        #expect(try assembler.append(Self.first(total: 2, count: 2)) == nil)
        expectWireError(.duplicateFirstFrame) { try assembler.append(Self.first(total: 2, count: 2)) }
        #expect(try assembler.append(Self.consecutive(1, [1])) == nil)
        #expect(try assembler.append(Self.consecutive(0, [2]))?.payload.bytes == [1, 2])
    }

    @Test("wrong frame numbers: skipped, repeated, early last")
    func wrongFrameNumbers() throws {
        var assembler = MessageAssembler()
        _ = try assembler.append(Self.first(total: 3, count: 3))
        expectWireError(.unexpectedFrameNumber(expected: 1, got: 2)) { try assembler.append(Self.consecutive(2, [1])) }
        #expect(assembler.pendingMessageCount == 0, "the offending message is dropped")

        _ = try assembler.append(Self.first(total: 3, count: 3))
        _ = try assembler.append(Self.consecutive(1, [1]))
        expectWireError(.unexpectedFrameNumber(expected: 2, got: 0)) { try assembler.append(Self.consecutive(0, [2])) }

        _ = try assembler.append(Self.first(total: 3, count: 3))
        _ = try assembler.append(Self.consecutive(1, [1]))
        expectWireError(.unexpectedFrameNumber(expected: 2, got: 1)) { try assembler.append(Self.consecutive(1, [2])) }
    }

    @Test("a wrong frame count: zero, more frames than bytes, fewer bytes than declared, more bytes than declared")
    func wrongFrameCount() throws {
        var assembler = MessageAssembler()
        expectWireError(.frameCountMismatch, mentioning: "0 consecutive") {
            try assembler.append(Self.first(total: 5, count: 0))
        }
        expectWireError(.frameCountMismatch, mentioning: "6 frames for 5 bytes") {
            try assembler.append(Self.first(total: 5, count: 6))
        }
        // Declared 5 bytes in 2 frames, sent 2 + 1.
        _ = try assembler.append(Self.first(total: 5, count: 2))
        _ = try assembler.append(Self.consecutive(1, [1, 2]))
        expectWireError(.frameCountMismatch, mentioning: "3 bytes received, 5 declared") {
            try assembler.append(Self.consecutive(0, [3]))
        }
        // Declared 2 bytes, the first Consecutive frame already brings 3.
        _ = try assembler.append(Self.first(total: 2, count: 2))
        expectWireError(.frameCountMismatch, mentioning: "more than the declared 2 bytes") {
            try assembler.append(Self.consecutive(1, [1, 2, 3]))
        }
        #expect(assembler.pendingMessageCount == 0)
        #expect(assembler.pendingDeclaredBytes == 0)
    }

    @Test("a First frame of the wrong size straight to the assembler")
    func malformedFirstPayload() {
        var assembler = MessageAssembler()
        let frame = SDLFrame(
            header: FrameHeader(
                version: 5,
                frameType: .first,
                serviceType: .rpc,
                frameInfo: 0,
                sessionID: 1,
                dataSize: 0,
                messageID: 1
            ),
            payload: ByteBuffer(bytes: [0, 0, 0, 1])
        )
        expectWireError(.malformedFirstFrame) { try assembler.append(frame) }
    }

    @Test("the reassembly limit: refused past the bound, other messages in flight survive and complete")
    func reassemblyLimit() throws {
        var assembler = MessageAssembler(maximumBufferedBytes: 100_000)
        _ = try assembler.append(Self.first(total: 60_000, count: 2, service: .video))
        #expect(assembler.pendingDeclaredBytes == 60_000)
        expectWireError(.reassemblyLimitExceeded(declared: 50_000, limit: 40_000)) {
            try assembler.append(Self.first(total: 50_000, count: 2, service: .audio))
        }
        expectWireError(.reassemblyLimitExceeded(declared: .max, limit: 40_000)) {
            try assembler.append(Self.first(total: .max, count: 2, service: .rpc))
        }
        #expect(assembler.pendingMessageCount == 1)
        _ = try assembler.append(Self.consecutive(1, [UInt8](repeating: 1, count: 30_000)))
        let message = try assembler.append(Self.consecutive(0, [UInt8](repeating: 2, count: 30_000)))
        #expect(message?.payload.readableBytes == 60_000)
        #expect(assembler.pendingDeclaredBytes == 0)
        // Room again.
        #expect(try assembler.append(Self.first(total: 50_000, count: 2, service: .audio)) == nil)
    }

    @Test("a flood of First frames declaring empty messages is bounded too")
    func floodOfTinyMessages() throws {
        var assembler = MessageAssembler()
        let room = MessageAssembler.defaultMaximumBufferedBytes / MessageAssembler.minimumChargePerMessage
        for id in 0..<UInt32(room) {
            _ = try assembler.append(Self.first(total: 0, count: 1, id: id))
        }
        #expect(assembler.pendingMessageCount == room)
        expectWireError(.reassemblyLimitExceeded) { try assembler.append(Self.first(total: 0, count: 1, id: 1 << 30)) }
        #expect(assembler.pendingMessageCount == room)
        // An empty message still completes with its one (empty, last) Consecutive frame.
        #expect(try assembler.append(Self.consecutive(0, [], id: 0))?.payload.readableBytes == 0)
        assembler.reset()
        #expect(assembler.pendingMessageCount == 0 && assembler.pendingDeclaredBytes == 0)
    }

    @Test("reserved frame types handed straight to the assembler are refused")
    func reservedFrameType() {
        var assembler = MessageAssembler()
        let frame = SDLFrame(
            header: FrameHeader(
                version: 5,
                frameType: FrameType(rawValue: 5),
                serviceType: .rpc,
                frameInfo: 0,
                sessionID: 1,
                dataSize: 0
            )
        )
        expectWireError(.reservedFrameType(5)) { try assembler.append(frame) }
    }
}
