import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The apps of `carwindow bench load`: this same executable started as a child process, waited for without
/// blocking Swift's cooperative pool.
///
/// ```swift
/// let status = await BenchChildProcess.run(executable, ["stream", "--core", "127.0.0.1:12345", "--app-id", "a"])
/// ```
enum BenchChildProcess {
    /// Runs `executable` with `arguments`, its output discarded; returns its exit status (127 if it could not
    /// start).
    static func run(_ executable: URL, _ arguments: [String]) async -> Int32 {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return await withCheckedContinuation { continuation in
            // The handler runs on Foundation's own thread when the child exits.
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(returning: 127)
            }
        }
    }

    /// CPU seconds (user and system) of the children that exited and were waited for.
    static func childrenCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) * 1e-6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) * 1e-6
    }
}
