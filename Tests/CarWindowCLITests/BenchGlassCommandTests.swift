import Foundation
import Testing

/// `carwindow bench glass` at CI size: a few clicks through the demo, the viewer and headless Chromium. It asserts
/// that every stage of the loop happened for every tap (a frame came, the change was seen, each stage left its
/// stamp), never how fast: CI has two busy cores, and the targets live in the bench's printed figures.
@Suite("carwindow bench glass", .timeLimit(.minutes(6)))
struct BenchGlassCommandTests {
    /// The rows every tap must stamp. The two rows that start from the tap's request for a frame stamp the taps
    /// whose change was not drawn at a tick of the frame clock first, which the bench counts.
    static let stages = [
        "press -> release", "release -> touch sent", "render", "encode + send", "rendered -> head unit frame",
        "touch sent -> head unit frame", "head unit -> viewer sends", "viewer sends -> page gets",
        "page gets -> decoded", "decoded -> drawn", "drawn -> presented", "release -> head unit frame",
        "glass to glass",
    ]

    @Test(
        "three clicks reach the app, change the picture, and every stage stamps every tap; screenshots agree",
        arguments: [["--method", "screenshot"], ["--head-unit", "ws"]])
    func fewTaps(arguments: [String]) async throws {
        let result = try await BinaryRunner.runOffPool(["bench", "glass", "--taps", "3"] + arguments)
        #expect(result.status == 0, "stdout:\n\(result.stdout)\nstderr:\n\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("glass to glass (mouse release") && $0.contains("over 3 taps") })
        let headUnit = arguments.first == "--head-unit" ? arguments[1] : "embedded"
        #expect(
            lines.contains { $0.hasPrefix("carwindow bench glass: ") && $0.contains("head unit \(headUnit),") },
            "\(result.stdout)")
        // Each tap found the app's frame among the demo's frame lines.
        #expect(
            lines.contains { $0.hasPrefix("app frames: ") && $0.hasSuffix("; 0 with no frame line") },
            "\(result.stdout)")
        for stage in Self.stages {
            // A row: the stage's name, then how many taps it stamped.
            let row = lines.first { $0.hasPrefix(stage + " ") && !$0.hasPrefix("glass to glass (") }
            let count = row.flatMap { $0.dropFirst(stage.count).split(separator: " ").first }.flatMap { Int($0) }
            #expect(count == 3, "stage '\(stage)': \(row ?? "no row") in:\n\(result.stdout)")
        }
        if arguments.contains("screenshot") {
            #expect(
                result.stdout.contains("the page's figure is below the screenshot's in 3 of 3 taps"),
                "\(result.stdout)")
        }
    }

    /// A GTK 3 window that turns dark at one click and light at the next, all of it.
    static let toggle = """
        import gi
        gi.require_version("Gtk", "3.0")
        gi.require_version("Gdk", "3.0")
        from gi.repository import Gtk, Gdk
        css = Gtk.CssProvider()
        css.load_from_data(b"window { background: #e8e8a0; } window.dark { background: #101040; }")
        Gtk.StyleContext.add_provider_for_screen(
            Gdk.Screen.get_default(), css, Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)
        win = Gtk.Window(title="toggle")
        box = Gtk.EventBox()
        def released(widget, event):
            style = win.get_style_context()
            if style.has_class("dark"):
                style.remove_class("dark")
            else:
                style.add_class("dark")
            return True
        box.connect("button-release-event", released)
        win.add(box)
        win.show_all()
        Gtk.main()
        """

    @Test("-- COMMAND: a projected GTK program clicked in the viewer; each tap's change is seen and timed")
    func program() async throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("glass-toggle-\(UUID()).py")
        try Self.toggle.write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let result = try await BinaryRunner.runOffPool(
            ["bench", "glass", "--taps", "2", "--tap", "200,120", "--", "/usr/bin/python3", script.path])
        #expect(result.status == 0, "stdout:\n\(result.stdout)\nstderr:\n\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.contains {
                $0.hasPrefix("carwindow bench glass: 2 taps on /usr/bin/python3 ") && $0.contains(" at 200,120 ")
            },
            "\(result.stdout)")
        #expect(lines.contains { $0.hasPrefix("glass to glass (mouse release") && $0.contains("over 2 taps") })
        for stage in ["render", "encode + send", "touch sent -> head unit frame", "glass to glass"] {
            let row = lines.first { $0.hasPrefix(stage + " ") && !$0.hasPrefix("glass to glass (") }
            let count = row.flatMap { $0.dropFirst(stage.count).split(separator: " ").first }.flatMap { Int($0) }
            #expect(count == 2, "stage '\(stage)': \(row ?? "no row") in:\n\(result.stdout)")
        }
    }

    @Test(
        "bad options are refused with a message that says what to write",
        arguments: [["--taps", "0"], ["--size", "640x480"], ["--head-unit", "usb"], ["--tap", "10,10"]])
    func badOptions(arguments: [String]) async throws {
        let result = try await BinaryRunner.runOffPool(["bench", "glass"] + arguments)
        #expect(result.status != 0)
        #expect(
            result.stderr.contains("--taps must be in 1...1000") || result.stderr.contains("--size must be one")
                || result.stderr.contains("'usb'") || result.stderr.contains("--tap is for a program"),
            "\(result.stderr)")
    }
}
