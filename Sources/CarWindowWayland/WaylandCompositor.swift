public import CarWindow
public import CarWindowX11
import Foundation
import Glibc
public import Logging

/// A private headless compositor (sway on wlroots' headless backend, pixman rendering: no GPU, no seat, no X) with
/// one output of the viewport's size, for one projection.
///
/// sway rather than cage or weston: cage 0.1.4 has no way to set its output's size, and weston 10 lacks the
/// screencopy and virtual-input protocols; sway has all of them and sets its output's size over its IPC.
/// docs/project-any-app.md ("Wayland") has the comparison.
///
/// wlroots refuses to run as root; as root the compositor runs as `nobody` (through `setpriv`, which also gives it
/// the parent-death signal), in a runtime directory that user owns. It tells its socket through a pipe (a line
/// `WAYLAND_DISPLAY SWAYSOCK` from its config's `exec`), so nothing polls for the socket file.
///
/// ```swift
/// let compositor = try await WaylandCompositor.start(size: Size(width: 800, height: 480))
/// print(compositor.socketPath)   // "/tmp/carwindow-wayland-4242-Ab12Cd/wayland-1": WAYLAND_DISPLAY for a program
/// await compositor.stop()
/// ```
public final class WaylandCompositor: Sendable {
    /// The compositor's socket, an absolute path (`WAYLAND_DISPLAY` accepts one).
    public let socketPath: String
    /// The output's size when started.
    public let size: Size
    /// The directory for the program's `XDG_RUNTIME_DIR` (owned by this process's user, unlike the compositor's).
    public let programRuntimeDirectory: String
    let ipc: SwayIPC
    let runtimeDirectory: String
    let process: ChildProcess

    private init(
        socketPath: String, size: Size, programRuntimeDirectory: String, ipc: SwayIPC, runtimeDirectory: String,
        process: ChildProcess
    ) {
        self.socketPath = socketPath
        self.size = size
        self.programRuntimeDirectory = programRuntimeDirectory
        self.ipc = ipc
        self.runtimeDirectory = runtimeDirectory
        self.process = process
    }

    /// The user a compositor started by root runs as (`nobody`).
    static let unprivileged: (uid: UInt32, gid: UInt32) = (65534, 65534)

    /// Starts sway headless with one output of `size`.
    ///
    /// - Throws: ``ProgramProjectionError/Kind/missingTool`` without sway;
    ///   ``ProgramProjectionError/Kind/invalidArgument`` for a size outside 16...8192;
    ///   ``ProgramProjectionError/Kind/wayland`` when it does not come up in `timeout`.
    public static func start(
        size: Size, timeout: Duration = .seconds(15), logger: Logger = Logger(label: "carwindow.wayland")
    ) async throws(ProgramProjectionError) -> WaylandCompositor {
        let width = Int(size.width.rounded())
        let height = Int(size.height.rounded())
        guard (16...8192).contains(width), (16...8192).contains(height) else {
            throw ProgramProjectionError(.invalidArgument, "output \(width)x\(height) is outside 16...8192")
        }
        let inherited = ProcessInfo.processInfo.environment
        guard ChildProcess.resolve("sway", path: inherited["PATH"]) != nil else {
            throw ProgramProjectionError(.missingTool, "sway not found: install the Debian package sway")
        }
        let user = geteuid() == 0 ? unprivileged : nil
        let runtime = try makeDirectory(owner: user)
        let programRuntime: String
        do throws(ProgramProjectionError) {
            programRuntime = try makeDirectory(owner: nil)
        } catch {
            RuntimeDirectory.remove(runtime)
            throw error
        }
        let config = """
            xwayland disable
            default_border none
            default_floating_border none
            focus_follows_mouse no
            seat * hide_cursor 100
            output * mode \(width)x\(height)
            exec echo "$WAYLAND_DISPLAY $SWAYSOCK" >&3

            """
        let configPath = "\(runtime)/sway.conf"
        var environment: [String: String] = [
            "PATH": inherited["PATH"] ?? "/usr/bin:/bin", "HOME": runtime, "XDG_RUNTIME_DIR": runtime,
            "WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman",
        ]
        if let language = inherited["LANG"] { environment["LANG"] = language }
        let process: ChildProcess
        let pipe: (read: Int32, write: Int32)
        do throws(ProgramProjectionError) {
            guard FileManager.default.createFile(atPath: configPath, contents: Data(config.utf8)) else {
                throw ProgramProjectionError(.wayland, "cannot write \(configPath)")
            }
            if let user { chown(configPath, user.uid, user.gid) }
            pipe = try DescriptorReader.makePipe()
            do throws(ProgramProjectionError) {
                process = try ChildProcess(
                    executable: "sway", arguments: ["-c", configPath], environment: environment,
                    fileDescriptors: [3: pipe.write], quiet: true, inheritsStandardInput: false, user: user)
            } catch {
                close(pipe.read)
                close(pipe.write)
                throw error
            }
        } catch {
            RuntimeDirectory.remove(runtime)
            RuntimeDirectory.remove(programRuntime)
            throw error
        }
        close(pipe.write)
        let line = await DescriptorReader.firstLine(from: pipe.read, timeout: timeout)
        let words = line?.split(separator: " ").map(String.init) ?? []
        guard words.count == 2, !words[0].isEmpty else {
            let ended = await process.terminate(grace: .milliseconds(500))
            RuntimeDirectory.remove(runtime)
            RuntimeDirectory.remove(programRuntime)
            throw ProgramProjectionError(.wayland, "sway did not start a headless output (it \(ended))")
        }
        let socket = words[0].hasPrefix("/") ? words[0] : "\(runtime)/\(words[0])"
        logger.debug("sway on \(socket), \(width)x\(height), pid \(process.pid)")
        return WaylandCompositor(
            socketPath: socket, size: Size(width: Double(width), height: Double(height)),
            programRuntimeDirectory: programRuntime, ipc: SwayIPC(path: words[1]), runtimeDirectory: runtime,
            process: process)
    }

    /// Whether the compositor is still running.
    public var isRunning: Bool { process.termination == nil }

    /// The compositor's process id.
    public var pid: Int32 { process.pid }

    /// Sets the output's size (blocking: an IPC round trip). False when the compositor refused or did not answer.
    func setOutputSize(width: Int, height: Int) -> Bool {
        ipc.run("output * mode \(width)x\(height)")
    }

    /// Ends the compositor (SIGTERM, then SIGKILL after `grace`) and removes both runtime directories.
    public func stop(grace: Duration = .seconds(2)) async {
        await process.terminate(grace: grace)
        RuntimeDirectory.remove(runtimeDirectory)
        RuntimeDirectory.remove(programRuntimeDirectory)
    }

    private static func makeDirectory(owner: (uid: UInt32, gid: UInt32)?) throws(ProgramProjectionError) -> String {
        let path: String
        do {
            path = try RuntimeDirectory.make("wayland")
        } catch {
            throw ProgramProjectionError(.wayland, "cannot make a runtime directory: \(error.context)")
        }
        if let owner, chown(path, owner.uid, owner.gid) != 0 {
            RuntimeDirectory.remove(path)
            throw ProgramProjectionError(.wayland, "cannot give \(path) to uid \(owner.uid)")
        }
        return path
    }
}
