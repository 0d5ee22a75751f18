import CarWindowTestingTools
import Foundation
import NIOCore
import SDLWire
import Testing

/// Every frame of the SDL Core 8.2 traces, read from `Tests/HeadUnitTests/Fixtures/traces/*.jsonl` at test time: control frames decode to
/// the trace's values and re-encode byte for byte through our typed payloads, RPC frames give the trace's RPC header
/// fields, and whole sessions decode in any chunking.
@Suite("SDL Core 8.2 trace corpus")
struct TraceCorpusTests {
    /// Decodes one complete trace frame and checks its header against the trace's `header` fields.
    private func decode(_ trace: TraceFrame) throws -> SDLFrame {
        let (frames, leftover) = try Feed.frames(trace.bytes)
        #expect(frames.count == 1)
        #expect(leftover == 0)
        let frame = try #require(frames.first)
        let header = frame.header
        #expect(header.version == trace.version)
        #expect(header.isEncrypted == trace.encrypted)
        #expect(header.frameType.rawValue == trace.frameType)
        #expect(header.serviceType.rawValue == trace.serviceType)
        #expect(header.frameInfo == trace.frameInfo)
        #expect(header.sessionID == trace.sessionID)
        #expect(header.dataSize == trace.dataSize)
        #expect(header.messageID == (trace.messageID ?? 0))
        #expect(header.size == (trace.messageID == nil ? 8 : 12))
        #expect(frame.payload.readableBytes == Int(trace.dataSize))
        #expect(frame.bytes == trace.bytes)
        return frame
    }

    @Test(
        "every control frame kind in the traces decodes and re-encodes byte for byte",
        arguments: try TraceCorpus.distinctControlFrames()
    )
    func controlFrame(_ trace: TraceFrame) throws {
        let frame = try decode(trace)
        let info = try #require(frame.header.controlFrameInfo)
        #expect(info.isDefined)
        #expect(frame.header.serviceType.isDefined)

        // The BSON itself: each key of the trace's `decoded`, with its value and element type.
        let document = frame.payload.readableBytes == 0 ? BSONDocument() : try BSONDocument(decoding: frame.payload)
        let expected = trace.decodedObject ?? [:]
        #expect(Set(document.keys) == Set(expected.keys))
        for (key, value) in document.elements {
            #expect(Self.typeName(value) == trace.bsonTypes[key], "BSON type of \(key)")
            #expect(Self.matches(value, expected[key]), "value of \(key): \(value)")
        }
        if !document.isEmpty { #expect(document.encoded() == frame.payload.bytes) }

        // The typed payload for this kind, written back in Core's key order.
        let typed = try Self.typedPayload(info: info, service: frame.header.serviceType, payload: frame.payload)
        let rebuilt = SDLFrame.control(
            info,
            service: frame.header.serviceType,
            version: frame.header.version,
            sessionID: frame.header.sessionID,
            messageID: frame.header.messageID,
            payload: typed
        )
        #expect(rebuilt.bytes == trace.bytes)
    }

    @Test(
        "every RPC single frame gives the trace's RPC header fields and re-encodes",
        arguments: try TraceCorpus.rpcSingleFrames()
    )
    func rpcFrame(_ trace: TraceFrame) throws {
        let frame = try decode(trace)
        let rpc = try RPCPayload(decoding: frame.payload)
        let decoded = try #require(trace.decodedObject)
        #expect(Int(rpc.type.rawValue) == (decoded["rpcType"] as? NSNumber)?.intValue)
        #expect(Int(rpc.functionID.rawValue) == (decoded["functionId"] as? NSNumber)?.intValue)
        #expect(Int(rpc.correlationID) == (decoded["correlationId"] as? NSNumber)?.intValue)
        if rpc.type == .notification, trace.direction == "core->app" {
            // Core marks its notifications so; the test app numbered its own (OnAppCapabilityUpdated) normally.
            #expect(rpc.correlationID == RPCPayload.notificationCorrelationID)
        }
        #expect(frame.payload.getInteger(at: frame.payload.readerIndex + 8, as: UInt32.self) == UInt32(rpc.json.count))
        #expect(rpc.bulkData.count == ((decoded["bulkDataLen"] as? NSNumber)?.intValue ?? 0))
        let json = try JSONSerialization.jsonObject(with: Data(rpc.json)) as? NSDictionary
        #expect(json == decoded["json"] as? NSDictionary)
        #expect(rpc.buffer.bytes == frame.payload.bytes)
    }

    @Test("audio and video data frame headers: size, number, and a truncated stream's typed error")
    func mediaFrameHeaders() throws {
        let frames = try TraceCorpus.mediaDataFrames()
        #expect(frames.count > 1000)
        for trace in frames {
            let length = try #require(trace.length)
            let header = try #require(try FrameHeader.peek(in: ByteBuffer(bytes: trace.bytes)))
            #expect(header.frameType == .single)
            #expect(header.frameInfo == 0)
            #expect(header.serviceType.rawValue == trace.serviceType)
            #expect(header.size + Int(header.dataSize) == length)
            // Only 64 bytes of the frame are in the trace: a stream that ends there is a truncated frame.
            if trace.bytes.count < length {
                expectWireError(.truncatedFrame(missing: length - trace.bytes.count)) {
                    try Feed.frames(trace.bytes)
                }
            }
        }
    }

    @Test(
        "each recorded session decodes to the same frames whole, in random chunks and byte by byte",
        arguments: try Set(TraceCorpus.allFrames().map(\.file)).sorted()
    )
    func wholeSession(_ file: String) throws {
        var random = SeededGenerator(seed: SeededGenerator.seed(for: "wholeSession \(file)", fallback: 0x5D1_8_2))
        for direction in ["app->core", "core->app"] {
            let traces = try TraceCorpus.frames(in: file).filter { $0.direction == direction }
            // Media frames are cut to 64 bytes in the trace; pad them to their real length so sizes are real.
            var stream: [UInt8] = []
            for trace in traces {
                stream +=
                    trace.bytes + [UInt8](repeating: 0, count: (trace.length ?? trace.bytes.count) - trace.bytes.count)
            }
            let whole = try Feed.frames(stream)
            #expect(whole.frames.count == traces.count)
            #expect(whole.leftover == 0)
            #expect(whole.frames.map(\.header.messageID) == traces.map { $0.messageID ?? 0 })
            #expect(Feed.wire(whole.frames) == stream)

            var chunks: [Int] = []
            var total = 0
            while total < stream.count {
                let size = Int.random(in: 1...4096, using: &random)
                chunks.append(size)
                total += size
            }
            #expect(try Feed.frames(stream, chunks: chunks).frames == whole.frames)
            if direction == "core->app" {
                // Core's side is small (no media); one byte at a time stays quick.
                #expect(
                    try Feed.frames(stream, chunks: [Int](repeating: 1, count: stream.count)).frames
                        == whole.frames
                )
            }

            var assembler = MessageAssembler()
            let messages = try Feed.messages(stream, chunks: chunks, assembler: &assembler)
            #expect(messages.count == traces.count, "no session used multi-frame messages")
            #expect(assembler.pendingMessageCount == 0)
        }
    }

