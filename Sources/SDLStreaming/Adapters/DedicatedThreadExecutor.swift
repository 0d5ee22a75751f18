import Foundation

/// A serial executor with a thread of its own, for an actor whose jobs are long CPU work: the H.264 encoder
/// (``MediaVideoEncoder``) takes milliseconds per frame, and on Swift's cooperative pool (one thread per core) that
/// would hold a thread the session, the touches and an in-process head unit need meanwhile. On its own thread the
/// kernel shares the cores instead, and a touch or a write waits for no frame.
///
/// Not a SwiftNIO event loop: those are for I/O, and one used for encoding would need an orderly shutdown. The
/// thread ends when the executor goes away (with the actor that holds it), once its queue is empty.
///
/// ```swift
/// actor Worker {
///     private nonisolated let executor = DedicatedThreadExecutor(name: "worker")
///     nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
/// }
/// ```
final class DedicatedThreadExecutor: SerialExecutor, @unchecked Sendable {
    /// What the thread shares with the executor; the thread holds this, not the executor, so the executor can go.
    private final class JobQueue: @unchecked Sendable {
        // `jobs` and `isFinished` are only touched with `condition` locked; `executor` is set before the thread
        // starts. It is unowned: the jobs are an actor's, and an actor with jobs keeps its executor.
        let condition = NSCondition()
        var jobs: [UnownedJob] = []
        var isFinished = false
        var executor: UnownedSerialExecutor?

        func run() {
            while true {
                condition.lock()
                while jobs.isEmpty, !isFinished { condition.wait() }
                let batch = jobs
                jobs.removeAll(keepingCapacity: true)
                condition.unlock()
                guard let executor, !batch.isEmpty else { return }
                for job in batch { job.runSynchronously(on: executor) }
            }
        }
    }

    private let queue = JobQueue()

    init(name: String) {
        queue.executor = UnownedSerialExecutor(ordinary: self)
        let thread = Thread { [queue] in
            // Foundation names the thread object only; the kernel's name (15 bytes, what `top -H` and a debugger
            // show) is set here, where Glibc's pthread_setname_np is not visible to Swift.
            #if os(Linux)
                try? String(name.prefix(15)).write(toFile: "/proc/thread-self/comm", atomically: false, encoding: .utf8)
            #endif
            queue.run()
        }
        thread.name = name
        thread.start()
    }

    deinit {
        queue.condition.lock()
        queue.isFinished = true
        queue.condition.signal()
        queue.condition.unlock()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.condition.lock()
        queue.jobs.append(job)
        queue.condition.signal()
        queue.condition.unlock()
    }
}
