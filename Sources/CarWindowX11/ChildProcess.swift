import Foundation
import Glibc
import Logging
import NIOConcurrencyHelpers

/// A child process in its own session and process group, so that ending it ends everything it started (Chromium's
/// helpers, the D-Bus services it activated): the whole group gets SIGTERM, then SIGKILL after a grace period.
///
/// It is reaped by a dedicated thread blocked in `waitpid`, never by the cooperative pool; ``exitStatus()`` waits for
/// that without blocking.
///
/// It dies with this process: it is started through util-linux's `setpriv --pdeathsig TERM` (from the one
/// ``SpawnThread``), so a `carwindow` killed with SIGKILL leaves no X server, bus or application behind. SIGTERM
/// rather than SIGKILL, so that Xvfb removes its lock file and socket on the way out. Without `setpriv` children
/// are started directly and the log says once that they would outlive a SIGKILL.
///
/// ```swift
/// let child = try ChildProcess(executable: "/usr/bin/xcalc", arguments: [], environment: env)
/// let status = await child.exitStatus()   // or: await child.terminate(grace: .seconds(2))
/// ```
public final class ChildProcess: Sendable {
    /// How a child ended.
    public enum Termination: Hashable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        /// The shell's convention: the exit code, or 128 + the signal.
        public var shellStatus: Int32 {
            switch self {
            case .exited(let code): code
            case .signalled(let signal): 128 + signal
            }
        }

