import Foundation
import Testing

@testable import CarWindowX11

@Suite("Runtime directories: what a SIGKILLed projection leaves is swept by the next")
struct RuntimeDirectoryTests {
    /// A process id that is surely not running: a child that has exited and been waited for.
    static func deadProcessID() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test("a directory of an ended process is removed; ours, another's, and names of other shapes are kept")
    func sweep() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("cw-runtime-\(UUID())").path
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let dead = try Self.deadProcessID()
        let stale = ["wayland", "wayland-bus", "x11-bus", "xsettings"].map {
            "\(parent)/carwindow-\($0)-\(dead)-Ab12Cd"
        }
        for path in stale {
            try FileManager.default.createDirectory(atPath: path + "/inner", withIntermediateDirectories: true)
        }
        let ours = try RuntimeDirectory.make("wayland", in: parent)
        let init1 = "\(parent)/carwindow-xsettings-1-Ab12Cd"  // pid 1 runs: never ours to remove
        let other = ["carwindow-demo-\(dead)-Ab12Cd", "carwindow-wayland-\(dead)", "carwindow-wayland-x\(dead)-Ab12Cd"]
            .map { "\(parent)/\($0)" }
        for path in [init1] + other {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }

        let removed = RuntimeDirectory.sweepStale(in: parent)

        #expect(Set(removed) == Set(stale))
        for path in stale { #expect(!FileManager.default.fileExists(atPath: path), "\(path)") }
        for path in [ours, init1] + other { #expect(FileManager.default.fileExists(atPath: path), "\(path)") }
    }

    @Test("make names the directory after this process, mode 0700")
    func make() throws {
        let path = try RuntimeDirectory.make("xsettings")
        defer { RuntimeDirectory.remove(path) }
        let name = (path as NSString).lastPathComponent
        #expect(RuntimeDirectory.owningProcess(of: name) == getpid(), "\(name)")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
    }
}
