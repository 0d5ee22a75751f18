import Foundation
package import Glibc

/// The private directories a projection's helpers live in under the system's temporary directory (the
/// accessibility bus's runtime directory, xsettingsd's configuration, the Wayland compositor's runtime directories),
/// named `carwindow-KIND-PID-RANDOM` after the process that made them.
///
/// A projection removes its directories when it stops. A SIGKILLed `carwindow` cannot, and the kernel ends its
/// helpers (their parent-death signal) but not their directories; so every projection first sweeps the directories
/// whose process no longer exists. A directory of a process that still runs (another `carwindow`) is never touched.
///
/// ```swift
/// RuntimeDirectory.sweepStale()                      // what SIGKILLed runs left
/// let path = try RuntimeDirectory.make("xsettings")  // /tmp/carwindow-xsettings-4242-Ab12Cd, mode 0700
/// RuntimeDirectory.remove(path)
/// ```
package enum RuntimeDirectory {
    /// The kinds a sweep looks at: only directories this type names are ever removed.
    package static let kinds = ["x11-bus", "wayland-bus", "xsettings", "wayland"]

    /// Makes a new directory `carwindow-KIND-PID-RANDOM` (mode 0700) under the temporary directory.
    ///
    /// - Throws: ``ProgramProjectionError/Kind/display`` when it cannot be made.
    package static func make(_ kind: String, in parent: String = temporaryDirectory)
        throws(ProgramProjectionError) -> String
    {
        var template = Array("\(parent)/carwindow-\(kind)-\(getpid())-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw ProgramProjectionError(
                .display, "cannot make a directory in \(parent): \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }

    /// Removes a directory and what is in it; nothing happens when it is gone already.
    package static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Removes the directories of ``kinds`` whose process has ended; returns their paths.
    @discardableResult
    package static func sweepStale(in parent: String = temporaryDirectory) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return [] }
        var removed: [String] = []
        for name in names {
            guard let pid = owningProcess(of: name), !isRunning(pid) else { continue }
            let path = "\(parent)/\(name)"
            if (try? FileManager.default.removeItem(atPath: path)) != nil { removed.append(path) }
        }
        return removed
    }

    /// The process named in `carwindow-KIND-PID-RANDOM`, for a kind of ``kinds``; `nil` for any other name.
    package static func owningProcess(of name: String) -> pid_t? {
        for kind in kinds {
            let prefix = "carwindow-\(kind)-"
            guard name.hasPrefix(prefix) else { continue }
            let rest = name.dropFirst(prefix.count).split(separator: "-", maxSplits: 1)
            // "wayland" is also the start of "wayland-bus": the pid must be all digits.
            guard rest.count == 2, let pid = pid_t(rest[0]), pid > 0, rest[1].count == 6 else { continue }
            return pid
        }
        return nil
    }

    /// Whether a process with this id exists (one of another user counts: it is not ours to clean after).
    private static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    package static var temporaryDirectory: String {
        var path = NSTemporaryDirectory()
        if path.hasSuffix("/"), path.count > 1 { path.removeLast() }
        return path
    }
}
