import NIOCore
import NIOPosix

/// Where the emulator runs: event-loop threads of its own, never Swift's cooperative pool.
///
/// A real head unit is another computer, so its answers do not wait for the app's work. In one process with the app
/// (a test fixture, `carwindow demo`), an emulator on the cooperative pool (one thread per core) queued every step
/// (a frame read, the answer written, a timer) behind whatever else the process ran. In a test run that was
/// seconds of other suites' synchronous work, and the emulator's StartServiceACK reached the app after the app's 5 s
/// deadline though neither had done anything wrong (docs/testing.md, "The in-process emulator runs on threads
/// of its own").
///
/// Each emulator takes one event loop of ``group``: the actor's jobs run on it (``HeadUnitEmulator/unownedExecutor``),
/// and so does the nonisolated work of its tasks (reading each link, writing its answers, timers), which prefer
/// ``taskExecutor``. The loop's thread then answers when a frame arrives, whatever the pool is doing.
struct HeadUnitThreads: Sendable {
    /// The threads every emulator in the process shares, one per core (at least two), started on first use and kept
    /// for the process's life (an emulator's actor may be called after it stopped, so its executor never goes away).
    static let group = MultiThreadedEventLoopGroup(numberOfThreads: max(2, System.coreCount))

    /// The loop the actor is isolated to.
    let loop: any EventLoop
    /// The same loop, for the nonisolated work of the emulator's tasks.
    let taskExecutor: EventLoopTaskExecutor

    /// The next loop of ``group``, so emulators spread over its threads.
    static func next() -> HeadUnitThreads {
        let loop = group.next()
        return HeadUnitThreads(loop: loop, taskExecutor: EventLoopTaskExecutor(loop: loop))
    }
}

/// A NIO event loop as a task executor: nonisolated async code of a task that prefers it runs on the loop's thread.
///
/// NIO's event loops are serial executors (for actors) but not task executors, which a task's preference needs.
///
/// ```swift
/// let executor = EventLoopTaskExecutor(loop: MultiThreadedEventLoopGroup.singleton.next())
/// await withTaskExecutorPreference(executor) { await readEveryFrame() }
/// ```
final class EventLoopTaskExecutor: TaskExecutor {
    let loop: any EventLoop

    init(loop: any EventLoop) { self.loop = loop }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
