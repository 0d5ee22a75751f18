import BrowserTestSupport
import Foundation
import HeadUnit
import Testing

/// Issue #29, bug 7: in `carwindow demo` and `carwindow project` the browser viewer only watches, so a viewer port
/// another program holds must not end the run. Before the fix both exited 1 ("viewer server failed ... Address
/// already in use") and `project` killed the program it projected.
@Suite("the viewer's port in use", .serialized, .timeLimit(.minutes(3)))
struct ViewerPortInUseTests {
    /// Runs `body` with a TCP port on 127.0.0.1 that is held (listened on) for its whole length.
    static func withHeldPort<T>(_ body: (Int) async throws -> T) async throws -> T {
        let holder = HeadUnitEmulator(configuration: HeadUnitConfiguration(port: 0))
        let port = try await holder.start()
        do {
            let result = try await body(port)
            await holder.stop()
            return result
        } catch {
            await holder.stop()
            throw error
        }
    }

    /// The port in the last `viewer: http://127.0.0.1:PORT` line of `output`.
    static func viewerPort(in output: String) -> Int? {
        let prefix = "viewer: http://127.0.0.1:"
        return output.split(separator: "\n").last { $0.hasPrefix(prefix) }.flatMap { Int($0.dropFirst(prefix.count)) }
    }

    @Test("demo: a busy --viewer-port is reported, a free port is served instead, the demo streams and exits 0")
    func demo() async throws {
        try await Self.withHeldPort { held in
            let result = try await BinaryRunner.runOffPool([
                "demo", "--duration", "4", "--port", "0", "--viewer-port", "\(held)",
            ])
            let output = result.stdout + result.stderr
            #expect(result.status == 0, "stdout: \(result.stdout) stderr: \(result.stderr)")
            #expect(output.contains("viewer: port \(held) cannot be used"), "\(output)")
            let served = try #require(Self.viewerPort(in: output), "\(output)")
            #expect(served != held)
            #expect(result.stdout.contains("state: streaming"), "\(output)")
            #expect(!output.contains("viewer server failed"), "\(output)")
        }
    }

    @Test("project --core: a busy --viewer-port does not end the projection; the program streams to the end")
    func projectIntoCore() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cw-vport-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let program = """
            import gi
            gi.require_version("Gtk", "3.0")
            from gi.repository import Gtk
            win = Gtk.Window(title="held port")
            win.add(Gtk.Label(label="still projected"))
            win.show_all()
            Gtk.main()
            """
        let file = directory.appendingPathComponent("window.py")
        try program.write(to: file, atomically: true, encoding: .utf8)
        // `carwindow headunit` in its own process stands in for SDL Core, as in DemoBrowserTests.
        try await StreamCommandTests.withHeadUnit { corePort in
            try await Self.withHeldPort { held in
                let result = try await BinaryRunner.runOffPool([
                    "project", "--core", "127.0.0.1:\(corePort)", "--viewer-port", "\(held)", "--duration", "5",
                    "--", "/usr/bin/python3", file.path,
                ])
                let output = result.stdout + result.stderr
                #expect(result.status == 0, "stdout: \(result.stdout) stderr: \(result.stderr)")
                #expect(output.contains("viewer: port \(held) cannot be used"), "\(output)")
                let served = try #require(Self.viewerPort(in: output), "\(output)")
                #expect(served != held)
                #expect(result.stdout.contains("state: streaming"), "\(output)")
                #expect(output.contains("projection stopped"), "\(output)")
            }
        }
    }
}
