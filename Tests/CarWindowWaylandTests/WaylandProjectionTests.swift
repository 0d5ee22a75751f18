import CarWindow
import CarWindowTesting
import Foundation
import HeadUnit
import SDLRPC
import Testing

@testable import CarWindowWayland

/// Real Wayland programs projected into the emulator through a private headless sway: GTK 4 and Qt 5 programs forced
/// to Wayland and foot, a terminal that speaks nothing but Wayland. Each change a touch makes is seen in the capture and
/// then in the decoded video.
extension WaylandPrograms {
    @Suite("Wayland programs projected into the emulator", .serialized, .timeLimit(.minutes(2)))
    @CarWindowActor
    struct WaylandProjectionTests {
        /// One button filling the window ("Tap me"); a click makes its label a huge bold TAPPED and writes "tapped"
        /// (and, first, the GDK backend it got) to the file given as its argument.
        static let gtk4Program = """
            import sys, gi
            gi.require_version("Gtk", "4.0")
            from gi.repository import Gtk, GLib, Gdk
            out = open(sys.argv[1], "a", buffering=1)
            out.write("backend %s\\n" % type(Gdk.Display.get_default()).__name__)
            win = Gtk.Window(title="Tap test")
            button = Gtk.Button(label="Tap me")
            def tapped(_):
                label = Gtk.Label()
                label.set_markup("<span size='60000' weight='bold'>TAPPED</span>")
                button.set_child(label)
                out.write("tapped\\n")
            button.connect("clicked", tapped)
            win.set_child(button)
            loop = GLib.MainLoop()
            win.connect("close-request", lambda *_: loop.quit())
            win.present()
            loop.run()
            """

        static func lines(_ file: URL) -> [String] {
            ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }

        nonisolated static var gtk4Installed: Bool {
            FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/girepository-1.0/Gtk-4.0.typelib")
        }

        nonisolated static var footInstalled: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/foot") }

        /// The same program in Qt 5: one button filling the window; a click makes it read a huge bold TAPPED.
        static let qtProgram = """
            import sys
            from PyQt5.QtWidgets import QApplication, QPushButton
            from PyQt5.QtGui import QFont
            out = open(sys.argv[1], "a", buffering=1)
            app = QApplication(sys.argv[:1])
            out.write("platform %s\\n" % app.platformName())
            button = QPushButton("Tap me")
            def tapped():
                button.setText("TAPPED")
                font = QFont()
                font.setPointSize(60)
                font.setBold(True)
                button.setFont(font)
                out.write("tapped\\n")
            button.clicked.connect(tapped)
            button.show()
            app.exec_()
            """

        nonisolated static var qtInstalled: Bool {
            FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/PyQt5/QtWidgets.abi3.so")
                && FileManager.default.fileExists(
                    atPath: "/usr/lib/x86_64-linux-gnu/qt5/plugins/platforms/libqwayland-generic.so")
        }

        @Test(
            "GTK 4 on Wayland (GDK_BACKEND=wayland, no DISPLAY): a tap clicks its button; the capture and the video show it",
            .enabled(if: gtk4Installed, "GTK 4's introspection data is not installed (Debian gir1.2-gtk-4.0)"))
        func gtk4Tap() async throws {
            try await tapChangesTheProgram(
                source: Self.gtk4Program, environment: ["GDK_BACKEND": "wayland"], says: "backend GdkWaylandDisplay")
        }

        @Test(
            "Qt 5 on Wayland (QT_QPA_PLATFORM=wayland, no DISPLAY): a tap clicks its button; the capture and the video show it",
            .enabled(
                if: qtInstalled, "PyQt5 or Qt's Wayland plugin is not installed (Debian python3-pyqt5, qtwayland5)"))
        func qtTap() async throws {
            try await tapChangesTheProgram(
                source: Self.qtProgram, environment: ["QT_QPA_PLATFORM": "wayland"], says: "platform wayland")
        }

