import NIOCore
import SDLWire

/// Feeds arbitrary bytes to every SDLWire decoder and checks the invariants that must hold whatever the bytes are.
///
/// The libFuzzer entry point (`SDLWireFuzz`) and the bounded randomized test in `SDLWireTests` both run it. Decoders
/// may only fail with ``SDLWireError`` (their typed `throws` guarantees that); what this adds are the properties a
/// crash-free decoder can still get wrong: a decoded frame writes back its own bytes, BSON that decodes re-encodes to
/// a fixed point, RPC payloads and security queries re-encode exactly, and the assembler never holds more than its
/// bound.
///
/// ```swift
/// let violations = WireFuzzHarness.exercise(bytes)
/// precondition(violations.isEmpty, violations.joined(separator: "\n"))
/// ```
public enum WireFuzzHarness {
    /// The assembler bound used here, small so that the fuzzer reaches it.
    public static let reassemblyBound = 256 << 10

    /// Runs every decoder over `input`; returns the invariants that did not hold (empty when all is well).
    public static func exercise(_ input: some Collection<UInt8>) -> [String] {
        let bytes = Array(input)
        var violations: [String] = []
        guard let control = bytes.first else { return violations }
        let data = Array(bytes.dropFirst())

        // The first byte picks the receive limit and the chunking, so the fuzzer explores both.
        let limits = [0, 8, 64, 1_488, MTU.v3PlusPayloadLimit]
        let decoder = SDLFrameDecoder(maximumPayloadSize: limits[Int(control & 0x07) % limits.count])
        let chunk = Int(control >> 3) + 1
        let frames = decodeFrames(data, chunk: chunk, decoder: decoder, violations: &violations)

        var assembler = MessageAssembler(maximumBufferedBytes: reassemblyBound)
        for frame in frames {
            let message: SDLMessage?
            do {
                message = try assembler.append(frame)
            } catch {
                message = nil
            }
            if assembler.pendingDeclaredBytes > reassemblyBound {
                violations.append("assembler holds \(assembler.pendingDeclaredBytes) > \(reassemblyBound)")
            }
            exercisePayload(frame.payload, violations: &violations)
            if let message, frame.header.frameType == .consecutive {
                exercisePayload(message.payload, violations: &violations)
            }
        }
        // The whole input as each payload kind too: the fuzzer then reaches BSON and RPC corners directly.
        exercisePayload(ByteBuffer(bytes: data), violations: &violations)
        if data.count <= 4_096, data.first == UInt8(ascii: "{") {
            if let envelope = try? RPCEnvelopeV1(decoding: data),
                (try? RPCEnvelopeV1(decoding: envelope.encoded())) != envelope
            {
                violations.append("RPCEnvelopeV1 does not round trip")
            }
        }
        if data.count <= 64 {
            _ = try? ProtocolVersion(String(decoding: data, as: UTF8.self))
        }
        return violations
    }

    private static func decodeFrames(
        _ data: [UInt8],
        chunk: Int,
        decoder: SDLFrameDecoder,
        violations: inout [String]
    ) -> [SDLFrame] {
        var decoder = decoder
        var buffer = ByteBuffer()
        var frames: [SDLFrame] = []
        var offset = 0
        do {
            while offset < data.count {
                let end = min(offset + chunk, data.count)
                buffer.writeBytes(data[offset..<end])
                offset = end
                while let frame = try decoder.decode(buffer: &buffer) { frames.append(frame) }
            }
            while let frame = try decoder.decodeLast(buffer: &buffer, seenEOF: true) { frames.append(frame) }
        } catch {
            // A typed refusal ends the stream, as it would end the connection.
        }
        for frame in frames {
            if frame.payload.readableBytes != Int(frame.header.dataSize) {
                violations.append("frame payload \(frame.payload.readableBytes) != data size \(frame.header.dataSize)")
            }
            if frame.payload.readableBytes > decoder.maximumPayloadSize {
                violations.append(
                    "frame of \(frame.payload.readableBytes) bytes passed a limit of "
                        + "\(decoder.maximumPayloadSize)"
                )
            }
            var again = SDLFrameDecoder(maximumPayloadSize: decoder.maximumPayloadSize)
            var written = ByteBuffer(bytes: frame.bytes)
            if (try? again.decode(buffer: &written)) != frame {
                violations.append("frame \(frame.header) does not decode from its own bytes")
            }
        }
        return frames
    }

    private static func exercisePayload(_ payload: ByteBuffer, violations: inout [String]) {
        if let document = try? BSONDocument(decoding: payload) {
            let once = document.encoded()
            if let again = try? BSONDocument(decoding: once) {
                if again.encoded() != once { violations.append("BSON re-encoding is not a fixed point") }
            } else {
                violations.append("BSON that decoded does not decode after re-encoding: \(document)")
            }
        }
        _ = try? RPCStartService(payload: payload)
        _ = try? RPCStartServiceACK(payload: payload)
        _ = try? VideoStartService(payload: payload)
        _ = try? MediaStartServiceACK(payload: payload)
        _ = try? ServiceNAK(payload: payload)
        _ = try? EndService(payload: payload)
        _ = try? TransportEventUpdate(payload: payload)
        _ = try? RegisterSecondaryTransportNAK(payload: payload)
        _ = try? FirstFramePayload(from: payload)
        if let rpc = try? RPCPayload(decoding: payload),
            Array(rpc.buffer.readableBytesView) != Array(payload.readableBytesView)
        {
            violations.append("RPCPayload does not re-encode to its bytes")
        }
        if let query = try? SecurityQuery(decoding: payload),
            Array(query.buffer.readableBytesView) != Array(payload.readableBytesView)
        {
            violations.append("SecurityQuery does not re-encode to its bytes")
        }
    }
}
