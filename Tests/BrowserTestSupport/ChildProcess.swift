public import Foundation
import NIOConcurrencyHelpers

/// A child process for a test (the `carwindow` binary, Chromium) whose output is read line by line as it comes,
/// so a test can wait for a line, and whose end is always in the test's hands: a signal with a bounded grace, then
/// SIGKILL.
///
/// Output is read on two plain threads, never on the Swift concurrency pool: a blocking read there would hold one of
/// the pool's few threads (two on a 2-core CI machine) for as long as the child runs. Both pipes are drained all the
/// time, so a chatty child never blocks on a full pipe.
///
/// ```swift
/// let demo = try ChildProcess.launch(executable: carwindow, arguments: ["demo", "--viewer-port", "0"])
/// defer { demo.kill() }
/// let line = try await demo.waitForLine("the viewer's URL", timeout: .seconds(60)) { $0.hasPrefix("viewer: ") }
/// let status = try await demo.stop(signal: SIGINT, grace: .seconds(30))
/// ```
public final class ChildProcess: Sendable {
    /// Which of the child's outputs a line came from.
    public enum Stream: String, Sendable {
        case stdout, stderr
    }

    /// One line of output, numbered in arrival order over both streams.
    public struct Line: Sendable, CustomStringConvertible {
        public var number: Int
        public var stream: Stream
        public var text: String
        /// When the reader thread read the line: what a benchmark times the child's reports by.
        public var time: Date
        public var description: String { "\(stream): \(text)" }
    }

    private struct State {
        var lines: [Line] = []
        var openStreams = 2
        var exitStatus: Int32?
        /// Waiters of ``waitUntil(timeout:_:)``, told of every change above.
        var watchers: [Int: AsyncStream<Void>.Continuation] = [:]
        var nextWatcher = 0

        mutating func changed() {
            for watcher in watchers.values { watcher.yield() }
        }
    }

    /// The executable's file name, for messages.
    public let name: String
    private let process: Process
    private let state: NIOLockedValueBox<State>
    private let input: FileHandle?
    /// Entered before the child starts and left by its termination handler: what ``waitForExitBlocking(timeout:)``
    /// waits on, where an `await` is not possible.
    private let exited: DispatchGroup

    private init(
        name: String, process: Process, state: NIOLockedValueBox<State>, input: FileHandle?, exited: DispatchGroup
    ) {
        self.name = name
        self.process = process
        self.state = state
        self.input = input
        self.exited = exited
    }

