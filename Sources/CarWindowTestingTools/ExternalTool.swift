public import Foundation

/// Runs a command-line tool (`ffmpeg`, `ffprobe`, `openssl`, `python3`) to completion and collects what it printed.
///
/// The blocking run happens on a thread of its own: a tool that takes seconds must not hold one of the few threads
/// of Swift's cooperative pool (two on a two-core machine), which every other test running at the same time, and the
/// code under test (the emulator, the session), need. A test that waits for a process synchronously stalls them all.
///
/// ```swift
/// let ffmpeg = try #require(ExternalTool.locate("ffmpeg").map(ExternalTool.init(executable:)))
/// let output = try await ffmpeg.run(["-v", "error", "-f", "lavfi", "-i", "testsrc=duration=1", "clip.mp4"])
/// #expect(output.status == 0, "\(output.errorText)")
/// ```
public struct ExternalTool: Sendable {
    /// What a finished run left behind.
    public struct Output: Sendable {
        /// The exit status.
        public var status: Int32
        /// Everything the tool wrote to standard output.
        public var standardOutput: Data
        /// Everything the tool wrote to standard error.
        public var standardError: Data

        /// Standard output as text.
        public var outputText: String { String(decoding: standardOutput, as: UTF8.self) }

        /// Standard error as text, trimmed.
        public var errorText: String {
            String(decoding: standardError, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// The tool's path.
    public let executable: URL

    /// A tool at `executable`; running it throws `.toolMissing` when nothing executable is there.
    public init(executable: URL) { self.executable = executable }

    /// The first executable called `name` on `PATH` (or `/usr/bin:/bin` when `PATH` is unset).
    public static func locate(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> URL?
    {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs the tool on a dedicated thread and resumes when it exits. Cancelling the task terminates the tool.
    ///
    /// - Parameters:
    ///   - arguments: the tool's arguments.
    ///   - directory: its working directory; the test process's when `nil`.
    /// - Returns: the exit status and what it printed; a non-zero status is returned, not thrown (see ``check(_:_:)``).
    /// - Throws: `.toolMissing` when the executable is absent, `.toolFailed` when it cannot be started.
    public func run(_ arguments: [String], in directory: URL? = nil) async throws(CarWindowTestingError) -> Output {
        let handle = RunningProcess()
        let result: Result<Output, CarWindowTestingError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let thread = Thread {
                    continuation.resume(
                        returning: Result { () throws(CarWindowTestingError) in
                            try runBlocking(arguments, in: directory, handle: handle)
                        })
                }
                thread.name = "CarWindowTesting \(executable.lastPathComponent)"
                thread.start()
            }
        } onCancel: {
            handle.cancel()
        }
        return try result.get()
    }

    /// Runs the tool on the calling thread until it exits (for this package's own blocking callers, like TestMaterial).
    package func runBlocking(
        _ arguments: [String], in directory: URL? = nil, handle: RunningProcess? = nil
    ) throws(CarWindowTestingError) -> Output {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw CarWindowTestingError(.toolMissing, "\(executable.path) is not installed")
        }
        // The tool writes into files, not pipes. Any other child spawned at the same moment (a second tool, a
        // browser) may inherit a pipe's write end and hold it open for as long as it lives, so reading a pipe to
        // its end could wait minutes; a file is complete once the tool has exited.
        let capture: (output: URL, errors: URL)
        let files: (output: FileHandle, errors: FileHandle)
        do {
            let output = try Self.captureFile()
            capture = (output, try Self.captureFile(removingOnFailure: output))
            files = (try FileHandle(forWritingTo: capture.output), try FileHandle(forWritingTo: capture.errors))
        } catch {
            throw CarWindowTestingError(.fileSystem, "cannot capture the output of \(executable.path): \(error)")
        }
        defer {
            try? files.output.close()
            try? files.errors.close()
            try? FileManager.default.removeItem(at: capture.output)
            try? FileManager.default.removeItem(at: capture.errors)
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = files.output
        process.standardError = files.errors
        do {
            try process.run()
        } catch {
            throw CarWindowTestingError(.toolFailed, "cannot run \(executable.path): \(error)")
        }
        handle?.started(process)
        process.waitUntilExit()
        handle?.finished()
        let outputData = (try? Data(contentsOf: capture.output)) ?? Data()
        let errorData = (try? Data(contentsOf: capture.errors)) ?? Data()
        return Output(status: process.terminationStatus, standardOutput: outputData, standardError: errorData)
    }

    private static func captureFile(removingOnFailure other: URL? = nil) throws(CarWindowTestingError) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("carwindow-tool-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            if let other { try? FileManager.default.removeItem(at: other) }
            throw CarWindowTestingError(.fileSystem, "cannot create \(url.path)")
        }
        return url
    }

    /// Throws `.toolFailed` with the tool's standard error when `output` has a non-zero exit status.
    public func check(_ output: Output, _ arguments: [String]) throws(CarWindowTestingError) {
        guard output.status == 0 else {
            throw CarWindowTestingError(
                .toolFailed,
                "\(executable.lastPathComponent) \(arguments.joined(separator: " ")) exited \(output.status): "
                    + output.errorText)
        }
    }
}

/// The process a run started, so that cancelling the awaiting task can terminate it.
package final class RunningProcess: @unchecked Sendable {
    // Guarded by `lock`; Process itself is not Sendable.
    private let lock = NSLock()
    private var process: Process?
    private var cancelled = false

    func started(_ process: Process) {
        let terminate = lock.withLock {
            self.process = process
            return cancelled
        }
        if terminate { Self.kill(process) }
    }

    func finished() {
        lock.withLock { process = nil }
    }

    func cancel() {
        let running = lock.withLock {
            cancelled = true
            return process
        }
        if let running { Self.kill(running) }
    }

    /// SIGKILL, not `terminate()`'s SIGTERM: a child inherits the signal mask of the thread that spawned it, and
    /// test runners block SIGTERM, so a tool could ignore it for good.
    private static func kill(_ process: Process) {
        Foundation.kill(process.processIdentifier, SIGKILL)
    }
}
