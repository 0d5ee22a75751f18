import CarWindowTesting
import Foundation
import HeadUnit
import Testing

/// `carwindow project` as a user runs it: the built binary, a real X11 program, the emulator on a free port.
@Suite("carwindow project", .serialized, .timeLimit(.minutes(3)))
struct ProjectCommandTests {
    @Test("a program that exits with status 7 ends the projection with 7, after streaming it")
    func exitStatusPassesThrough() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cw-project-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // A GTK window that exits with status 7 after two seconds (Debian's python3 has the GTK bindings).
        let program = """
            import sys, gi
            gi.require_version("Gtk", "3.0")
            from gi.repository import Gtk, GLib
            win = Gtk.Window(title="bye")
            win.add(Gtk.Label(label="exiting soon"))
            win.show_all()
            GLib.timeout_add(2000, lambda: sys.exit(7))
            Gtk.main()
            """
        let file = directory.appendingPathComponent("exit7.py")
        try program.write(to: file, atomically: true, encoding: .utf8)
        let result = try await BinaryRunner.runOffPool([
            "project", "--no-viewer", "--port", "0", "--duration", "30", "--record", directory.path, "--",
            "/usr/bin/python3", file.path,
        ])
        #expect(result.status == 7, "stdout: \(result.stdout) stderr: \(result.stderr)")
        #expect(result.stdout.contains("state: streaming"), "\(result.stdout)")
        #expect(result.stderr.contains("error: /usr/bin/python3 exited with status 7"), "\(result.stderr)")
        let recordings = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".h264") }
        let recording = try #require(recordings.first)
        let summary = try await VideoProbe().summary(of: directory.appendingPathComponent(recording))
        #expect((summary.width, summary.height) == (800, 480), "\(summary)")
    }

    @Test("a command that does not exist is one line on stderr and exit status 2")
    func badCommand() async throws {
        let result = try await BinaryRunner.runOffPool([
            "project", "--no-viewer", "--", "/nonexistent/carwindow-no-such-app",
        ])
        #expect(result.status == 2)
        #expect(result.stderr == "error: /nonexistent/carwindow-no-such-app: command not found\n", "\(result.stderr)")
    }

    @Test("--reconnect: a head unit that refuses every connection is retried, then 'gave up', exit status 1")
    func reconnectGivesUp() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cw-project-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let program = """
            import gi
            gi.require_version("Gtk", "3.0")
            from gi.repository import Gtk
            win = Gtk.Window(title="waiting")
            win.add(Gtk.Label(label="no car"))
            win.show_all()
            Gtk.main()
            """
        let file = directory.appendingPathComponent("window.py")
        try program.write(to: file, atomically: true, encoding: .utf8)
        // Port 1 on loopback: nothing listens there, so every connect is refused at once.
        let result = try await BinaryRunner.runOffPool([
            "project", "--no-viewer", "--core", "127.0.0.1:1", "--reconnect", "--reconnect-attempts", "2",
            "--reconnect-max-delay", "0.1", "--", "/usr/bin/python3", file.path,
        ])
        #expect(result.status == 1, "stdout: \(result.stdout) stderr: \(result.stderr)")
        #expect(result.stderr.contains("gave up reconnecting after 2 attempts"), "\(result.stderr)")
    }

    @Test("a timed run that streamed nothing (never activated) exits 1, with the reason on stderr and last in --events")
    func nothingStreamedFails() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cw-project-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let program = """
            import gi
            gi.require_version("Gtk", "3.0")
            from gi.repository import Gtk
            win = Gtk.Window(title="never shown")
            win.add(Gtk.Label(label="the car never lets me in"))
            win.show_all()
            Gtk.main()
            """
        let file = directory.appendingPathComponent("window.py")
        try program.write(to: file, atomically: true, encoding: .utf8)
        // A head unit that registers the app and leaves it in NONE: no video can start.
        let headUnit = HeadUnitEmulator(configuration: HeadUnitConfiguration(port: 0, activationDelay: nil))
        let port = try await headUnit.start()
        let events = directory.appendingPathComponent("events.jsonl")
        let result = try await BinaryRunner.runOffPool([
            "project", "--core", "127.0.0.1:\(port)", "--duration", "5", "--events", events.path, "--",
            "/usr/bin/python3", file.path,
        ])
        await headUnit.stop()
        let reason = "no video was streamed: the head unit never activated the app (HMI level NONE)"
        #expect(result.status == 1, "stdout: \(result.stdout) stderr: \(result.stderr)")
        #expect(result.stderr.contains("error: \(reason)"), "\(result.stderr)")
        let lines = try String(contentsOf: events, encoding: .utf8).split(separator: "\n")
        #expect(lines.last?.contains(#""event":"error""#) == true, "\(lines.suffix(3))")
        #expect(lines.last?.contains(reason) == true, "\(lines.suffix(3))")
    }

    @Test("no command and no --display is a usage error")
    func noCommand() async throws {
        let result = try await BinaryRunner.runOffPool(["project"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("give the command to project after --"), "\(result.stderr)")
    }
}
