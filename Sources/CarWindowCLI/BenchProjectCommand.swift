import ArgumentParser
import CarWindow
import CarWindowX11
import Foundation
import Logging

/// `carwindow bench project`: the figures of the X11 projection (docs/project-any-app.md records them).
struct BenchProjectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "project",
        abstract: "Measure projecting an X11 application: capture against memcpy, a still app's CPU, touch latency.",
        discussion: """
            Capture: one full-screen MIT-SHM capture from a private Xvfb at 800x480, 1280x720 and 1920x1080, next \
            to a memcpy of the same bytes (median of --frames). Still app: the CPU of this process (capture and \
            accessibility threads, frame pump at 30 fps), of the app and of Xvfb while a GTK 3 window shows a \
            still label. Touch: a tap on a GTK 3 button whose label changes on every click, to the first frame \
            the pump renders with the change (p50/p99; the encoder is not included). Needs xvfb, dbus, \
            at-spi2-core and Debian's python3 with python3-gi and gir1.2-gtk-3.0.

              swift build -c release --product carwindow
              .build/release/carwindow bench project
            """
    )

    @Option(help: "Captures per size.")
    var frames = 100

    @Option(help: "Seconds the still app is measured.")
    var seconds = 5.0

    @Option(help: "Taps for the touch latency.")
    var taps = 30

    @Option(help: "The python3 that has the GTK bindings.")
    var python = "/usr/bin/python3"

    /// A label and a button filling the window's lower half; every click flips the label.
    static let program = """
        import gi
        gi.require_version("Gtk", "3.0")
        from gi.repository import Gtk
        win = Gtk.Window(title="bench")
        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
        label = Gtk.Label(label="0")
        button = Gtk.Button(label="Tap me")
        count = [0]
        def tapped(_):
            count[0] += 1
            label.set_markup("<span size='40000'>%d</span>" % count[0])
        button.connect("clicked", tapped)
        box.pack_start(label, True, True, 0)
        box.pack_start(button, True, True, 0)
        win.add(box)
        win.show_all()
        Gtk.main()
        """

    /// A drawing area whose colour changes on every frame clock tick, so GTK repaints all of it every frame
    /// (no cairo drawing from Python: that needs python3-gi-cairo).
    static let motionProgram = """
        import gi
        gi.require_version("Gtk", "3.0")
        gi.require_version("Gdk", "3.0")
        from gi.repository import Gtk, Gdk
        win = Gtk.Window(title="motion")
        area = Gtk.DrawingArea()
        frame = [0]
        def tick(widget, clock):
            frame[0] += 1
            t = (frame[0] % 60) / 60.0
            widget.override_background_color(Gtk.StateFlags.NORMAL, Gdk.RGBA(t, 0.3, 1 - t, 1))
            return True
        area.add_tick_callback(tick)
        win.add(area)
        win.show_all()
        Gtk.main()
        """

    func run() async throws {
        // Each figure as soon as it is measured, even into a pipe.
        let print: (String) -> Void = { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }
        var logger = Logger(label: "carwindow.bench.project")
        logger.logLevel = .warning
        print("capture (MIT-SHM, full screen) against memcpy, median of \(frames):")
        for result in try await X11Benchmark.capture(frames: frames, logger: logger) { print("  \(result)") }

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("carwindow-bench-\(UUID()).py")
        try Self.program.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }

        let still = try await X11Application.launch(
            command: [python, file.path], viewport: Size(width: 800, height: 480), haptics: true, logger: logger)
        do {
            try await still.waitForWindow()
            print("  \(try await X11Benchmark.idle(application: still, seconds: seconds))")
        } catch {
            await still.stop()
            throw error
        }
        await still.stop()

        let tapped = try await X11Application.launch(
            command: [python, file.path], viewport: Size(width: 800, height: 480), haptics: false, logger: logger)
        do {
            try await tapped.waitForWindow()
            // The button fills the lower half of the 800x480 window.
            let result = try await X11Benchmark.touchLatency(application: tapped, at: Point(x: 400, y: 360), taps: taps)
            print("  \(result)")
        } catch {
            await tapped.stop()
            throw error
        }
        await tapped.stop()

        let motionFile = file.deletingLastPathComponent().appendingPathComponent("carwindow-bench-motion-\(UUID()).py")
        try Self.motionProgram.write(to: motionFile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: motionFile) }
        let size = Size(width: 1280, height: 720)
        let motion = try await X11Application.launch(
            command: [python, motionFile.path], viewport: size, haptics: false, logger: logger)
        do {
            try await motion.waitForWindow()
            print("  \(try await X11Benchmark.throughput(application: motion, size: size, seconds: seconds))")
        } catch {
            await motion.stop()
            throw error
        }
        await motion.stop()
        let own = try await RenderBenchmark.run(frames: 60, sizes: [size])
        for result in own { print("  CarWindow's own render path, \(result)") }
    }
}
