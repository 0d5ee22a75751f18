import Dispatch
import Foundation
import NIOConcurrencyHelpers

/// The one thread every ``ChildProcess`` is spawned from, for the life of the process.
///
/// Children are started under `setpriv --pdeathsig TERM` so that they end when `carwindow` is killed, even by
/// SIGKILL, which no handler of ours can see. Linux takes "the parent" in PR_SET_PDEATHSIG to be the *thread* that
/// created the child, not the process: a child spawned from a pool thread that later retires would get its signal
/// then, in the middle of a projection. This thread never ends, so the signal comes only when the process does.
///
/// ```swift
/// SpawnThread.shared.run { result = posix_spawn(&pid, path, &actions, &attributes, argv, envp) }
/// ```
final class SpawnThread: Sendable {
    /// Process-wide on purpose: the parent-death signal is bound to one thread, and one is enough for all children.
    static let shared = SpawnThread()

    private struct Job: @unchecked Sendable {
        // Unchecked: the caller blocks in `run` until `body` returned, so nothing `body` captures is used by two
        // threads at once.
        let body: () -> Void
        let done: DispatchSemaphore
    }

    private let jobs = NIOLockedValueBox<[Job]>([])
    private let wakeUp = DispatchSemaphore(value: 0)

    private init() {
        let thread = Thread { [jobs, wakeUp] in
            while true {
                wakeUp.wait()
                guard let job = jobs.withLockedValue({ $0.isEmpty ? nil : $0.removeFirst() }) else { continue }
                job.body()
                job.done.signal()
            }
        }
        thread.name = "carwindow-x11-spawn"
        thread.start()
    }

    /// Runs `body` on the spawn thread and returns when it has. `body` must not block: a posix_spawn, nothing more.
    ///
    /// Escaping, though it never outlives the call in use: the spawn thread may still hold its job a moment after
    /// signalling, which `withoutActuallyEscaping` would take for an escape.
    func run(_ body: @escaping () -> Void) {
        let job = Job(body: body, done: DispatchSemaphore(value: 0))
        jobs.withLockedValue { $0.append(job) }
        wakeUp.signal()
        job.done.wait()
    }
}
