import BrowserTestSupport
import CarWindowTesting
import Foundation
import Glibc
import Testing

/// `carwindow project` killed with SIGKILL: it cannot end its children itself, so they must end with it (they run
/// under a parent-death signal), and Xvfb, ended by SIGTERM, must leave no socket or lock file behind.
@Suite("carwindow project killed with SIGKILL", .serialized, .timeLimit(.minutes(3)))
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

    /// Whether an X server answers on display `number`'s socket. A socket file nobody listens on is what a killed X
    /// server leaves behind; one that answers belongs to a live server (perhaps another one that took the number).
    static func serverAnswers(display number: Int) -> Bool {
        let path = "/tmp/.X11-unix/X\(number)"
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in path.utf8.prefix(bytes.count - 1).enumerated() { bytes[index] = byte }
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return result == 0
    }

    @Test(
        "after a SIGKILL of carwindow project, Xvfb, the D-Bus session and the app end; no X socket or lock is left",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/xcalc"), "xcalc (Debian x11-apps)"))
    func childrenDieWithTheParent() async throws {
        let child = try ChildProcess.launch(
            executable: BinaryRunner.productsDirectory.appendingPathComponent("carwindow"),
            arguments: ["project", "--no-viewer", "--port", "0", "--duration", "50", "--", "/usr/bin/xcalc"])
        defer { child.kill() }
        let carwindow = child.pid

        // Streaming: xcalc mapped its window on the private X server and the emulator receives video. The line is
        // awaited as it is read from the pipe; a timeout quotes the last lines of both outputs.
        try await child.waitForLine("state: streaming", in: .stdout, timeout: .seconds(30)) {
            $0.contains("state: streaming")
        }
        let stdout = child.lines.filter { $0.stream == .stdout }.map(\.text).joined(separator: "\n")
        let display = try #require(
            stdout.split(separator: "\n").lazy.compactMap { $0.split(separator: "on X display :").last }
                .compactMap { Int($0) }.first, "\(stdout)")
        let children = Self.descendants(of: carwindow)
        let names = Set(children.map(\.name))
        // The display's XSETTINGS manager (night mode) is one of them where it is installed.
        var expected: Set<String> = ["Xvfb", "dbus-daemon", "xcalc"]
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/xsettingsd") { expected.insert("xsettingsd") }
        #expect(names.isSuperset(of: expected), "\(children)")
        let xServers = Set(children.filter { $0.name == "Xvfb" }.map(\.pid))

        kill(carwindow, SIGKILL)
        let gone = await pollOutsideTheProcess("carwindow's children leaving /proc", within: .seconds(10)) {
            !children.contains(where: Self.alive)
        }
        #expect(gone, "still running: \(children.filter(Self.alive))")
        // Xvfb removes its socket on SIGTERM: one left behind refuses connections (a live server's answers: another
        // server may have taken the free number since).
        let socket = "/tmp/.X11-unix/X\(display)"
        #expect(
            !FileManager.default.fileExists(atPath: socket) || Self.serverAnswers(display: display),
            "\(socket) is left behind")
        // Xvfb's lock holds its pid (when it writes one; with -displayfd it may not): none of ours may be left.
        let locks = ((try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? [])
            .filter { $0.hasPrefix(".X") && $0.hasSuffix("-lock") }
        let stale = locks.filter { lock in
            let owner = (try? String(contentsOfFile: "/tmp/\(lock)", encoding: .utf8)) ?? ""
            return Int32(owner.trimmingCharacters(in: .whitespacesAndNewlines)).map(xServers.contains) ?? false
        }
        #expect(stale.isEmpty, "lock files left: \(stale)")
    }
}
