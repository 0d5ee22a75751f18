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
    /// Runs `body` on a new thread and returns (or throws) what it did.
    public static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try body() }) }
            thread.name = "CarWindowTesting blocking work"
            thread.start()
        }
    }
}
