import BrowserTestSupport
import CarWindowTestingTools
import Foundation
import Testing

/// `carwindow project` with its own emulator reads the emulator's console on stdin, as `carwindow headunit` does.
@Suite("carwindow project's console", .serialized, .timeLimit(.minutes(3)))
struct ProjectConsoleTests {
    /// A GTK 3 window with one button; a click is printed on its stdout, which is carwindow's. The program first
    /// reads its stdin to the end: with the console's stdin it would wait for ever and show no window.
    static let program = """
        import sys, gi
        gi.require_version("Gtk", "3.0")
        from gi.repository import Gtk
        print("stdin: %d bytes" % len(sys.stdin.read()), flush=True)
        win = Gtk.Window(title="console test")
        button = Gtk.Button(label="Tap me")
        button.connect("clicked", lambda _: print("tapped", flush=True))
        win.add(button)
        win.show_all()
        Gtk.main()
        """

    @Test("rects, tap-rect and lights typed on stdin are answered; the tap reaches the program; it gets no stdin")
    func consoleCommands() async throws {
        let scratch = try ScratchDirectory(prefix: "cw-console")
        let file = scratch.file("program.py")
        try Self.program.write(to: file, atomically: true, encoding: .utf8)
        let carwindow = BinaryRunner.productsDirectory.appendingPathComponent("carwindow")
        let project = try ChildProcess.launch(
            executable: carwindow,
            arguments: [
                "project", "--no-viewer", "--port", "0", "--record", scratch.url.path, "--duration", "300", "--",
                "/usr/bin/python3", file.path,
            ],
            withInput: true)
        defer { project.kill() }
        let sent = try await project.waitForLine("a haptic rect", in: .stdout, timeout: .seconds(90)) {
            $0.hasPrefix("haptic rects sent: ") && $0 != "haptic rects sent: 0"
        }
        try project.send("rects 1")
        // "  #2 0,0 800x480 centre 400,240": the button, filling the window.
        let rect = try await project.waitForLine(
            "the rect listed", in: .stdout, after: sent.number, timeout: .seconds(30)
        ) { $0.trimmingCharacters(in: .whitespaces).hasPrefix("#") && $0.contains(" 800x480 ") }
        let id = try #require(rect.text.trimmingCharacters(in: .whitespaces).dropFirst().split(separator: " ").first)
        try project.send("tap-rect 1 \(id)")
        try await project.waitForLine("the tap's answer", in: .stdout, after: rect.number, timeout: .seconds(30)) {
            $0.contains("tap on rect #\(id)")
        }
        try await project.waitForLine("the program's click", in: .stdout, after: rect.number, timeout: .seconds(30)) {
            $0 == "tapped"
        }
        try project.send("lights night")
        try await project.waitForLine("the lights' answer", in: .stdout, after: rect.number, timeout: .seconds(30)) {
            $0.hasPrefix("ambient light NIGHT") || $0.hasPrefix("ambient light night")
        }
        try project.send("no-such-command")
        try await project.waitForLine("the usage", in: .stdout, after: rect.number, timeout: .seconds(30)) {
            $0.contains("rects [APP]")
        }
        #expect(await project.stop(signal: SIGINT, grace: .seconds(30)) == 0, "\(project.tail())")
        #expect(project.lines.contains { $0.text == "stdin: 0 bytes" }, "\(project.tail())")
    }
}
