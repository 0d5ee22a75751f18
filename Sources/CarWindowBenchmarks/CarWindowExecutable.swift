import Foundation

/// The `carwindow` executable that `bench glass` (its demo) and `bench load` (its streams) run as child processes:
/// the one beside this `carwindow-bench`, where `swift build` puts both.
///
/// ```swift
/// let carwindow = try CarWindowExecutable.beside()
/// ```
enum CarWindowExecutable {
    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String {
            "no carwindow executable at \(path): build it beside carwindow-bench (swift build -c release)"
        }
    }

    /// `carwindow` in this executable's directory.
    static func beside() throws -> URL {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("carwindow")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw Missing(path: executable.path)
        }
        return executable
    }
}