        public var description: String {
            switch self {
            case .exited(let code): "exited with status \(code)"
            case .signalled(let signal): "killed by signal \(signal) (\(String(cString: strsignal(signal))))"
            }
        }
    }

    /// The child's process id, also its process group id.
    public let pid: Int32
    /// What was run, for messages.
    public let name: String
    private let state = NIOLockedValueBox(State())

    private struct State {
        var termination: Termination?
        var waiters: [CheckedContinuation<Termination, Never>] = []
        /// Streams of ``ended()`` still waiting, by id so a cancelled one can leave.
        var endWatchers: [Int: AsyncStream<Termination>.Continuation] = [:]
        var nextEndWatcher = 0
    }

    /// Starts `executable` (a path, or a name looked up in `PATH`) with `arguments` and exactly `environment`.
    ///
    /// - Parameters:
    ///   - fileDescriptors: extra descriptors for the child, `child fd -> our fd` (Xvfb's `-displayfd`).
    ///   - quiet: send the child's stdout and stderr to `/dev/null` (helpers such as Xvfb and dbus-daemon).
    ///   - inheritsStandardInput: false gives the child `/dev/null` as stdin, for when this process reads its own
    ///     (a console): two readers of one terminal or pipe would each get some of the lines.
    ///   - user: run the child as this user and group (through `setpriv`), for helpers that refuse to run as root
    ///     (wlroots compositors).
    /// - Throws: ``ProgramProjectionError/Kind/badCommand`` when it cannot be started;
    ///   ``ProgramProjectionError/Kind/missingTool`` when `user` is given and `setpriv` is missing.
    public init(
        executable: String, arguments: [String], environment: [String: String],
        fileDescriptors: [Int32: Int32] = [:], quiet: Bool = false, inheritsStandardInput: Bool = true,
        user: (uid: UInt32, gid: UInt32)? = nil
    ) throws(ProgramProjectionError) {
        guard let path = Self.resolve(executable, path: environment["PATH"]) else {
            throw ProgramProjectionError(.badCommand, "\(executable): command not found")
        }
        if user != nil, Self.deathSignalWrapper == nil {
            throw ProgramProjectionError(
                .missingTool, "setpriv (util-linux) not found: cannot run \(executable) as another user")
        }
        name = executable
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        // A new session: the child and its descendants form one process group we can signal as a whole, and a
        // Ctrl-C in our terminal reaches us, not them, so we end them in order.
        posix_spawnattr_setflags(&attributes, Int16(Self.spawnSetSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGPIPE, SIGCHLD, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        if quiet {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        if !inheritsStandardInput { posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0) }
        for (target, source) in fileDescriptors { posix_spawn_file_actions_adddup2(&actions, source, target) }
        let wrapper = Self.deathSignalWrapper
        let program = wrapper ?? path
        // One setpriv both changes the user and sets the death signal, after the change (a change of user clears it).
        let identity = user.map { ["--reuid", "\($0.uid)", "--regid", "\($0.gid)", "--clear-groups"] } ?? []
        let argv =
            ((wrapper.map { [$0] + identity + ["--pdeathsig", "TERM", "--", path] } ?? [path]) + arguments)
            .map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var child: pid_t = 0
        var result: Int32 = 0
        SpawnThread.shared.run { result = posix_spawn(&child, program, &actions, &attributes, argv, envp) }
        guard result == 0 else {
            throw ProgramProjectionError(
                .badCommand, "\(executable): cannot start: \(String(cString: strerror(result)))")
        }
        pid = child
        let thread = Thread { [state, child] in
            var status: Int32 = 0
            var answer: pid_t
            repeat { answer = waitpid(child, &status, 0) } while answer == -1 && errno == EINTR
            let termination: Termination =
                answer == -1
                ? .exited(-1)
                : (status & 0x7f) == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
            let (waiters, endWatchers) = state.withLockedValue { state in
                state.termination = termination
                defer { (state.waiters, state.endWatchers) = ([], [:]) }
                return (state.waiters, Array(state.endWatchers.values))
            }
            for waiter in waiters { waiter.resume(returning: termination) }
            for watcher in endWatchers {
                watcher.yield(termination)
                watcher.finish()
            }
        }
        thread.name = "carwindow-x11-reap-\(child)"
        thread.start()
    }

    /// How the child ended, or `nil` while it runs.
    public var termination: Termination? { state.withLockedValue { $0.termination } }

    /// Waits until the child ends.
    public func exitStatus() async -> Termination {
        await withCheckedContinuation { continuation in
            let done = state.withLockedValue { state -> Termination? in
                if let termination = state.termination { return termination }
                state.waiters.append(continuation)
                return nil
            }
            if let done { continuation.resume(returning: done) }
        }
    }

    /// How the child ended, as a stream: one element when it ends (at once if it has), then the end. Unlike
    /// ``exitStatus()`` a wait on it ends when the waiting task is cancelled.
    ///
    /// ```swift
    /// for await termination in child.ended() { print("\(child.name) \(termination)") }
    /// ```
    public func ended() -> AsyncStream<Termination> {
        let (stream, continuation) = AsyncStream.makeStream(of: Termination.self)
        enum Registration {
            case waiting(id: Int)
            case ended(Termination)
        }
        let registration = state.withLockedValue { state -> Registration in
            if let termination = state.termination { return .ended(termination) }
            let id = state.nextEndWatcher
            state.nextEndWatcher += 1
            state.endWatchers[id] = continuation
            return .waiting(id: id)
        }
        switch registration {
        case .waiting(let id):
            continuation.onTermination = { [state] _ in
                state.withLockedValue { _ = $0.endWatchers.removeValue(forKey: id) }
            }
        case .ended(let termination):
            continuation.yield(termination)
            continuation.finish()
        }
        return stream
    }

    /// Sends `signal` to the child's whole process group (no-op once it has been reaped, so a reused pid is
    /// never hit).
    public func signalGroup(_ signal: Int32) {
        state.withLockedValue { state in
            guard state.termination == nil else { return }
            kill(-pid, signal)
        }
    }

    /// SIGTERM to the group, then SIGKILL if the child is still there after `grace`; returns how it ended.
    @discardableResult
    public func terminate(grace: Duration = .seconds(2)) async -> Termination {
        if let termination { return termination }
        signalGroup(SIGTERM)
        // Polled rather than raced against exitStatus(): a waiter on exitStatus() cannot be cancelled.
        let deadline = ContinuousClock.now.advanced(by: grace)
        while ContinuousClock.now < deadline {
            if let ended = termination {
                // The leader is gone; anything it left in its group goes too.
                kill(-pid, SIGKILL)
                return ended
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        signalGroup(SIGKILL)
        return await exitStatus()
    }

    /// `setpriv`, which sets the parent-death signal and then runs the command; `nil` when util-linux lacks it.
    static let deathSignalWrapper: String? = {
        let candidates: [String] = ["/usr/bin/setpriv", "/bin/setpriv"]
        let found = candidates.first { access($0, X_OK) == 0 }
        if found == nil {
            Logger(label: "carwindow.x11").warning(
                "setpriv (util-linux) not found: children of a carwindow killed with SIGKILL outlive it")
        }
        return found
    }()

    /// glibc's POSIX_SPAWN_SETSID (2.26+), hidden from Swift behind _GNU_SOURCE.
    static let spawnSetSID: Int32 = 0x80

    /// The full path of `executable`: as given when it has a slash, else the first executable match in `path`.
    package static func resolve(_ executable: String, path: String?) -> String? {
        if executable.contains("/") { return access(executable, X_OK) == 0 ? executable : nil }
        for directory in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/\(executable)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
