import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What `carwindow bench soak|reconnect|load` reads about this process from `/proc/self`: resident memory, open file
/// descriptors, threads and CPU time. Swift tasks cannot be counted from outside the runtime, so threads stand in
/// for them: a leaked task that blocks holds a thread, one that awaits holds memory.
///
/// ```swift
/// let before = BenchProcessSample.now()
/// // ... run ...
/// print(BenchProcessSample.now().difference(from: before))
/// ```
struct BenchProcessSample: Sendable {
    /// Resident set size (`VmRSS`), in KiB; 0 if /proc could not be read.
    var residentKiB: Int
    /// Entries in `/proc/self/fd`.
    var openFiles: Int
    /// Threads of the process (`Threads` in /proc/self/status).
    var threads: Int
    /// User and system CPU seconds used so far, all threads (getrusage).
    var cpuSeconds: Double
    /// When it was taken.
    var time: ContinuousClock.Instant

    static func now() -> BenchProcessSample {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let openFiles = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
        return BenchProcessSample(
            residentKiB: field("VmRSS:", in: status), openFiles: openFiles, threads: field("Threads:", in: status),
            cpuSeconds: cpuTime(), time: .now)
    }

    /// One line for the table of samples.
    func line(since start: BenchProcessSample) -> String {
        let elapsed = start.time.duration(to: time).components.seconds
        return BenchTable.pad("\(elapsed) s", 8) + BenchTable.pad("RSS \(residentKiB) KiB", 18)
            + BenchTable.pad("fds \(openFiles)", 10) + BenchTable.pad("threads \(threads)", 12)
            + "CPU \(BenchTable.format(cpuSeconds - start.cpuSeconds, 1)) s"
    }

    /// "RSS +X KiB, fds +N, threads +N over S s" between `earlier` and this sample.
    func difference(from earlier: BenchProcessSample) -> String {
        let seconds = earlier.time.duration(to: time).components.seconds
        return "RSS \(signed(residentKiB - earlier.residentKiB)) KiB (\(earlier.residentKiB) -> \(residentKiB)), "
            + "fds \(signed(openFiles - earlier.openFiles)) (\(earlier.openFiles) -> \(openFiles)), "
            + "threads \(signed(threads - earlier.threads)) (\(earlier.threads) -> \(threads)) over \(seconds) s"
    }

    private func signed(_ value: Int) -> String { value >= 0 ? "+\(value)" : "\(value)" }

    private static func field(_ name: String, in status: String) -> Int {
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            return Int(line.dropFirst(name.count).split(whereSeparator: \.isWhitespace).first ?? "") ?? 0
        }
        return 0
    }

    private static func cpuTime() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) * 1e-6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) * 1e-6
    }
}
