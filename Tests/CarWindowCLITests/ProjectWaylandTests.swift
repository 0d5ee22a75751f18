import BrowserTestSupport
import CarWindowTesting
import Foundation
import Glibc
import Testing

/// `carwindow project --wayland` as a user runs it: the built binary, real Wayland programs in a private headless
/// sway, the emulator on a free port.
@Suite(
    "carwindow project --wayland", .serialized, .timeLimit(.minutes(3)),
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sway"), "sway is not installed (Debian sway)"))
struct ProjectWaylandTests {
    @Test("a GTK 4 program on Wayland that exits with status 7 ends the projection with 7, after streaming it")
    func exitStatusPassesThrough() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cw-project-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // GTK 4 forced to Wayland: with no DISPLAY it could not fall back to X11 anyway.
        let program = """
            import os, gi
            os.environ["GDK_BACKEND"] = "wayland"
            gi.require_version("Gtk", "4.0")
            from gi.repository import Gtk, GLib
            win = Gtk.Window(title="bye")
            win.set_child(Gtk.Label(label="exiting soon"))
            win.present()
            GLib.timeout_add(3000, lambda: os._exit(7))
            GLib.MainLoop().run()
            """
        let file = directory.appendingPathComponent("exit7.py")
        try program.write(to: file, atomically: true, encoding: .utf8)
        let result = try await BinaryRunner.runOffPool([
            "project", "--wayland", "--no-viewer", "--port", "0", "--duration", "30", "--record", directory.path,
            "--", "/usr/bin/python3", file.path,
        ])
        #expect(result.status == 7, "stdout: \(result.stdout) stderr: \(result.stderr)")
        #expect(result.stdout.contains("on Wayland compositor /"), "\(result.stdout)")
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
            "project", "--wayland", "--no-viewer", "--", "/nonexistent/carwindow-no-such-app",
        ])
        #expect(result.status == 2)
        #expect(result.stderr == "error: /nonexistent/carwindow-no-such-app: command not found\n", "\(result.stderr)")
    }

    @Test("a program that exits before opening a window is exit status 3 with its status")
    func exitsBeforeAWindow() async throws {
        let result = try await BinaryRunner.runOffPool([
            "project", "--wayland", "--no-viewer", "--", "/bin/sh", "-c", "exit 5",
        ])
        #expect(result.status == 3, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("exited with status 5 before opening a window"), "\(result.stderr)")
    }

    @Test(
        "--backend auto runs foot on Wayland and says why; a script stays on X11; auto with --display is refused",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/foot"), "foot (Debian foot)"))
    func backendAuto() async throws {
        let result = try await BinaryRunner.runOffPool([
            "project", "--backend", "auto", "--no-viewer", "--port", "0", "--duration", "4", "--", "/usr/bin/foot",
            "/bin/sh", "-c", "exec sleep 600",
        ])
        #expect(result.status == 0, "stdout: \(result.stdout) stderr: \(result.stderr)")
        #expect(
            result.stdout.contains("backend: wayland (foot links libwayland-client and no X11 library)"),
            "\(result.stdout)")
        #expect(result.stdout.contains("on Wayland compositor /"), "\(result.stdout)")
        #expect(result.stdout.contains("state: streaming"), "\(result.stdout)")
        let script = try await BinaryRunner.runOffPool([
            "project", "--backend", "auto", "--no-viewer", "--", "/bin/sh", "-c", "exit 5",
        ])
        #expect(script.stdout.contains("backend: x11 (sh "), "\(script.stdout)")
        #expect(script.status == 3, "\(script.stderr)")
        let attach = try await BinaryRunner.runOffPool(["project", "--backend", "auto", "--display", ":1"])
        #expect(attach.status == 64)
        #expect(attach.stderr.contains("--backend auto chooses for a COMMAND"), "\(attach.stderr)")
    }

    /// A GTK 4 window on Wayland that prints its size and every scroll it gets, with Ctrl held as `ctrl`.
    static let inputProgram = """
        import os, gi
        os.environ["GDK_BACKEND"] = "wayland"
        gi.require_version("Gtk", "4.0")
        from gi.repository import Gtk, Gdk
        def activate(app):
            win = Gtk.ApplicationWindow(application=app, title="input")
            area = Gtk.DrawingArea()
            area.connect("resize", lambda _, w, h: print("size %d %d" % (w, h), flush=True))
            scroll = Gtk.EventControllerScroll.new(Gtk.EventControllerScrollFlags.VERTICAL)
            def scrolled(controller, dx, dy):
                ctrl = controller.get_current_event_state() & Gdk.ModifierType.CONTROL_MASK
                print("scroll %s%s" % ("down" if dy > 0 else "up", " ctrl" if ctrl else ""), flush=True)
                return True
            scroll.connect("scroll", scrolled)
            area.add_controller(scroll)
            win.set_child(area)
            win.present()
        app = Gtk.Application(application_id="org.carwindow.input")
        app.connect("activate", activate)
        app.run([])
        """

    @Test("GTK 4 on Wayland: --pan scroll is wheel steps, a pinch is Ctrl + wheel, a head-unit resize resizes it")
    func wheelPinchAndPictureInPicture() async throws {
        let scratch = try ScratchDirectory(prefix: "cw-wayland-input")
        let file = scratch.file("input.py")
        try Self.inputProgram.write(to: file, atomically: true, encoding: .utf8)
        let project = try ChildProcess.launch(
            executable: BinaryRunner.productsDirectory.appendingPathComponent("carwindow"),
            arguments: [
                "project", "--wayland", "--no-viewer", "--port", "0", "--duration", "120", "--record",
                scratch.url.path, "--pan", "scroll", "--", "/usr/bin/python3", file.path,
            ],
            withInput: true)
        defer { project.kill() }
        do {
            try await project.waitForLine("the window at the screen's size", in: .stdout, timeout: .seconds(60)) {
                $0 == "size 800 480"
            }
            let streaming = try await project.waitForLine("streaming", in: .stdout, timeout: .seconds(60)) {
                $0.contains("state: streaming")
            }
            // A drag up scrolls the content down: wheel-down steps, without Ctrl.
            try project.send("pan 1 400x400 400x200")
            try await project.waitForLine("wheel down", in: .stdout, after: streaming.number, timeout: .seconds(30)) {
                $0 == "scroll down"
            }
            // Two fingers apart: zoom in, Ctrl + wheel up (the virtual keyboard's modifiers reach the program).
            try project.send("pinch 1 400 240 100 250")
            try await project.waitForLine("ctrl wheel up", in: .stdout, after: streaming.number, timeout: .seconds(30))
            {
                $0 == "scroll up ctrl"
            }
            // A picture-in-picture sized screen: the output, and the window with it, take the new size.
            try project.send("resize 400x240")
            try await project.waitForLine(
                "the smaller window", in: .stdout, after: streaming.number, timeout: .seconds(30)
            ) {
                $0 == "size 400 240"
            }
        } catch {
            throw HarnessError("\(error)\ncarwindow project's last lines:\n\(project.tail(40))")
        }
        #expect(await project.stop(signal: SIGINT, grace: .seconds(30)) == 0, "\(project.tail())")
    }

    @Test("--wayland with --display is a usage error")
    func waylandWithDisplay() async throws {
        let result = try await BinaryRunner.runOffPool(["project", "--wayland", "--display", ":1"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--wayland starts its own compositor"), "\(result.stderr)")
    }

    @Test(
        "after a SIGKILL of carwindow project --wayland, the compositor, the bus and the program end",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/foot"), "foot (Debian foot)"))
    func childrenDieWithTheParent() async throws {
        let child = try ChildProcess.launch(
            executable: BinaryRunner.productsDirectory.appendingPathComponent("carwindow"),
            arguments: [
                "project", "--wayland", "--no-viewer", "--port", "0", "--duration", "50", "--", "/usr/bin/foot",
                "/bin/sh", "-c", "exec sleep 600",
            ])
        defer { child.kill() }
        let carwindow = child.pid
        try await child.waitForLine("state: streaming", in: .stdout, timeout: .seconds(30)) {
            $0.contains("state: streaming")
        }
        let children = ProjectOrphanTests.descendants(of: carwindow)
        let names = Set(children.map(\.name))
        // The private D-Bus session of the haptic rects too.
        #expect(names.isSuperset(of: ["sway", "foot", "sleep", "dbus-daemon"]), "\(children)")
        kill(carwindow, SIGKILL)
        let gone = await pollOutsideTheProcess("carwindow's children leaving /proc", within: .seconds(10)) {
            !children.contains(where: ProjectOrphanTests.alive)
        }
        #expect(gone, "still running: \(children.filter(ProjectOrphanTests.alive))")
    }

    @Test(
        "GTK 4 on Wayland: its button's haptic rect comes from its accessibility tree; a tap at its centre clicks it",
        .enabled(if: ProjectToolkitTests.gtk4Installed, "GTK 4's introspection data (Debian gir1.2-gtk-4.0)"))
    func gtk4Haptics() async throws {
        try await ProjectToolkitTests().tapTheButton(program: ProjectToolkitTests.gtk4, wayland: true)
    }

    @Test(
        "Qt 5 on Wayland: its button's haptic rect comes from its accessibility bridge; a tap at its centre clicks it",
        .enabled(if: ProjectToolkitTests.qt5Installed, "PyQt5 (Debian python3-pyqt5)"))
    func qt5Haptics() async throws {
        try await ProjectToolkitTests().tapTheButton(program: ProjectToolkitTests.qt5, wayland: true)
    }
}
