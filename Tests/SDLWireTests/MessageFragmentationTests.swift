import CarWindowTestingTools
import NIOCore
import SDLWire
import Testing

/// Fragmenter -> bytes -> decoder -> assembler gives the message back, for payload sizes around the MTU boundaries;
/// frame counts and numbers follow PS §3.3.
@Suite("Message fragmentation round trips")
struct MessageFragmentationTests {
    private static func message(
        size: Int,
        service: ServiceType = .video,
        messageID: UInt32 = 9,
        encrypted: Bool = false,
        random: inout SeededGenerator
    ) -> SDLMessage {
        SDLMessage(
            version: 5,
            isEncrypted: encrypted,
            serviceType: service,
            sessionID: 1,
            messageID: messageID,
            payload: ByteBuffer(bytes: random.bytes(size))
        )
    }

    /// Fragments, checks counts and numbering, sends through the decoder and the assembler.
    private static func roundTrip(_ message: SDLMessage, chunk: Int, random: inout SeededGenerator) throws {
        let frames = MessageFragmenter.frames(for: message, maximumPayload: chunk)
        let size = message.payload.readableBytes
        if size <= chunk {
            #expect(frames.count == 1)
            #expect(frames[0].header.frameType == .single)
        } else {
            let count = (size + chunk - 1) / chunk
            #expect(frames.count == count + 1, "one First frame and ceil(size / chunk) Consecutive frames")
            #expect(
                try FirstFramePayload(from: frames[0].payload)
                    == FirstFramePayload(totalSize: UInt32(size), frameCount: UInt32(count))
            )
            #expect(frames[0].header.isEncrypted == false)
            for (index, frame) in frames.dropFirst().enumerated() {
                #expect(frame.header.frameType == .consecutive)
                #expect(frame.header.frameInfo == (index == count - 1 ? 0 : UInt8(index % 255 + 1)))
                #expect(frame.payload.readableBytes == (index == count - 1 ? size - chunk * (count - 1) : chunk))
            }
        }
        #expect(
            frames.allSatisfy {
                $0.header.messageID == message.messageID
                    && ($0.header.frameType == .first || $0.payload.readableBytes <= chunk)
            }
        )
        let wire = Feed.wire(frames)
        var chunks: [Int] = []
        var total = 0
        while total < wire.count {
            let next = Int.random(in: 1...(2 * chunk + 40), using: &random)
            chunks.append(next)
            total += next
        }
        var assembler = MessageAssembler()
        let decoder = SDLFrameDecoder(maximumPayloadSize: max(chunk, 8))
        let messages = try Feed.messages(wire, chunks: chunks, decoder: decoder, assembler: &assembler)
        #expect(messages == [message])
        #expect(assembler.pendingMessageCount == 0)
        #expect(assembler.pendingDeclaredBytes == 0)
    }

    @Test(
        "random sizes around the v1/v2 and v3+ payload limits",
        arguments: [
            MTU.v1v2PayloadLimit, MTU(version: 5).maximumSendPayload(for: .video), 1_000,
        ]
    )
    func aroundTheMTU(chunk: Int) throws {
        var random = SeededGenerator(seed: SeededGenerator.seed(for: "aroundTheMTU \(chunk)", fallback: UInt64(chunk)))
        var sizes = [0, 1, chunk - 1, chunk, chunk + 1, 2 * chunk - 1, 2 * chunk, 2 * chunk + 1, 3 * chunk]
        for _ in 0..<12 { sizes.append(Int.random(in: 1...(4 * chunk), using: &random)) }
        for size in sizes {
            try Self.roundTrip(Self.message(size: size, random: &random), chunk: chunk, random: &random)
        }
    }

    @Test("a message of more than 255 Consecutive frames wraps the number from 255 to 1")
    func moreThan255Frames() throws {
        var random = SeededGenerator(seed: SeededGenerator.seed(for: "moreThan255Frames", fallback: 255))
        let message = Self.message(size: 600 * 7 + 3, random: &random)
        let frames = MessageFragmenter.frames(for: message, maximumPayload: 7)
        #expect(frames.count == 1 + 601)
        let numbers = frames.dropFirst().map(\.header.frameInfo)
        #expect(Array(numbers[253...256]) == [254, 255, 1, 2])
        #expect(Array(numbers[508...511]) == [254, 255, 1, 2])
        #expect(numbers.last == 0)
        #expect(!numbers.dropLast().contains(0))
        try Self.roundTrip(message, chunk: 7, random: &random)
    }

    @Test("encrypted messages keep the E bit on Consecutive frames only, and come back encrypted")
    func encryptedMessage() throws {
        var random = SeededGenerator(seed: SeededGenerator.seed(for: "encryptedMessage", fallback: 0xE))
        let message = Self.message(size: 5_000, encrypted: true, random: &random)
        let frames = MessageFragmenter.frames(for: message, maximumPayload: 1_488)
        #expect(frames.map(\.header.isEncrypted) == [false, true, true, true, true])
        try Self.roundTrip(message, chunk: 1_488, random: &random)
    }

    @Test("control messages are never split")
    func controlNotSplit() {
        let message = SDLMessage(
            version: 5,
            serviceType: .video,
            controlFrameInfo: .startServiceACK,
            sessionID: 1,
            payload: ByteBuffer(repeating: 1, count: 100)
        )
        let frames = MessageFragmenter.frames(for: message, maximumPayload: 10)
        #expect(frames.count == 1)
        #expect(frames[0].header.controlFrameInfo == .startServiceACK)
    }

    @Test("interleaved messages of different services and ids reassemble independently")
    func interleaved() throws {
        var random = SeededGenerator(seed: SeededGenerator.seed(for: "interleaved", fallback: 0x1F))
        let video = Self.message(size: 3_000, service: .video, messageID: 1, random: &random)
        let audio = Self.message(size: 2_500, service: .audio, messageID: 1, random: &random)
        let rpc = Self.message(size: 2_000, service: .rpc, messageID: 2, random: &random)
        var queues = [video, audio, rpc].map { MessageFragmenter.frames(for: $0, maximumPayload: 500)[...] }
        var assembler = MessageAssembler()
        var done: [SDLMessage] = []
        while queues.contains(where: { !$0.isEmpty }) {
            for index in queues.indices {
                guard let frame = queues[index].popFirst() else { continue }
                if let message = try assembler.append(frame) { done.append(message) }
            }
        }
        #expect(Set(done.map(\.serviceType)) == [.video, .audio, .rpc])
        #expect(done.first { $0.serviceType == .video } == video)
        #expect(done.first { $0.serviceType == .audio } == audio)
        #expect(done.first { $0.serviceType == .rpc } == rpc)
    }

    @Test("frameNumber follows PS §3.3.2: 1...255, wrap to 1, 0 last")
    func frameNumbers() {
        #expect(MessageFragmenter.frameNumber(index: 0, count: 1) == 0)
        #expect(MessageFragmenter.frameNumber(index: 0, count: 2) == 1)
        #expect(MessageFragmenter.frameNumber(index: 254, count: 300) == 255)
        #expect(MessageFragmenter.frameNumber(index: 255, count: 300) == 1)
        #expect(MessageFragmenter.frameNumber(index: 299, count: 300) == 0)
    }
}
