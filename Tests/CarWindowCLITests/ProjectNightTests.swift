import BrowserTestSupport
import CarWindowTesting
import CarWindowTestingTools
import Foundation
import HeadUnit
import SDLRPC
import Testing

/// The car's night reaches a projected GTK 3 program: the head unit's lights go to NIGHT, the projection follows
/// them and switches the private display's XSETTINGS theme to Adwaita-dark, which GTK applies live; the decoded video
/// shows the window dark. Needs xsettingsd and gnome-themes-extra (scripts/install-deps.sh).
@Suite("carwindow project: night reaches the program", .serialized, .timeLimit(.minutes(2)))
struct ProjectNightTests {
    /// A window filled by its own background; after a paint in a new theme it writes the theme's name to
    /// the file given.
    static let program = """
        import sys, gi
        gi.require_version("Gtk", "3.0")
        from gi.repository import Gtk
        out = open(sys.argv[1], "a", buffering=1)
        settings = Gtk.Settings.get_default()
        win = Gtk.Window(title="night test")
        win.add(Gtk.Label(label=""))
        last = [None]
        def painted(clock):
            # After each paint of the window, once per theme.
            if last[0] != settings.props.gtk_theme_name:
                last[0] = settings.props.gtk_theme_name
                out.write("drawn %s\\n" % last[0])
        win.connect("realize", lambda widget: widget.get_frame_clock().connect("after-paint", painted))
        win.connect("destroy", Gtk.main_quit)
        win.show_all()
        Gtk.main()
        """

