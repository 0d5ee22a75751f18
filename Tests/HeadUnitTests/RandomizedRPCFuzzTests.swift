import CarWindowTestingTools
import Foundation
import SDLRPCFuzzSupport
import SDLWire
import Testing

/// The CI stand-in for the `SDLRPCFuzz` libFuzzer target: seeded mutations of the RPCs and app sessions in the
/// recorded Core 8.2 traces, a bounded number of them, through the same harness. The RPC models may only refuse with
/// `RPCCodingError` and the emulator may only answer (never crash); the harness checks the invariants on top.
@Suite("Randomized RPC and app-session fuzzing")
struct RandomizedRPCFuzzTests {
    static let iterations = 1_000

    @Test("every seed (the traces' RPCs and app sessions) passes the harness as recorded")
    func seedsPass() throws {
        let seeds = try RPCFuzzSeeds.all()
        #expect(seeds.count > 40)
        for seed in seeds {
            let violations = RPCFuzzHarness.exercise(seed)
            #expect(violations.isEmpty, "\(violations) input \(RPCFuzzSeeds.hex(seed))")
        }
    }

    @Test("1 000 seeded mutations: typed errors only, invariants hold")
    func mutations() async throws {
        let seed = SeededGenerator.seed(for: "rpc mutations", variable: "RPCFUZZ_SEED", fallback: 0x5EED_0018)
        let failures = await SeededMutations(iterations: Self.iterations, seed: seed).failures(
            corpus: try RPCFuzzSeeds.all(), mutate: ByteMutator.mutate, exercise: { RPCFuzzHarness.exercise($0) })
        for failure in failures { Issue.record("\(failure)") }
    }
}

/// Harness inputs made from the recorded traces: each RPC payload behind a 0x00 byte (the model half), and each
/// trace's app side as one session (0x80, then the session settings and one raw-frame record per frame).
enum RPCFuzzSeeds {
    static func all() throws -> [[UInt8]] {
        let names = [
            "audio", "hmi-levels", "nak-fallback", "nak-non-navigation", "pip", "raw-video", "resize", "touch-haptic",
        ]
        var seeds: [[UInt8]] = []
        var seen: Set<[UInt8]> = []
        for name in names {
            let lines = try TraceLine.load(name)
            var session: [UInt8] = [0x80, 0x00]
            for line in lines where line.len == nil && line.header.frameType == 1 && line.header.serviceType == 7 {
                let bytes = line.bytes
                let payload = Array(bytes.dropFirst(line.header.version == 1 ? 8 : 12))
                if payload.count <= 20_000, seen.insert(payload).inserted { seeds.append([0x00] + payload) }
            }
            for line in lines where line.fromApp && line.len == nil && line.bytes.count < 2_000 {
                let bytes = line.bytes
                session += [0x00, 0x00, UInt8(bytes.count >> 8), UInt8(bytes.count & 0xFF)] + bytes
                if session.count > 6_000 { break }
            }
            // Fire whatever the session scheduled, then move it through every level.
            session += [6, 0, 0, 0, 6, 1, 0, 0, 7, 2, 0, 0, 6, 0, 0, 0, 7, 3, 0, 0]
            seeds.append(session)
        }
        return seeds
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}

/// Byte-level mutations in the style of libFuzzer's, plus JSON-aware ones: flips, interesting bytes, JSON tokens
/// that change a value's type, cuts, splices.
enum ByteMutator {
    static let tokens: [[UInt8]] = [
        "null", "true", "-1", "1.5", "1e400", "-9223372036854775809", "\"\"", "[]", "{}", "\"\\u0000\"", "[[[[",
        "{\"a\":", ",", ":", "\"",
    ].map { Array($0.utf8) }

    static func mutate(_ input: [UInt8], splicing other: [UInt8], random: inout SeededGenerator) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            guard bytes.count > 1 else { return other }
            // The first byte picks the harness half: keep it, so each half is fuzzed as often as it is seeded.
            let at = Int.random(in: 1..<bytes.count, using: &random)
            switch Int.random(in: 0..<7, using: &random) {
            case 0: bytes[at] ^= 1 << UInt8.random(in: 0..<8, using: &random)
            case 1: bytes[at] = [0x00, 0x01, 0x7F, 0x80, 0xFF][Int.random(in: 0..<5, using: &random)]
            case 2:
                let token = tokens[Int.random(in: tokens.indices, using: &random)]
                let end = min(bytes.count, at + Int.random(in: 0...6, using: &random))
                bytes.replaceSubrange(at..<end, with: token)
            case 3: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...16, using: &random)))
            case 4:
                let end = min(bytes.count, at + Int.random(in: 1...32, using: &random))
                bytes.insert(contentsOf: bytes[at..<end], at: end)
            case 5: bytes = Array(bytes.prefix(at))
            default:
                let cut = other.count > 1 ? Int.random(in: 1..<other.count, using: &random) : 0
                bytes = Array(bytes.prefix(at)) + other.suffix(from: cut)
            }
        }
        return bytes
    }
}
