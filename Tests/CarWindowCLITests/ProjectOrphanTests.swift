import CarWindowTesting
import Foundation
import Glibc
import Testing

/// `carwindow project` killed with SIGKILL: it cannot end its children itself, so they must end with it (they run
/// under a parent-death signal) and Xvfb must leave no lock file behind.
@Suite("carwindow project killed with SIGKILL", .serialized, .timeLimit(.minutes(1)))
struct ProjectOrphanTests {
    /// One process as /proc shows it; `started` (clock ticks after boot) tells a reused pid apart.
    struct Entry: Hashable, CustomStringConvertible {
        var pid: Int32
        var parent: Int32
        var name: String
        var started: UInt64
        var zombie: Bool
        var description: String { "\(name) (\(pid))" }
    }

    static func entry(_ pid: Int32) -> Entry? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
        else { return nil }
        // After the command's name: state, ppid, ... starttime is field 22 of the whole line, 20 after the name.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let parent = Int32(fields[1]), let started = UInt64(fields[19]) else { return nil }
        let name = String(stat[stat.index(after: open)..<close])
        return Entry(pid: pid, parent: parent, name: name, started: started, zombie: fields[0] == "Z")
    }

    /// Every live process descending from `root`.
    static func descendants(of root: Int32) -> [Entry] {
        let all = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [])
            .compactMap { Int32($0) }.compactMap(entry)
        var found: [Entry] = []
        var parents: Set<Int32> = [root]
        var grew = true
        while grew {
            let next = all.filter { parents.contains($0.parent) && !found.contains($0) && !$0.zombie }
            grew = !next.isEmpty
            found += next
            parents.formUnion(next.map(\.pid))
        }
        return found
    }

    /// Still running: the same process (not a reused pid) and not a zombie waiting for its new parent to reap it.
    static func alive(_ process: Entry) -> Bool {
        guard let now = entry(process.pid) else { return false }
        return now.started == process.started && !now.zombie
    }

    static func eventually(timeout: Duration, _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return condition()
    }

    @Test(
        "after a SIGKILL of carwindow project, Xvfb, the D-Bus session and the application end, and no X lock is left",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/xcalc"), "xcalc (Debian x11-apps)"))
    func childrenDieWithTheParent() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cw-orphans-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("stdout.txt")
        let errors = directory.appendingPathComponent("stderr.txt")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        FileManager.default.createFile(atPath: errors.path, contents: nil)
        let process = Process()
        process.executableURL = BinaryRunner.productsDirectory.appendingPathComponent("carwindow")
        process.arguments = ["project", "--no-viewer", "--port", "0", "--duration", "50", "--", "/usr/bin/xcalc"]
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let carwindow = process.processIdentifier

        // Streaming: xcalc mapped its window on the private X server and the emulator receives video.
        let streaming = await Self.eventually(timeout: .seconds(30)) {
            ((try? String(contentsOf: output, encoding: .utf8)) ?? "").contains("state: streaming")
        }
        try #require(
            streaming,
            """
            stdout: \((try? String(contentsOf: output, encoding: .utf8)) ?? "")
            stderr: \((try? String(contentsOf: errors, encoding: .utf8)) ?? "")
            """)
        let children = Self.descendants(of: carwindow)
        let names = Set(children.map(\.name))
        #expect(names.isSuperset(of: ["Xvfb", "dbus-daemon", "xcalc"]), "\(children)")
        let xServers = Set(children.filter { $0.name == "Xvfb" }.map(\.pid))

        kill(carwindow, SIGKILL)
        let gone = await Self.eventually(timeout: .seconds(10)) { !children.contains(where: Self.alive) }
        #expect(gone, "still running: \(children.filter(Self.alive))")
        // Xvfb's lock holds its pid: none of ours may be left (another engineer's server may hold its own).
        let locks = ((try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? [])
            .filter { $0.hasPrefix(".X") && $0.hasSuffix("-lock") }
        let stale = locks.filter { lock in
            let owner = (try? String(contentsOfFile: "/tmp/\(lock)", encoding: .utf8)) ?? ""
            return Int32(owner.trimmingCharacters(in: .whitespacesAndNewlines)).map(xServers.contains) ?? false
        }
        #expect(stale.isEmpty, "lock files left: \(stale)")
    }
}
