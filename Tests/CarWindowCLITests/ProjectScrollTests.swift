import BrowserTestSupport
import CarWindowTestingTools
import Foundation
import Testing

/// `--pan scroll --scroll-step`: wheel steps calibrated to the toolkit's own step make a GTK 3 list follow the finger.
@Suite("carwindow project: a drag scrolls with the finger", .serialized, .timeLimit(.minutes(3)))
struct ProjectScrollTests {
    /// A GTK 3 list of 200 rows filling the window; it prints where it scrolled to on its stdout (carwindow's).
    static let program = """
        import gi
        gi.require_version("Gtk", "3.0")
        from gi.repository import Gtk
        win = Gtk.Window(title="scroll test")
        scrolled = Gtk.ScrolledWindow()
        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
        for index in range(200):
            label = Gtk.Label(label="row %d" % index)
            label.set_size_request(-1, 40)
            box.pack_start(label, False, False, 0)
        scrolled.add(box)
        win.add(scrolled)
        adjustment = scrolled.get_vadjustment()
        adjustment.connect("value-changed", lambda a: print("scrolled %.0f" % a.get_value(), flush=True))
        win.show_all()
        Gtk.main()
        """

    @Test("a 200 px drag up with --scroll-step 61 (GTK 3's step for a 480 px list) scrolls it 180...220 px")
    func gtk3FollowsTheFinger() async throws {
        let scratch = try ScratchDirectory(prefix: "cw-scroll")
        let file = scratch.file("program.py")
        try Self.program.write(to: file, atomically: true, encoding: .utf8)
        let carwindow = BinaryRunner.productsDirectory.appendingPathComponent("carwindow")
        let project = try ChildProcess.launch(
            executable: carwindow,
            arguments: [
                "project", "--no-viewer", "--port", "0", "--record", scratch.url.path, "--duration", "300",
                "--pan", "scroll", "--scroll-step", "61", "--", "/usr/bin/python3", file.path,
            ],
            withInput: true)
        defer { project.kill() }
        let streaming = try await project.waitForLine("streaming", in: .stdout, timeout: .seconds(90)) {
            $0 == "state: streaming"
        }
        try project.send("pan 1 400x400 400x200")
        let scrolled = try await project.waitForLine(
            "the list scrolled at least 180 px", in: .stdout, after: streaming.number, timeout: .seconds(30)
        ) { line in line.hasPrefix("scrolled ") && (Double(line.dropFirst(9)) ?? 0) >= 180 }
        let value = try #require(Double(scrolled.text.dropFirst(9)))
        #expect(value <= 220, "\(project.tail())")
        #expect(await project.stop(signal: SIGINT, grace: .seconds(30)) == 0, "\(project.tail())")
        let furthest = project.lines.compactMap { $0.text.hasPrefix("scrolled ") ? Double($0.text.dropFirst(9)) : nil }
            .max()
        #expect((furthest ?? 0) <= 220, "\(project.tail())")
    }
}
