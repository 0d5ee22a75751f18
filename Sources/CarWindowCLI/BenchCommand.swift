import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `carwindow bench ARGS`: runs `carwindow-bench ARGS` in this process's place, so the benchmarks keep their
/// commands, options and output while `carwindow` links none of what only they need (the C reference encoder, the
/// ffprobe and ffmpeg checks, the DevTools client).
///
/// ```
/// carwindow bench media --sizes 800x480     # the same as: carwindow-bench media --sizes 800x480
/// ```
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure CarWindow's hot paths and print the figures.",
        discussion: """
            Runs the carwindow-bench executable beside carwindow with the same arguments: \
            `carwindow bench --help` lists the benchmarks. Set CARWINDOW_BENCH to run another build's.
            """
    )

    @Argument(
        parsing: .captureForPassthrough,
        help: ArgumentHelp("The benchmark and its options, as carwindow-bench takes them.", valueName: "arguments"))
    var arguments: [String] = []

    func run() throws {
        let executable = Self.benchExecutable()
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            FileHandle.standardError.write(
                Data(
                    ("error: carwindow bench needs the carwindow-bench executable, not found at \(executable): "
                        + "build it beside carwindow (swift build -c release)\n").utf8))
            throw ExitCode.failure
        }
        fflush(nil)  // every C stream: nothing printed so far may be lost to the exec
        let argv = ["carwindow-bench"] + arguments
        var cArguments = argv.map { strdup($0) }
        cArguments.append(nil)
        execv(executable, &cArguments)
        let reason = String(cString: strerror(errno))
        FileHandle.standardError.write(Data("error: cannot run \(executable): \(reason)\n".utf8))
        throw ExitCode.failure
    }

    /// `CARWINDOW_BENCH`, or `carwindow-bench` in this executable's directory.
    static func benchExecutable() -> String {
        if let path = ProcessInfo.processInfo.environment["CARWINDOW_BENCH"], !path.isEmpty { return path }
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("carwindow-bench").path
    }
}
