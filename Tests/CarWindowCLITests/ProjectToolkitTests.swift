import CarWindowTesting
import Foundation
import HeadUnit
import SDLRPC
import Testing

/// `carwindow project` with toolkits other than GTK 3, run by Debian's own python3 and projected into this test's
/// emulator through `--core`: GTK 4 (Debian `gir1.2-gtk-4.0`) and Qt 5 (`python3-pyqt5`) each have their own AT-SPI
/// implementation, not the ATK bridge GTK 3 uses, and their buttons' haptic rects and taps go through the same
/// paths. The binary runs them, for its own AT-SPI reader (libatspi reads one accessibility bus per process; the
/// GTK 3 test in CarWindowX11Tests has this process's).
@Suite("carwindow project with GTK 4 and Qt 5", .serialized, .timeLimit(.minutes(2)))
struct ProjectToolkitTests {
    /// A label over a full-width "Tap me" button 120 px high; a click is written to the file given and ends the
    /// program three seconds later (the run logs the tap once its double-tap window has passed).
    static let gtk4 = """
        import os, sys, gi
        os.environ["GSK_RENDERER"] = "cairo"   # no GPU on Xvfb: Cairo rather than GL on llvmpipe
        gi.require_version("Gtk", "4.0")
        from gi.repository import Gtk, GLib
        out = open(sys.argv[1], "a", buffering=1)
        win = Gtk.Window(title="GTK 4 tap test")
        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
        label = Gtk.Label(label="Waiting")
        label.set_vexpand(True)
        button = Gtk.Button(label="Tap me")
        button.set_size_request(-1, 120)
        def tapped(_):
            label.set_markup("<span size='60000' weight='bold'>TAPPED</span>")
            out.write("tapped\\n")
            GLib.timeout_add(3000, loop.quit)   # done: the projection ends with status 0
        button.connect("clicked", tapped)
        box.append(label)
        box.append(button)
        win.set_child(box)
        loop = GLib.MainLoop()
        win.connect("close-request", lambda _: loop.quit())
        win.present()
        loop.run()
        """

    /// The same window in Qt 5 (PyQt5).
    static let qt5 = """
        import sys
        from PyQt5.QtWidgets import QApplication, QWidget, QVBoxLayout, QLabel, QPushButton
        from PyQt5.QtCore import QTimer
        out = open(sys.argv[1], "a", buffering=1)
        app = QApplication(sys.argv)
        win = QWidget()
        win.setWindowTitle("Qt 5 tap test")
        layout = QVBoxLayout(win)
        label = QLabel("Waiting")
        layout.addWidget(label, 1)
        button = QPushButton("Tap me")
        button.setMinimumHeight(120)
        layout.addWidget(button)
        def tapped():
            label.setText("TAPPED")
            out.write("tapped\\n")
            QTimer.singleShot(3000, app.quit)   # done: the projection ends with status 0
        button.clicked.connect(tapped)
        win.show()
        sys.exit(app.exec_())
        """

    static var gtk4Installed: Bool {
        FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/girepository-1.0/Gtk-4.0.typelib")
    }

    static var qt5Installed: Bool {
        FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/PyQt5/QtWidgets.abi3.so")
    }

    /// How long a wait may take at most: it bounds a failure, not the usual case.
    static let patience: Duration = .seconds(40)

    @Test(
        "a GTK 4 button's haptic rect comes from GTK 4's accessibility tree; a tap at its centre clicks it",
        .enabled(if: gtk4Installed, "GTK 4's introspection data is not installed (Debian gir1.2-gtk-4.0)"))
    func gtk4Button() async throws {
        try await tapTheButton(program: Self.gtk4)
    }

    @Test(
        "a Qt 5 button's haptic rect comes from Qt's accessibility bridge; a tap at its centre clicks it",
        .enabled(if: qt5Installed, "PyQt5 is not installed (Debian python3-pyqt5)"))
    func qt5Button() async throws {
        try await tapTheButton(program: Self.qt5)
    }

    /// Projects `program`, finds its full-width button at the bottom among the haptic rects, taps its centre and
    /// checks the program saw the click and the run logged the tap as a `gesture`, as it does for every source.
    /// With `wayland` the program runs in `project --wayland`'s compositor, its toolkit told to use Wayland.
    func tapTheButton(program: String, wayland: Bool = false) async throws {
        let scratch = try ScratchDirectory(prefix: "cw-toolkit")
        let file = scratch.file("program.py")
        let output = scratch.file("out.txt")
        try program.write(to: file, atomically: true, encoding: .utf8)
        try await HeadUnitEventLog.withEmulator { emulator, log in
            // The program ends three seconds after its click; --duration ends a run whose tap went nowhere.
            let backend =
                wayland
                ? ["--wayland", "--", "/usr/bin/env", "GDK_BACKEND=wayland", "QT_QPA_PLATFORM=wayland"] : ["--"]
            async let run = BinaryRunner.runOffPool(
                [
                    "project", "--core", "127.0.0.1:\(emulator.port)", "--no-viewer", "--duration", "45", "--events",
                    "-",
                ] + backend + ["/usr/bin/python3", file.path, output.path])
            // The button spans the window's width at the bottom, 120 px high (less the toolkit's margins).
            var rect: HapticRect?
            let arrived = await eventually(within: Self.patience, recheckingOn: await log.changes()) {
                rect = await log.hapticSets.last?.first { candidate in
                    let width: Double = candidate.width
                    let height: Double = candidate.height
                    let y: Double = candidate.y
                    return width >= 700 && (110.0...140.0).contains(height) && y + height >= 450
                }
                return rect != nil
            }
            let sets = await log.hapticSets
            #expect(arrived, "haptic sets: \(sets)")
            if let hit = rect, let app = await log.app {
                _ = try await emulator.headUnit.injectTouches(
                    OnTouchEvent.tap(x: hit.center.x, y: hit.center.y, at: 1000), to: app)
                // The program writes "tapped" as it changes its label, so the video frames of the new label follow
                // the write.
                let clicked = await eventually(within: Self.patience, recheckingOn: await log.changes()) {
                    ((try? String(contentsOf: output, encoding: .utf8)) ?? "").contains("tapped")
                }
                #expect(clicked, "the button was not clicked")
            }
            let result = try await run
            #expect(result.status == 0, "\(result.stderr)")
            #expect(rect != nil, "carwindow project's log: \(result.stderr)")
            if let hit = rect {
                // The emulator streams at scale 1: view points are its pixels, rounded as an HMI reports them.
                let (x, y) = (hit.center.x.rounded(), hit.center.y.rounded())
                let tap = #""event":"gesture","kind":"tap","x":\#(x),"y":\#(y),"#
                #expect(result.stdout.contains(tap), "no '\(tap)' in:\n\(result.stdout)")
            }
        }
    }
}