    /// Starts `executable` with `arguments`, reading its stdout and stderr from now on.
    ///
    /// - Parameter withInput: give the child a pipe on stdin for ``send(_:)`` (a console it reads); otherwise its
    ///   stdin is `/dev/null`.
    /// - Throws: what `Process.run()` throws when the executable cannot be started.
    public static func launch(executable: URL, arguments: [String], withInput: Bool = false) throws -> ChildProcess {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        let stdin = withInput ? Pipe() : nil
        process.standardInput = stdin ?? FileHandle.nullDevice
        let state = NIOLockedValueBox(State())
        let exited = DispatchGroup()
        exited.enter()
        process.terminationHandler = { process in
            let status = process.terminationStatus
            state.withLockedValue {
                $0.exitStatus = status
                $0.changed()
            }
            exited.leave()
        }
        do {
            try process.run()
        } catch {
            exited.leave()
            throw error
        }
        for (pipe, stream) in [(stdout, Stream.stdout), (stderr, Stream.stderr)] {
            let handle = pipe.fileHandleForReading
            // The thread ends at EOF: when the child and everything it started have closed the pipe.
            Thread {
                var pending = Data()
                func append(_ data: Data) {
                    let text = String(decoding: data, as: UTF8.self)
                    state.withLockedValue {
                        $0.lines.append(Line(number: $0.lines.count, stream: stream, text: text, time: Date()))
                        $0.changed()
                    }
                }
                while true {
                    let data = handle.availableData
                    if data.isEmpty { break }
                    pending.append(data)
                    while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                        append(pending[pending.startIndex..<newline])
                        pending = Data(pending[pending.index(after: newline)...])
                    }
                }
                if !pending.isEmpty { append(pending) }
                state.withLockedValue {
                    $0.openStreams -= 1
                    $0.changed()
                }
            }.start()
        }
        return ChildProcess(
            name: executable.lastPathComponent, process: process, state: state, input: stdin?.fileHandleForWriting,
            exited: exited)
    }

    /// Writes `line` and a newline to the child's stdin (launched `withInput`): a command typed at its prompt.
    ///
    /// - Throws: `HarnessError` when the child has no stdin pipe or has closed it.
    public func send(_ line: String) throws {
        guard let input else { throw HarnessError("\(name) was launched without a stdin pipe") }
        do {
            try input.write(contentsOf: Data((line + "\n").utf8))
        } catch {
            throw HarnessError("cannot write '\(line)' to \(name): \(error)")
        }
    }

    /// Waits up to `timeout` for the child to exit on its own and returns its status.
    ///
    /// - Throws: `HarnessError` when it is still running then; it quotes the last lines read.
    @discardableResult
    public func waitForExit(timeout: Duration) async throws -> Int32 {
        // Both the status and the end of output: the last lines are read before the caller looks at them.
        let status = await waitUntil(timeout: timeout) { state in
            state.openStreams == 0 ? state.exitStatus : nil
        }
        guard let status else {
            try Task.checkCancellation()
            throw HarnessError("\(name) did not exit within \(timeout); its last lines:\n\(tail())")
        }
        return status
    }

    /// Blocks the calling thread until the child exits, at most `timeout`, and returns its status; `nil` when it is
    /// still running then. For `defer` blocks, which cannot `await`: the wait wakes on the child's exit (its
    /// termination handler), it does not poll. Prefer ``waitForExit(timeout:)`` wherever an `await` is possible.
    ///
    /// ```swift
    /// defer {
    ///     kill(child.pid, SIGTERM)
    ///     if child.waitForExitBlocking(timeout: .seconds(10)) == nil { child.kill() }
    /// }
    /// ```
    @discardableResult
    public func waitForExitBlocking(timeout: Duration) -> Int32? {
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = max(0, seconds) * 1_000_000_000 + max(0, attoseconds) / 1_000_000_000
        _ = exited.wait(timeout: .now() + .nanoseconds(Int(clamping: nanoseconds)))
        return exitStatus
    }

    /// The process id.
    public var pid: Int32 { process.processIdentifier }

    /// The exit status (or the signal that ended it), once it has ended.
    public var exitStatus: Int32? { state.withLockedValue { $0.exitStatus } }

    /// Every line read so far.
    public var lines: [Line] { state.withLockedValue { $0.lines } }

    /// The last `count` lines, one per row, for failure messages.
    public func tail(_ count: Int = 30) -> String {
        let lines = self.lines
        return lines.suffix(count).map(\.description).joined(separator: "\n")
    }

    /// Waits for the first line numbered `after` or later that matches `predicate`, in `stream` (either by default).
    ///
    /// - Parameters:
    ///   - what: what the line means, for the failure message.
    ///   - after: the first line number to look at; pass one past a line already seen to wait for a newer one.
    ///   - timeout: how long to wait; generous, this bounds a failure, not the usual case.
    /// - Throws: `HarnessError` when the child ends or the time runs out first; it quotes the last lines read.
    @discardableResult
    public func waitForLine(
        _ what: String, in stream: Stream? = nil, after: Int = 0, timeout: Duration,
        where predicate: (String) -> Bool
    ) async throws -> Line {
        enum Outcome {
            case found(Line)
            case ended
        }
        // Lines already checked are not checked again on the next change.
        var checked = after
        let outcome = await waitUntil(timeout: timeout) { state -> Outcome? in
            let candidates = state.lines.dropFirst(checked).filter { stream == nil || $0.stream == stream }
            if let line = candidates.first(where: { predicate($0.text) }) { return .found(line) }
            checked = max(checked, state.lines.count)
            return state.openStreams == 0 && state.exitStatus != nil ? .ended : nil
        }
        switch outcome {
        case .found(let line):
            return line
        case .ended:
            throw HarnessError(
                "\(name) exited with status \(exitStatus ?? -1) before \(what); its last lines:\n\(tail())")
        case nil:
            try Task.checkCancellation()
            throw HarnessError("no \(what) from \(name) within \(timeout); its last lines:\n\(tail())")
        }
    }

    /// Returns the first non-`nil` result of `check` on the state, evaluated now and after each new line, closed
    /// stream and exit; `nil` when `timeout` passes or the task is cancelled first. The reader threads and the
    /// termination handler signal every change, so nothing here polls: the sleep below is only the deadline.
    private func waitUntil<Result>(timeout: Duration, _ check: (State) -> Result?) async -> Result? {
        let (changes, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        // Registered before the first check, so a change between the check and the wait is not missed.
        let (id, now) = state.withLockedValue { state in
            let id = state.nextWatcher
            state.nextWatcher += 1
            state.watchers[id] = continuation
            return (id, check(state))
        }
        // The deadline ends the stream of changes, which ends the wait below.
        let deadline = Task {
            try? await Task.sleep(for: timeout)
            continuation.finish()
        }
        defer {
            deadline.cancel()
            state.withLockedValue { _ = $0.watchers.removeValue(forKey: id) }
            continuation.finish()
        }
        if let now { return now }
        // Ends early, too, when the caller's task is cancelled.
        for await _ in changes {
            if let result = state.withLockedValue({ check($0) }) { return result }
        }
        return nil
    }

    /// Sends `signal` and waits up to `grace` for the child to exit; if it does not, kills it with SIGKILL.
    ///
    /// - Returns: the exit status if it exited within `grace` on its own, `nil` if it had to be killed.
    @discardableResult
    public func stop(signal: Int32, grace: Duration) async -> Int32? {
        if exitStatus == nil { Foundation.kill(pid, signal) }
        // A cancelled test does not wait out the grace: the wait ends at once and the child is killed below.
        if let status = await waitUntil(timeout: grace, { $0.exitStatus }) { return status }
        kill()
        return nil
    }

    /// Kills the child with SIGKILL if it is still running, without waiting: the safety net for `defer`.
    public func kill() {
        if process.isRunning { Foundation.kill(pid, SIGKILL) }
    }
}
