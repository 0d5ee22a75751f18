import CarWindowTestingTools
import Foundation
import Testing

/// `carwindow bench project -- COMMAND` measures the user's program, not only the built-in GTK windows (#35).
@Suite("carwindow bench project -- COMMAND", .timeLimit(.minutes(5)))
struct BenchProjectCommandTests {
    /// A counter under a button filling the lower half: every click changes what is drawn.
    static let counter = """
        import gi
        gi.require_version("Gtk", "3.0")
        from gi.repository import Gtk
        win = Gtk.Window(title="counter")
        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
        label = Gtk.Label(label="0")
        button = Gtk.Button(label="Tap me")
        count = [0]
        def tapped(_):
            count[0] += 1
            label.set_text(str(count[0]))
        button.connect("clicked", tapped)
        box.pack_start(label, True, True, 0)
        box.pack_start(button, True, True, 0)
        win.add(box)
        win.show_all()
        Gtk.main()
        """

    @Test("the user's program: its still CPU and taps timed to its own change; a tap on nothing is not a figure")
    func userProgram() async throws {
        let scratch = try ScratchDirectory(prefix: "cw-bench-project")
        let file = scratch.file("counter.py")
        try Self.counter.write(to: file, atomically: true, encoding: .utf8)
        let common = ["bench", "project", "--frames", "2", "--seconds", "1", "--taps", "3"]
        let result = try await BinaryRunner.runOffPool(
            common + ["--tap", "400,360", "--", "/usr/bin/python3", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("program: /usr/bin/python3 \(file.path)"), "\(result.stdout)")
        #expect(result.stdout.contains("still app over 1 s"), "\(result.stdout)")
        #expect(result.stdout.contains("touch -> rendered frame over 3 taps"), "\(result.stdout)")
        #expect(!result.stdout.contains("full motion"), "the built-in motion window is not measured")
        // The label's half: nothing there changes on a tap.
        let idle = try await BinaryRunner.runOffPool(
            common + ["--tap", "400,100", "--", "/usr/bin/python3", file.path])
        #expect(idle.status != 0)
        #expect(idle.stdout.contains("none of 3 taps changed anything"), "\(idle.stdout)")
        #expect(idle.stderr.contains("no tap at 400,100 changed the program"), "\(idle.stderr)")
    }

    @Test(
        "--wayland: the same figures from a private sway, the built-in GTK windows on Wayland, sway's CPU named",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sway"), "sway is not installed"))
    func wayland() async throws {
        let result = try await BinaryRunner.runOffPool([
            "bench", "project", "--wayland", "--frames", "2", "--seconds", "1", "--taps", "3",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Wayland (a private headless sway)"), "\(result.stdout)")
        #expect(!result.stdout.contains("MIT-SHM"), "no X11 capture on Wayland: \(result.stdout)")
        let still = result.stdout.split(separator: "\n").first { $0.contains("still app over 1 s") }
        #expect(still?.contains("sway") == true, "\(result.stdout)")
        #expect(result.stdout.contains("touch -> rendered frame over 3 taps"), "\(result.stdout)")
        #expect(result.stdout.contains("1280x720 full motion"), "\(result.stdout)")
    }

    @Test("--tap without a program, or outside the viewport, is refused before anything starts")
    func badTap() async throws {
        let alone = try await BinaryRunner.runOffPool(["bench", "project", "--tap", "10,10"])
        #expect(alone.status == 64)
        #expect(alone.stderr.contains("--tap is for a program of your own"), "\(alone.stderr)")
        let outside = try await BinaryRunner.runOffPool(["bench", "project", "--tap", "900,10", "--", "xcalc"])
        #expect(outside.status == 64)
        #expect(outside.stderr.contains("outside the 800x480 viewport"), "\(outside.stderr)")
        let malformed = try await BinaryRunner.runOffPool(["bench", "project", "--tap", "ten", "--", "xcalc"])
        #expect(malformed.status == 64)
    }
}