    static var installed: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/xsettingsd")
            && FileManager.default.fileExists(atPath: "/usr/share/themes/Adwaita-dark/gtk-3.0/gtk.css")
    }

    /// The same window in GTK 4 on Wayland, where the theme comes from the session's Settings portal.
    static let waylandProgram = """
        import os, sys, gi
        os.environ["GDK_BACKEND"] = "wayland"
        gi.require_version("Gtk", "4.0")
        from gi.repository import Gtk
        out = open(sys.argv[1], "a", buffering=1)
        last = [None]
        def activate(app):
            settings = Gtk.Settings.get_default()
            win = Gtk.ApplicationWindow(application=app, title="night test")
            win.set_child(Gtk.Label(label=""))
            def painted(clock):
                if last[0] != settings.props.gtk_theme_name:
                    last[0] = settings.props.gtk_theme_name
                    out.write("drawn %s\\n" % last[0])
            win.connect("realize", lambda widget: widget.get_frame_clock().connect("after-paint", painted))
            win.present()
        app = Gtk.Application(application_id="org.carwindow.nighttest")
        app.connect("activate", activate)
        app.run([])
        """

    static let patience: Duration = .seconds(40)

    static func lines(_ file: URL) -> [String] {
        ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    @Test(
        "lights NIGHT on the head unit: the GTK program's theme turns Adwaita-dark and the video turns dark",
        arguments: [false, true])
    func gtkTurnsDark(wayland: Bool) async throws {
        // scripts/install-deps.sh installs both: a machine without them fails here rather than skip the check.
        try #require(Self.installed, "xsettingsd or gnome-themes-extra is not installed (scripts/install-deps.sh)")
        let scratch = try ScratchDirectory(prefix: "cw-night")
        let file = scratch.file("program.py")
        let output = scratch.file("out.txt")
        // X11: GTK 3 through XSETTINGS; Wayland: GTK 4 through the Settings portal.
        try (wayland ? Self.waylandProgram : Self.program).write(to: file, atomically: true, encoding: .utf8)
        try await HeadUnitEventLog.withEmulator { emulator, log in
            async let run = BinaryRunner.runOffPool(
                ["project", "--core", "127.0.0.1:\(emulator.port)", "--no-viewer", "--duration", "25"]
                    + (wayland ? ["--wayland"] : []) + ["--", "/usr/bin/python3", file.path, output.path])
            // Day first: the window drawn in the light theme, then streamed. A frame counted before the paint may
            // show the window still blank, so the day frames are the ones that come after it.
            let day = await eventually(within: Self.patience, recheckingOn: await log.changes()) {
                Self.lines(output).contains("drawn Adwaita")
            }
            #expect(day, "\(Self.lines(output))")
            let paintedAt = await log.frames
            #expect(
                await eventually(within: Self.patience, recheckingOn: await log.changes()) {
                    await log.frames >= paintedAt + 3
                })
            // NIGHT, then a policy that grants headLampStatus: the projection subscribes and reads NIGHT at once.
            let beforeNight = await log.frames
            _ = await emulator.headUnit.setAmbientLight("NIGHT")
            _ = await emulator.headUnit.allowHeadLampStatus(true)
            let dark = await eventually(within: Self.patience, recheckingOn: await log.changes()) {
                Self.lines(output).contains("drawn Adwaita-dark")
            }
            #expect(dark, "\(Self.lines(output))")
            // A few frames after the dark redraw, so the recording holds it.
            let drawnAt = await log.frames
            #expect(
                await eventually(within: Self.patience, recheckingOn: await log.changes()) {
                    await log.frames >= drawnAt + 3
                })
            let recording = try #require(try emulator.recordingFiles().first)
            let lumas = try await ProjectChromiumTests.luma(recording)
            let means = lumas.map(ProjectChromiumTests.mean)
            let last = try #require(means.last)
            #expect(means.prefix(beforeNight).contains { $0 > 200 }, "day: \(means.prefix(beforeNight))")
            #expect(last < 80, "night: \(last)")
            let result = try await run
            #expect(result.status == 0, "\(result.stderr)")
        }
    }

    /// A page that is white by day and black under `prefers-color-scheme: dark`, and says which on the console.
    static let page = """
        <!doctype html><html><head><style>
        body { margin: 0; background: #ffffff; }
        @media (prefers-color-scheme: dark) { body { background: #000000; } }
        </style></head><body><script>
        const dark = matchMedia("(prefers-color-scheme: dark)");
        console.log("dark " + dark.matches);
        dark.addEventListener("change", () => console.log("dark " + dark.matches));
        </script></body></html>
        """

    @Test(
        "lights NIGHT on the head unit: a page's prefers-color-scheme turns dark live (the Settings portal)",
        .enabled(if: ProjectTypingTests.chromium != nil, "Chromium is not installed (scripts/install-deps.sh)"))
    func pageTurnsDark() async throws {
        let scratch = try ScratchDirectory(prefix: "cw-night-page")
        let page = scratch.file("page.html")
        try Self.page.write(to: page, atomically: true, encoding: .utf8)
        let chromium = try #require(ProjectTypingTests.chromium)
        let carwindow = BinaryRunner.productsDirectory.appendingPathComponent("carwindow")
        try await HeadUnitEventLog.withEmulator { emulator, log in
            let project = try ChildProcess.launch(
                executable: carwindow,
                arguments: [
                    "project", "--core", "127.0.0.1:\(emulator.port)", "--no-viewer", "--duration", "120", "--",
                    chromium, "--force-renderer-accessibility", "--no-sandbox", "--no-first-run", "--disable-gpu",
                    "--disable-dev-shm-usage", "--password-store=basic", "--noerrdialogs", "--kiosk",
                    "--enable-logging=stderr", "--v=0", "--user-data-dir=\(scratch.file("profile").path)",
                    "--app=file://\(page.path)",
                ])
            defer { project.kill() }
            do {
                // Day: the page starts light and is streamed so.
                try await project.waitForLine("a light page", timeout: Self.patience) { $0.contains("\"dark false\"") }
                #expect(
                    await eventually(within: Self.patience, recheckingOn: await log.changes()) {
                        await log.frames >= 3
                    })
                let beforeNight = await log.frames
                _ = await emulator.headUnit.setAmbientLight("NIGHT")
                _ = await emulator.headUnit.allowHeadLampStatus(true)
                try await project.waitForLine("the page turned dark", timeout: Self.patience) {
                    $0.contains("\"dark true\"")
                }
                let darkAt = await log.frames
                #expect(
                    await eventually(within: Self.patience, recheckingOn: await log.changes()) {
                        await log.frames >= darkAt + 3
                    })
                let recording = try #require(try emulator.recordingFiles().first)
                let means = try await ProjectChromiumTests.luma(recording).map(ProjectChromiumTests.mean)
                let last = try #require(means.last)
                #expect(means.prefix(beforeNight).contains { $0 > 200 }, "day: \(means.prefix(beforeNight))")
                #expect(last < 40, "night: \(last)")
            } catch {
                throw HarnessError("\(error)\ncarwindow project's last lines:\n\(project.tail(40))")
            }
            #expect(await project.stop(signal: SIGINT, grace: .seconds(30)) == 0, "\(project.tail())")
        }
    }
}
