import NIOConcurrencyHelpers
import NIOCore

/// The kernel's unsent figure as a test sets it, announcing each read on ``reads``.
final class ScriptedUnsentBytes: Sendable {
    /// The running count of reads, one element per read.
    let reads: AsyncStream<Int>
    private let announce: AsyncStream<Int>.Continuation
    private let state: NIOLockedValueBox<(figure: Int?, reads: Int)>
    private let onceClosed: Int?

    /// - Parameters:
    ///   - figure: what a read of an open channel gives until ``set(_:)`` changes it.
    ///   - onceClosed: what a read of a closed channel gives; `nil`, as on Linux, by default.
    init(_ figure: Int?, onceClosed: Int? = nil) {
        (reads, announce) = AsyncStream.makeStream(of: Int.self)
        state = NIOLockedValueBox((figure, 0))
        self.onceClosed = onceClosed
    }

    var readCount: Int { state.withLockedValue { $0.reads } }

    func set(_ figure: Int?) { state.withLockedValue { $0.figure = figure } }

    func read(_ channel: any Channel) async -> Int? {
        let (figure, count) = state.withLockedValue { state in
            state.reads += 1
            return (state.figure, state.reads)
        }
        announce.yield(count)
        return channel.isActive ? figure : onceClosed
    }
}
