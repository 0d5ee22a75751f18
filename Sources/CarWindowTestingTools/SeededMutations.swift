/// A bounded fuzz pass inside the test suite: seeded mutations of a corpus, each run through a harness that returns
/// the invariants it found broken.
///
/// The pass runs on a thread of its own (``BlockingWork``): thousands of iterations would otherwise hold one of the
/// cooperative pool's threads (two on a two-core CI machine) for seconds and stall the emulators and sessions of
/// every other test in the process. It stops after a few failures, so a broken harness does not flood the log.
///
/// ```swift
/// let failures = await SeededMutations(iterations: 1_000, seed: seed).failures(
///     corpus: corpus, mutate: Mutator.mutate, exercise: WireFuzzHarness.exercise)
/// for failure in failures { Issue.record("\(failure)") }
/// ```
package struct SeededMutations: Sendable {
    /// One input that broke an invariant.
    package struct Failure: Sendable, CustomStringConvertible {
        package var iteration: Int
        package var seed: UInt64
        package var violations: [String]
        package var input: [UInt8]

        package var description: String {
            "iteration \(iteration) (seed \(seed)): \(violations) input "
                + input.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }
    }

    package var iterations: Int
    package var seed: UInt64
    /// Failures after which the pass stops.
    package var maximumFailures = 6

    package init(iterations: Int, seed: UInt64) {
        self.iterations = iterations
        self.seed = seed
    }

    /// Mutates inputs picked from `corpus` (splicing in a second one) and runs each through `exercise`.
    package func failures(
        corpus: [[UInt8]],
        mutate: @escaping @Sendable (_ input: [UInt8], _ other: [UInt8], inout SeededGenerator) -> [UInt8],
        exercise: @escaping @Sendable ([UInt8]) -> [String]
    ) async -> [Failure] {
        guard !corpus.isEmpty else { return [] }
        return await BlockingWork.run {
            var random = SeededGenerator(seed: seed)
            var failures: [Failure] = []
            for iteration in 0..<iterations where failures.count < maximumFailures {
                let base = corpus[Int.random(in: corpus.indices, using: &random)]
                let other = corpus[Int.random(in: corpus.indices, using: &random)]
                let input = mutate(base, other, &random)
                let violations = exercise(input)
                if !violations.isEmpty {
                    failures.append(Failure(iteration: iteration, seed: seed, violations: violations, input: input))
                }
            }
            return failures
        }
    }
}
