import ArgumentParser
import CarWindow
import CarWindowDemo
import CarWindowWayland
import CarWindowX11
import Foundation
import Logging

/// `carwindow bench project`: the figures of the X11 and the Wayland projection (docs/project-any-app.md records
/// them).
struct BenchProjectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "project",
        abstract:
            "Measure projecting an X11 or Wayland application: capture against memcpy, a still app's CPU, touch latency.",
        discussion: """
            Capture: one full-screen MIT-SHM capture from a private Xvfb at 800x480, 1280x720 and 1920x1080, next \
            to a memcpy of the same bytes (median of --frames). Still app: the CPU of this process (capture and \
            accessibility threads, frame pump at 30 fps), of the app and of Xvfb while a GTK 3 window shows a \
            still label. Touch: a tap on a GTK 3 button whose label changes on every click, to the first frame \
            the pump renders with the change (p50/p99; the encoder is not included). Needs xvfb, dbus, \
            at-spi2-core and Debian's python3 with python3-gi and gir1.2-gtk-3.0.

            With --wayland, the same figures for a Wayland projection: the GTK windows run in a private headless \
            sway with GDK_BACKEND=wayland (your COMMAND with WAYLAND_DISPLAY set), and the server's CPU is sway's. \
            There is no capture-against-memcpy line: screencopy is paced by the compositor's damage, so its cost \
            shows in the still app's CPU and the touch figures. Needs sway.

            With -- COMMAND, your program is measured instead of the GTK windows (capture is the same): the still \
            app's CPU while it shows what it shows, and taps at --tap (the viewport's centre by default), each \
            timed to the first frame in which the program drew a change. Tap where the program changes at every \
            tap (a counter, a toggle); a tap that changed nothing within 2 s is counted apart, not in the figures.

              swift build -c release --product carwindow
              .build/release/carwindow bench project
              .build/release/carwindow bench project --tap 400,300 -- xcalc
              .build/release/carwindow bench project --wayland
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

    @Flag(help: "Measure the Wayland projection (a private headless sway) instead of X11.")
    var wayland = false

    @Option(
        help: ArgumentHelp(
            "With -- COMMAND: where the taps land, in the 800x480 viewport's points.", valueName: "X,Y"))
    var tap: ViewportPoint?

    @Argument(
        parsing: .postTerminator,
        help: ArgumentHelp("A program to measure instead of the built-in GTK windows.", valueName: "COMMAND"))
    var command: [String] = []

    /// The viewport the programs are projected into.
    static let viewport = Size(width: 800, height: 480)

    func validate() throws {
        if tap != nil, command.isEmpty {
            throw ValidationError("--tap is for a program of your own: put it after --, e.g. --tap 400,300 -- xcalc")
        }
        if let tap, !tap.isInside(width: Self.viewport.width, height: Self.viewport.height) {
            throw ValidationError("--tap \(tap) is outside the 800x480 viewport")
        }
    }

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
        if wayland {
            print("Wayland (a private headless sway): no capture-against-memcpy line (screencopy follows damage)")
        } else {
            print("capture (MIT-SHM, full screen) against memcpy, median of \(frames):")
            for result in try await X11Benchmark.capture(frames: frames, logger: logger) { print("  \(result)") }
        }
        if !command.isEmpty {
            try await measure(command, logger: logger, print: print)
            return
        }

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("carwindow-bench-\(UUID()).py")
        try Self.program.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }

        // The button fills the lower half of the 800x480 window.
        try await measureStillAndTaps([python, file.path], at: Point(x: 400, y: 360), logger: logger, print: print)

        let motionFile = file.deletingLastPathComponent().appendingPathComponent("carwindow-bench-motion-\(UUID()).py")
        try Self.motionProgram.write(to: motionFile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: motionFile) }
        let size = Size(width: 1280, height: 720)
        try await withApplication([python, motionFile.path], viewport: size, haptics: false, logger: logger) {
            print("  \(try await X11Benchmark.throughput(application: $0, size: size, seconds: seconds))")
        }
        let own = try await RenderBenchmark.run(frames: 60, sizes: [size])
        for result in own { print("  CarWindow's own render path, \(result)") }
    }

    /// The user's program, measured as the built-in GTK window is.
    private func measure(_ command: [String], logger: Logger, print: (String) -> Void) async throws {
        print("program: \(command.joined(separator: " "))")
        let point = tap?.point ?? Point(x: Self.viewport.width / 2, y: Self.viewport.height / 2)
        try await measureStillAndTaps(command, at: point, logger: logger, print: print)
    }

    /// The still app's CPU, then the taps at `point`, each in a launch of its own: the first with its haptic rects
    /// read (as `carwindow project` does), the second without. A run in which no tap changed anything fails.
    private func measureStillAndTaps(
        _ command: [String], at point: Point, logger: Logger, print: (String) -> Void
    ) async throws {
        try await withApplication(command, viewport: Self.viewport, haptics: true, logger: logger) {
            print("  \(try await X11Benchmark.idle(application: $0, seconds: seconds))")
        }
        try await withApplication(command, viewport: Self.viewport, haptics: false, logger: logger) {
            let latency = try await X11Benchmark.touchLatency(application: $0, at: point, taps: taps)
            print("  \(latency)")
            if latency.samples.isEmpty, taps > 0 {
                throw ValidationError(
                    "no tap at \(point.x.formatted()),\(point.y.formatted()) changed the program: --tap where it "
                        + "changes at every tap")
            }
        }
    }

    /// Launches `command` on a private display (X11) or compositor (`--wayland`), waits for its window, runs `body`,
    /// and stops it whatever happens.
    private func withApplication(
        _ command: [String], viewport: Size, haptics: Bool, logger: Logger,
        _ body: (any BenchmarkedProgram) async throws -> Void
    ) async throws {
        let application: any BenchmarkedProgram
        if wayland {
            // GTK picks Wayland by itself when WAYLAND_DISPLAY is set; this makes sure of it for the built-in windows.
            var environment = ProcessInfo.processInfo.environment
            environment["GDK_BACKEND"] = "wayland"
            application = try await WaylandApplication.launch(
                command: command, viewport: viewport, haptics: haptics, environment: environment, logger: logger)
        } else {
            application = try await X11Application.launch(
                command: command, viewport: viewport, haptics: haptics, logger: logger)
        }
        do {
            try await application.waitForWindow(timeout: .seconds(20))
            try await body(application)
        } catch {
            await application.stop(grace: X11Application.defaultGrace)
            throw error
        }
        await application.stop(grace: X11Application.defaultGrace)
    }
}

/// `--tap X,Y`: a point in the viewport, in points.
struct ViewportPoint: ExpressibleByArgument, CustomStringConvertible {
    var point: Point

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite else {
            return nil
        }
        point = Point(x: x, y: y)
    }

    var description: String { "\(point.x.formatted()),\(point.y.formatted())" }

    /// Whether the point lies in a `width` x `height` viewport, edges included.
    func isInside(width: Double, height: Double) -> Bool {
        (0...width).contains(point.x) && (0...height).contains(point.y)
    }
}
