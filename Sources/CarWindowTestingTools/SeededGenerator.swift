import Foundation

/// A reproducible random number generator (SplitMix64) for seeded property and fuzz tests: the same seed gives the
/// same sequence on every platform, so a failure printed with its seed can be replayed.
///
/// ```swift
/// var random = SeededGenerator(seed: SeededGenerator.seed(for: "header round trip", variable: "SDLWIRE_SEED",
///                                                         fallback: 0x4EAD))
/// let bytes = random.bytes(16)
/// ```
package struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    package mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &self) }
    }

    /// The seed from the environment variable `variable`, or `fallback`; printed with the test's name so a failing
    /// run can be repeated.
    package static func seed(for test: String, variable: String, fallback: UInt64) -> UInt64 {
        let seed = ProcessInfo.processInfo.environment[variable].flatMap { UInt64($0) } ?? fallback
        print("[\(test)] seed \(seed) (set \(variable)=\(seed) to replay)")
        return seed
    }
}
