public import CarWindow
import Foundation
import Glibc
public import Logging

/// A private X server (Xvfb) on a free display number, with one screen of the viewport's size.
///
/// Xvfb picks the display number itself (`-displayfd`), so two projections never race for one. ``stop()`` ends it
/// (SIGTERM, then SIGKILL) and removes the lock file and socket it could not remove itself after a SIGKILL.
///
/// ```swift
/// let display = try await VirtualDisplay.start(size: Size(width: 800, height: 480))
/// print(display.name)        // ":7"
/// await display.stop()
/// ```
public final class VirtualDisplay: Sendable {
    /// The display name for `DISPLAY`, `:N`.
    public let name: String
    /// The display number.
    public let number: Int
    /// The screen size in pixels.
    public let size: Size
    let process: ChildProcess

    private init(number: Int, size: Size, process: ChildProcess) {
        self.number = number
        self.name = ":\(number)"
        self.size = size
        self.process = process
    }

    /// Starts Xvfb with a 24-bit screen of `size` (rounded to whole pixels).
    ///
    /// - Throws: ``ProgramProjectionError/Kind/missingTool`` when Xvfb is not installed;
    ///   ``ProgramProjectionError/Kind/display`` when it does not report a display within `timeout`.
    public static func start(
        size: Size, timeout: Duration = .seconds(15), logger: Logger = Logger(label: "carwindow.x11")
    ) async throws(ProgramProjectionError) -> VirtualDisplay {
        let width = Int(size.width.rounded())
        let height = Int(size.height.rounded())
        guard (16...8192).contains(width), (16...8192).contains(height) else {
            throw ProgramProjectionError(.invalidArgument, "screen \(width)x\(height) is outside 16...8192")
        }
        let environment = ProcessInfo.processInfo.environment
        guard ChildProcess.resolve("Xvfb", path: environment["PATH"]) != nil else {
            throw ProgramProjectionError(.missingTool, "Xvfb not found: install the Debian package xvfb")
        }
        let pipe = try DescriptorReader.makePipe()
        let process: ChildProcess
        do {
            process = try ChildProcess(
                executable: "Xvfb",
                arguments: [
                    "-displayfd", "3", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset",
                    "+extension", "DAMAGE", "+extension", "MIT-SHM", "+extension", "XTEST",
                ],
                environment: environment, fileDescriptors: [3: pipe.write], quiet: true)
        } catch {
            close(pipe.read)
            close(pipe.write)
            throw error
        }
        close(pipe.write)
        guard let line = await DescriptorReader.firstLine(from: pipe.read, timeout: timeout),
            let number = Int(line.trimmingCharacters(in: .whitespaces))
        else {
            let ended = await process.terminate(grace: .milliseconds(500))
            throw ProgramProjectionError(.display, "Xvfb did not start a display (it \(ended))")
        }
        logger.debug("Xvfb on :\(number), \(width)x\(height), pid \(process.pid)")
        return VirtualDisplay(
            number: number, size: Size(width: Double(width), height: Double(height)), process: process)
    }

    /// Whether the X server is still running.
    public var isRunning: Bool { process.termination == nil }

    /// Ends the X server and removes what it leaves behind in /tmp.
    public func stop(grace: Duration = .seconds(2)) async {
        let ending = await process.terminate(grace: grace)
        // After a SIGKILL, Xvfb leaves its lock file and socket; remove them only if the lock is still its own.
        let lock = "/tmp/.X\(number)-lock"
        if case .signalled(SIGKILL) = ending,
            let owner = try? String(contentsOfFile: lock, encoding: .utf8),
            Int32(owner.trimmingCharacters(in: .whitespacesAndNewlines)) == process.pid
        {
            unlink(lock)
            unlink("/tmp/.X11-unix/X\(number)")
        }
    }
}
