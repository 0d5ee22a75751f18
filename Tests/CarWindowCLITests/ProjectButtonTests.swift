import BrowserTestSupport
import CarWindowTestingTools
import Foundation
import Testing

/// `carwindow project --button`: a head-unit button press becomes a key stroke in the projected X11 program.
@Suite("carwindow project's button mappings", .serialized, .timeLimit(.minutes(3)))
struct ProjectButtonTests {
    /// A GTK 3 window that prints every key it gets, with Ctrl held as `ctrl+`, on carwindow's stdout.
    static let program = """
        import gi
        gi.require_version("Gtk", "3.0")
        from gi.repository import Gtk, Gdk
        win = Gtk.Window(title="keys")
        button = Gtk.Button(label="Keys")
        button.connect("clicked", lambda _: print("tapped", flush=True))
        def key(_, event):
            ctrl = "ctrl+" if event.state & Gdk.ModifierType.CONTROL_MASK else ""
            print("key " + ctrl + Gdk.keyval_name(event.keyval), flush=True)
            return True
        win.connect("key-press-event", key)
        win.add(button)
        win.show_all()
        Gtk.main()
        """

    @Test("the console's OK and NAV_ZOOM_IN reach the program as Return (--button) and ctrl+plus (the default)")
    func buttonsBecomeKeys() async throws {
        let scratch = try ScratchDirectory(prefix: "cw-buttons")
        let file = scratch.file("program.py")
        try Self.program.write(to: file, atomically: true, encoding: .utf8)
        let carwindow = BinaryRunner.productsDirectory.appendingPathComponent("carwindow")
        let project = try ChildProcess.launch(
            executable: carwindow,
            arguments: [
                "project", "--no-viewer", "--port", "0", "--record", scratch.url.path, "--duration", "300",
                "--events", "-", "--navigation", "--button", "OK=Return", "--button", "SEARCH=none", "--",
                "/usr/bin/python3", file.path,
            ],
            withInput: true)
        defer { project.kill() }
        do {
            for name in ["OK", "NAV_ZOOM_IN"] {
                try await project.waitForLine("\(name) subscribed", in: .stdout, timeout: .seconds(90)) {
                    $0.contains(#""event":"buttonSubscription""#) && $0.contains(#""name":"\#(name)""#)
                        && $0.contains(#""result":"SUCCESS""#)
                }
            }
            let sent = try await project.waitForLine("a haptic rect", in: .stdout, timeout: .seconds(90)) {
                $0.contains(#""event":"hapticRects""#) && !$0.contains(#""count":0"#)
            }
            // A tap first: the pointer is then over the window, which X gives the keys to.
            try project.send("tap 1 400 240")
            try await project.waitForLine("the tap", in: .stdout, after: sent.number, timeout: .seconds(30)) {
                $0 == "tapped"
            }
            try project.send("button OK")
            try await project.waitForLine("Return", in: .stdout, after: sent.number, timeout: .seconds(30)) {
                $0 == "key Return"
            }
            try project.send("button NAV_ZOOM_IN")
            try await project.waitForLine("ctrl+plus", in: .stdout, after: sent.number, timeout: .seconds(30)) {
                $0 == "key ctrl+plus"
            }
            // SEARCH=none: not subscribed, so the head unit has no app to give it to.
            try project.send("button SEARCH")
            try await project.waitForLine("SEARCH refused", in: .stderr, timeout: .seconds(30)) {
                $0.contains("SEARCH SHORT: no app takes it")
            }
        } catch {
            throw HarnessError("\(error)\ncarwindow project's last lines:\n\(project.tail(40))")
        }
        #expect(await project.stop(signal: SIGINT, grace: .seconds(30)) == 0, "\(project.tail())")
    }

    @Test(
        "a bad --button is refused before anything starts, saying what is wrong",
        arguments: [
            (["--button", "OK"], "--button takes NAME=KEYS"),
            (["--button", "HORN=Return"], "'HORN' is not a button"),
            (["--button", "OK=ctrl+"], "'ctrl+' is not a key stroke"),
            (["--button", "OK=hyper+a"], "'hyper' is not a modifier"),
            (["--wayland", "--button", "OK=Return"], "does not go with --wayland"),
        ])
    func badMapping(arguments: [String], message: String) async throws {
        let result = try await BinaryRunner.runOffPool(["project", "--no-viewer"] + arguments + ["--", "xcalc"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
