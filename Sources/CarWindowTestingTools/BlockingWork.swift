import Foundation

/// Runs blocking work (waiting for a process, reading a pipe to its end) on a thread of its own.
///
/// Swift's cooperative pool has one thread per core: two on a two-core CI machine. A test that blocks one of them
/// while a tool runs stalls every other test in the process, and the emulator or session under test with them, long
/// enough for their timeouts to fire. Wrap such work in ``run(_:)`` instead.
///
/// ```swift
/// let listing = try await BlockingWork.run { try FileManager.default.contentsOfDirectory(atPath: "/tmp") }
/// ```
public enum BlockingWork {
    /// Runs `body` on a new thread and returns (or throws) what it did; a `body` that cannot throw needs no `try`.
    public static func run<T: Sendable, E: Error>(_ body: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
        let result: Result<T, E> = await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: Result { () throws(E) -> T in try body() }) }
            thread.name = "CarWindowTesting blocking work"
            thread.start()
        }
        return try result.get()
    }
}
