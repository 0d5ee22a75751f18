import CarWindowTestingTools
import NIOCore
import SDLWire
import SDLWireFuzzSupport
import Testing

/// The CI stand-in for the libFuzzer target: seeded mutations of valid frames, BSON and RPC payloads, a bounded number
/// of them, through the same harness. Decoders may only refuse with SDLWireError (typed throws), and the harness checks
/// the round-trip invariants on whatever does decode.
@Suite("Randomized mutation fuzzing")
struct RandomizedFuzzTests {
    static let iterations = 20_000

    /// Valid inputs to mutate: sample frames, trace frames, BSON documents, RPC payloads.
    static func seeds() throws -> [[UInt8]] {
        var seeds = FrameDecoderChunkingTests.sampleFrames.map(\.bytes)
        seeds.append(Feed.wire(FrameDecoderChunkingTests.sampleFrames))
        seeds += try TraceCorpus.distinctControlFrames().map(\.bytes)
        seeds += try TraceCorpus.rpcSingleFrames().prefix(8).map(\.bytes)
        seeds.append(BSONTests.everyType.encoded())
        let message = SDLMessage(
            version: 5,
            serviceType: .rpc,
            sessionID: 1,
            messageID: 4,
            payload: ByteBuffer(bytes: Array(repeating: 0x41, count: 300))
        )
        seeds.append(Feed.wire(MessageFragmenter.frames(for: message, maximumPayload: 100)))
        seeds.append(Array(#"{"request":{"name":"Show","correlationID":3,"parameters":{"a":[1,{"b":null}]}}}"#.utf8))
        // The harness reads the first byte as its settings; give each seed a few.
        return seeds.flatMap { seed in [0x00, 0x1C, 0x53, 0xFF].map { [$0] + seed } }
    }

    @Test("20 000 seeded mutations: typed errors only, invariants hold")
    func mutations() async throws {
        let seed = SeededGenerator.seed(for: "mutations", fallback: 0xF0_22)
        let failures = await SeededMutations(iterations: Self.iterations, seed: seed).failures(
            corpus: try Self.seeds(), mutate: Mutator.mutate, exercise: { WireFuzzHarness.exercise($0) })
        for failure in failures { Issue.record("\(failure)") }
    }
}

/// Byte-level mutations in the style of libFuzzer's: flips, interesting values, length fields, cuts, splices.
enum Mutator {
    static let interesting: [UInt8] = [0x00, 0x01, 0x07, 0x08, 0x0B, 0x10, 0x7F, 0x80, 0xFE, 0xFF]

    static func mutate(_ input: [UInt8], splicing other: [UInt8], random: inout SeededGenerator) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            guard !bytes.isEmpty else { return other }
            let at = Int.random(in: bytes.indices, using: &random)
            switch Int.random(in: 0..<9, using: &random) {
            case 0: bytes[at] ^= 1 << UInt8.random(in: 0..<8, using: &random)
            case 1: bytes[at] = interesting[Int.random(in: interesting.indices, using: &random)]
            case 2: bytes[at] = UInt8.random(in: .min ... .max, using: &random)
            case 3:
                // A 32-bit length field (either byte order) set to something that lies.
                let lies: [UInt32] = [
                    0, 1, 5, 8, 0x7FFF_FFFF, 0xFFFF_FFFF, UInt32(bytes.count), UInt32(bytes.count + 1),
                ]
                let value = lies[Int.random(in: lies.indices, using: &random)]
                let little = Bool.random(using: &random)
                for index in 0..<4 where at + index < bytes.count {
                    let shift = UInt32(little ? index * 8 : (3 - index) * 8)
                    bytes[at + index] = UInt8(truncatingIfNeeded: value >> shift)
                }
            case 4: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...16, using: &random)))
            case 5: bytes.insert(contentsOf: random.bytes(Int.random(in: 1...8, using: &random)), at: at)
            case 6:
                let end = min(bytes.count, at + Int.random(in: 1...32, using: &random))
                bytes.insert(contentsOf: bytes[at..<end], at: end)
            case 7: bytes = Array(bytes.prefix(at))
            default:
                let cut = other.isEmpty ? 0 : Int.random(in: other.indices, using: &random)
                bytes = Array(bytes.prefix(at)) + other.suffix(from: cut)
            }
        }
        return bytes
    }
}
