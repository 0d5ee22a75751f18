import CarWindowTestingTools
import NIOConcurrencyHelpers

/// Work (a `send`, a run of them) going on in a task of its own, so that a test can look at it while it is held
/// back and await its end with a deadline.
///
/// ```swift
/// let send = PendingWork { try await connection.send(frames) }
/// #expect(!send.hasEnded)
/// try await send.outcome(within: .seconds(30)).get()
/// ```
struct PendingWork<Value: Sendable> {
    private let ended: NIOLockedValueBox<Bool>
    private let outcomes: AsyncStream<Result<Value, any Error>>

    init(_ work: @escaping @Sendable () async throws -> Value) {
        let ended = NIOLockedValueBox(false)
        let (outcomes, report) = AsyncStream.makeStream(of: Result<Value, any Error>.self)
        Task {
            let outcome: Result<Value, any Error>
            do {
                outcome = .success(try await work())
            } catch {
                outcome = .failure(error)
            }
            ended.withLockedValue { $0 = true }
            report.yield(outcome)
            report.finish()
        }
        self.ended = ended
        self.outcomes = outcomes
    }

    /// Whether the work has returned or thrown.
    var hasEnded: Bool { ended.withLockedValue { $0 } }

    /// How the work ended; throws `.timeout` when it did not end within `deadline`. Call it once.
    func outcome(within deadline: Duration) async throws -> Result<Value, any Error> {
        try await firstElement(of: outcomes, "the work ending", within: deadline) { _ in true }
    }
}