        /// Runs `source` with Debian's python3 in the compositor, checks its first line (the toolkit's backend), taps
        /// the middle of the screen and expects the program to say "tapped" and the middle to change, in the capture
        /// and in the decoded video.
        func tapChangesTheProgram(source: String, environment: [String: String], says backend: String) async throws {
            let program = try writeProgram(source, named: "tap.py")
            let output = program.deletingLastPathComponent().appendingPathComponent("out.txt")
            defer { try? FileManager.default.removeItem(at: program.deletingLastPathComponent()) }
            try await EmulatorFixture.run { emulator in
                // A DISPLAY that leads nowhere: the program must not need it.
                let harness = try await WaylandHarness(
                    emulator: emulator, command: [systemPython, program.path, output.path],
                    environment: environment.merging(["DISPLAY": ":404"]) { $1 })
                do {
                    let app = try await harness.start(frames: 2)
                    try await harness.settle()
                    #expect(Self.lines(output).first == backend, "\(Self.lines(output))")
                    let application = harness.application
                    let centre = (x: 250, y: 190, w: 300, h: 140)
                    let before = capturedPixels(application, in: centre)
                    try #require(!before.isEmpty, "no capture of the window")
                    try await harness.frames(2)
                    let framesBefore = await harness.log.videoFrames
                    _ = try await emulator.headUnit.injectTouches(OnTouchEvent.tap(x: 400, y: 260, at: 1000), to: app)
                    #expect(
                        await eventually(within: patience, recheckingOn: application.captureCounts()) {
                            Self.lines(output).contains("tapped")
                        }, "the button was not clicked: \(Self.lines(output))")
                    #expect(
                        await eventually(within: patience, recheckingOn: application.captureCounts()) {
                            let now = capturedPixels(application, in: centre)
                            return now.count == before.count && zip(now, before).filter { $0 != $1 }.count > 1000
                        }, "the capture does not show TAPPED")
                    try await harness.frames(2)
                    await harness.shutDown()

                    let file = try #require(try emulator.recordingFiles().last)
                    let summary = try await VideoProbe().summary(of: file)
                    #expect((summary.width, summary.height) == (800, 480))
                    let frames = try await Frames.luma(file, width: 800, height: 480)
                    try #require(frames.count >= framesBefore + 1, "\(frames.count) frames, \(framesBefore) before")
                    let still = Frames.difference(
                        frames[framesBefore - 2], frames[framesBefore - 1], width: 800, in: centre)
                    let changed = Frames.difference(
                        frames[framesBefore - 1], frames[frames.count - 1], width: 800, in: centre)
                    #expect(still < 1, "the button area is still before the tap")
                    #expect(changed > 5, "the button area shows TAPPED after the tap")
                } catch {
                    await harness.shutDown()
                    throw error
                }
            }
        }

        @Test(
            "foot (Wayland only): a drag selects its text, which the capture and the video show; the stream decodes",
            .enabled(if: footInstalled, "foot is not installed (Debian foot)"))
        func footDragSelects() async throws {
            try await EmulatorFixture.run { emulator in
                let text = String(repeating: "WAYLAND ", count: 8)
                let harness = try await WaylandHarness(
                    emulator: emulator,
                    command: ["/usr/bin/foot", "/bin/sh", "-c", "printf '\(text)'; exec sleep 600"],
                    environment: ["DISPLAY": ":404"])
                do {
                    let app = try await harness.start(frames: 2)
                    try await harness.settle()
                    let application = harness.application
                    // The first line of the terminal, where the text is.
                    let line = (x: 0, y: 0, w: 400, h: 16)
                    let before = capturedPixels(application, in: line)
                    try #require(before.contains { $0 > 128 }, "the text is not on screen")
                    try await harness.frames(2)
                    let framesBefore = await harness.log.videoFrames
                    _ = try await emulator.headUnit.injectTouches(
                        OnTouchEvent.pan(from: (x: 4, y: 8), to: (x: 380, y: 8), steps: 8, at: 1000), to: app)
                    // A selection inverts the cells: many pixels of the line change.
                    #expect(
                        await eventually(within: patience, recheckingOn: application.captureCounts()) {
                            let now = capturedPixels(application, in: line)
                            return now.count == before.count && zip(now, before).filter { $0 != $1 }.count > 1000
                        }, "the drag did not select the text")
                    try await harness.frames(2)
                    await harness.shutDown()

                    let file = try #require(try emulator.recordingFiles().last)
                    let summary = try await VideoProbe().summary(of: file)
                    #expect((summary.width, summary.height) == (800, 480))
                    let frames = try await Frames.luma(file, width: 800, height: 480)
                    try #require(frames.count >= framesBefore + 1)
                    let area = (x: 0, y: 0, w: 384, h: 16)
                    let changed = Frames.difference(
                        frames[framesBefore - 1], frames[frames.count - 1], width: 800, in: area)
                    #expect(changed > 20, "the video shows the selection")
                } catch {
                    await harness.shutDown()
                    throw error
                }
            }
        }

        @Test(
            "a head-unit resize to 1280x720 resizes the compositor's output: the program fills it, the video has it",
            .enabled(if: footInstalled, "foot is not installed (Debian foot)"))
        func resize() async throws {
            try await EmulatorFixture.run { emulator in
                // foot's background is dark; a full-screen colour test pattern is not: `printf` fills lines of text.
                let harness = try await WaylandHarness(
                    emulator: emulator, command: ["/usr/bin/foot", "/bin/sh", "-c", "exec sleep 600"],
                    environment: ["DISPLAY": ":404"])
                do {
                    _ = try await harness.start(frames: 2)
                    try await emulator.headUnit.resize(to: VideoSize(width: 1280, height: 720))
                    let application = harness.application
                    #expect(
                        await eventually(within: patience, recheckingOn: application.captureCounts()) {
                            capturedSize(application) == (1280, 720)
                        }, "the capture is \(capturedSize(application))")
                    try await harness.settle()
                    try await harness.frames(3)
                    await harness.shutDown()
                    let probe = VideoProbe()
                    var sizes: [String] = []
                    for file in try emulator.recordingFiles() {
                        let summary = try await probe.summary(of: file)
                        sizes.append("\(summary.width)x\(summary.height)")
                    }
                    #expect(sizes.contains("1280x720"), "\(sizes)")
                } catch {
                    await harness.shutDown()
                    throw error
                }
            }
        }

        @Test(
            "a still program costs no captures: over 5 s the stream has only refresh frames",
            .enabled(if: footInstalled, "foot is not installed (Debian foot)"))
        func stillProgram() async throws {
            try await EmulatorFixture.run { emulator in
                let harness = try await WaylandHarness(
                    emulator: emulator, command: ["/usr/bin/foot", "/bin/sh", "-c", "printf still; exec sleep 600"],
                    environment: ["DISPLAY": ":404"])
                do {
                    _ = try await harness.start(frames: 2)
                    let application = harness.application
                    let settled = await quietPeriod(
                        of: application.captureCounts(), lasting: .seconds(1), within: .seconds(20)
                    ) { application.captureCount }
                    try #require(settled)
                    let pump = try #require(harness.windowSource.pump)
                    let before = pump.statistics
                    let capturesBefore = application.captureCount
                    // A measurement window, not a synchronisation: nothing should happen in it.
                    try await Task.sleep(for: .seconds(5))
                    let after = pump.statistics
                    #expect(application.captureCount == capturesBefore)
                    #expect(after.framesRendered == before.framesRendered, "\(before) -> \(after)")
                    #expect(after.refreshFrames > before.refreshFrames, "refresh frames keep the stream alive")
                    await harness.shutDown()
                } catch {
                    await harness.shutDown()
                    throw error
                }
            }
        }
    }
}
