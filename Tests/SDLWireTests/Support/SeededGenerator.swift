import Foundation

/// A reproducible random number generator (SplitMix64). Property tests print their seed; set `SDLWIRE_SEED` to
/// replay a failure.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &self) }
    }

    /// The seed from `SDLWIRE_SEED`, or `fallback`; printed so a failing run can be repeated.
    static func seed(for test: String, fallback: UInt64) -> UInt64 {
        let seed = ProcessInfo.processInfo.environment["SDLWIRE_SEED"].flatMap { UInt64($0) } ?? fallback
        print("[\(test)] seed \(seed) (set SDLWIRE_SEED=\(seed) to replay)")
        return seed
    }
}