    // MARK: Helpers

    /// The typed payload for a control frame kind, re-encoded.
    private static func typedPayload(
        info: ControlFrameInfo,
        service: ServiceType,
        payload: ByteBuffer
    ) throws -> ByteBuffer {
        switch (info, service) {
        case (.startService, .rpc): try RPCStartService(payload: payload).buffer
        case (.startServiceACK, .rpc): try RPCStartServiceACK(payload: payload).buffer
        case (.startService, .video), (.startService, .audio): try VideoStartService(payload: payload).buffer
        case (.startServiceACK, .video), (.startServiceACK, .audio): try MediaStartServiceACK(payload: payload).buffer
        case (.startServiceNAK, _), (.endServiceNAK, _): try ServiceNAK(payload: payload).buffer
        case (.endService, _): try EndService(payload: payload).buffer
        case (.endServiceACK, _): ByteBuffer()  // no parameters defined (PS §3.1.3): re-encoded empty
        default:
            throw SDLWireError(.malformedBSON("no typed payload for \(info) on \(service) in this test"))
        }
    }

    /// The type names the traces' `bsonTypes` use: `array<int32>`, `array<>` for an empty array.
    private static func typeName(_ value: BSONValue) -> String {
        guard case .array(let elements) = value else { return value.typeName }
        return "array<" + Set(elements.map(typeName)).sorted().joined(separator: ",") + ">"
    }

    private static func matches(_ value: BSONValue, _ json: Any?) -> Bool {
        switch value {
        case .string(let text): return json as? String == text
        case .int32(let number): return (json as? NSNumber)?.int64Value == Int64(number)
        case .int64(let number): return (json as? NSNumber)?.int64Value == number
        case .double(let number): return (json as? NSNumber)?.doubleValue == number
        case .bool(let flag): return (json as? NSNumber)?.boolValue == flag
        case .array(let elements):
            guard let array = json as? [Any], array.count == elements.count else { return false }
            return zip(elements, array).allSatisfy { matches($0, $1) }
        case .document(let document):
            guard let object = json as? [String: Any], object.count == document.elements.count else { return false }
            return document.elements.allSatisfy { matches($0.value, object[$0.key]) }
        }
    }
}
