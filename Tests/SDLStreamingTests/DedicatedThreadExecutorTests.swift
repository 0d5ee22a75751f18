import Foundation
import Testing

@testable import SDLStreaming

/// The encoder's executor: an actor on it runs its jobs in order on a thread of its own, so milliseconds of
/// encoding leave Swift's cooperative pool to the session, the touches and an in-process head unit.
@Suite("Dedicated thread executor")
struct DedicatedThreadExecutorTests {
    /// An actor whose job blocks its thread until released, as a long encode holds it.
    actor Blocker {
        private nonisolated let executor = DedicatedThreadExecutor(name: "test-blocker")
        nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
        private(set) var order: [Int] = []

        /// Blocks until `gate` opens or 10 s pass; returns whether it was opened.
        func block(on gate: Gate, index: Int) -> Bool {
            order.append(index)
            return gate.wait(seconds: 10)
        }
    }

    /// A one-shot gate a blocked thread waits on.
    final class Gate: @unchecked Sendable {
        private let condition = NSCondition()
        private var isOpen = false

        func open() {
            condition.lock()
            isOpen = true
            condition.broadcast()
            condition.unlock()
        }

        func wait(seconds: Double) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            let deadline = Date(timeIntervalSinceNow: seconds)
            while !isOpen { if !condition.wait(until: deadline) { return false } }
            return true
        }
    }

    @Test("jobs that block their threads leave the cooperative pool free: a plain task runs and releases them")
    func blockingJobsLeaveThePoolFree() async {
        // One blocked actor per core would take every thread of the pool if they ran on it; then the task that
        // opens the gate could not run until they timed out.
        let gate = Gate()
        let blockers = (0..<max(2, ProcessInfo.processInfo.activeProcessorCount)).map { _ in Blocker() }
        let results = await withTaskGroup(of: Bool.self) { group in
            for (index, blocker) in blockers.enumerated() {
                group.addTask { await blocker.block(on: gate, index: index) }
            }
            group.addTask {
                gate.open()
                return true
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == blockers.count + 1)
        #expect(results.allSatisfy { $0 }, "a blocked job timed out: the gate's task never ran")
    }

    @Test("one actor's jobs run one at a time, in the order they were sent")
    func serialAndOrdered() async {
        let gate = Gate()
        gate.open()
        let blocker = Blocker()
        for index in 0..<50 { _ = await blocker.block(on: gate, index: index) }
        #expect(await blocker.order == Array(0..<50))
    }
}
