import CarWindow
import CarWindowTesting
import CarWindowX11
import Foundation
import HeadUnit
import Logging
import SDLRPC
import Testing

/// A GTK 3 program, projected: its button's haptic rect, a tap on it through the emulator, the video.
extension X11Programs {
    @Suite("GTK 3 program projected into the emulator", .serialized, .timeLimit(.minutes(2)))
    @CarWindowActor
    struct GTKProjectionTests {
        /// A label and a "Tap me" button; it writes the button's allocation (window = screen coordinates: the window is
        /// placed at 0,0) and each click to the file given as its argument.
        static let program = """
            import sys, gi
            gi.require_version("Gtk", "3.0")
            from gi.repository import Gtk, GLib
            out = open(sys.argv[1], "a", buffering=1)
            win = Gtk.Window(title="Tap test")
            box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=0)
            label = Gtk.Label(label="Waiting")
            label.set_size_request(-1, 200)
            button = Gtk.Button(label="Tap me")
            button.set_size_request(-1, 120)
            def tapped(_):
                label.set_markup("<span size='60000' weight='bold'>TAPPED</span>")
                out.write("tapped\\n")
            def allocated(widget, allocation):
                position = widget.translate_coordinates(win, 0, 0)
                if position is None:
                    return
                x, y = position
                out.write("button %d %d %d %d\\n" % (x, y, allocation.width, allocation.height))
            button.connect("clicked", tapped)
            button.connect("size-allocate", allocated)
            box.pack_start(label, True, True, 0)
            box.pack_start(button, False, False, 0)
            win.add(box)
            win.connect("destroy", Gtk.main_quit)
            win.show_all()
            Gtk.main()
            """

        static func lines(_ file: URL) -> [String] {
            ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }

        @Test(
            "the button's haptic rect arrives from AT-SPI; a tap at its centre clicks it and the video shows the change"
        )
        func tapTheButton() async throws {
            let program = try writeProgram(Self.program, named: "tap.py")
            let output = program.deletingLastPathComponent().appendingPathComponent("out.txt")
            defer { try? FileManager.default.removeItem(at: program.deletingLastPathComponent()) }
            try await EmulatorFixture.run { emulator in
                let harness = try await X11Harness(
                    emulator: emulator, command: [systemPython, program.path, output.path])
                do {
                    let app = try await harness.start(frames: 2)
                    // The button's last allocation at the viewport size (GTK allocates more than once while mapping).
                    var button: [Int] = []
                    // GTK allocates as it lays out, and draws what it laid out: captures follow each line written.
                    let captures = harness.application.captureCounts()
                    let allocated = await eventually(within: patience, recheckingOn: captures) {
                        guard let line = Self.lines(output).last(where: { $0.hasPrefix("button ") }) else {
                            return false
                        }
                        button = line.split(separator: " ").dropFirst().compactMap { Int($0) }
                        return button.count == 4 && button[2] == 800
                    }
                    #expect(allocated, "\(Self.lines(output))")
                    let log = harness.log
                    var rect: SDLRPC.HapticRect?
                    let arrived = await eventually(within: patience, recheckingOn: await log.changes()) {
                        rect = await log.hapticSets.last?.first { Int($0.width) == 800 && Int($0.height) == button[3] }
                        return rect != nil
                    }
                    let sets = await log.hapticSets
                    try #require(arrived, "haptic sets: \(sets)")
                    let hit = try #require(rect)
                    #expect(Int(hit.x) == button[0] && Int(hit.y) == button[1], "rect \(hit), button \(button)")

                    // Two frames before the tap at least (the refresh frames come by themselves): the "before" check
                    // below compares them.
                    #expect(
                        await eventually(within: patience, recheckingOn: await log.videoFrameCounts()) {
                            await log.videoFrames >= 2
                        })
                    let framesBefore = await log.videoFrames
                    let center = (x: Int(hit.x + hit.width / 2), y: Int(hit.y + hit.height / 2))
                    _ = try await emulator.headUnit.injectTouches(
                        OnTouchEvent.tap(x: Double(center.x), y: Double(center.y), at: 1000), to: app)
                    // The program writes "tapped" as it changes its label: captures of the new label follow the write.
                    #expect(
                        await eventually(within: patience, recheckingOn: harness.application.captureCounts()) {
                            Self.lines(output).contains("tapped")
                        }, "the button was not clicked")
                    #expect(
                        await eventually(within: patience, recheckingOn: await log.videoFrameCounts()) {
                            await log.videoFrames >= framesBefore + 2
                        })

                    // A second projection in this process while the first reads its tree: libatspi serves one bus per
                    // process, so the second sends no haptic rects, and says why, once.
                    let said = RecordingLogHandler.Messages()
                    let second = try await X11Application.launch(
                        command: ["sleep", "30"], viewport: Size(width: 320, height: 240),
                        logger: Logger(label: "carwindow.x11.second") { _ in RecordingLogHandler(sink: said) })
                    await second.stop(grace: .milliseconds(500))
                    let oneBus = said.messages.filter { $0.contains("libatspi has one bus per process") }
                    #expect(oneBus.count == 1, "\(said.messages)")
                    await harness.shutDown()

                    let file = try #require(try emulator.recordingFiles().first)
                    let frames = try await Frames.luma(file, width: 800, height: 480)
                    try #require(frames.count >= framesBefore + 1)
                    // The label fills the area above the button: compare the last two frames before the tap, then the
                    // last one before it with the last frame. (The first frames may still show the app painting itself
                    // on a busy machine; by the haptic rect's arrival it has painted.)
                    try #require(framesBefore >= 2)
                    let labelArea = (x: 100, y: 40, w: 600, h: max(40, button[1] - 80))
                    let reference = frames[framesBefore - 1]
                    let before = Frames.difference(frames[framesBefore - 2], reference, width: 800, in: labelArea)
                    let after = Frames.difference(reference, frames[frames.count - 1], width: 800, in: labelArea)
                    #expect(before < 1, "the label area is still before the tap")
                    #expect(after > 5, "the label area shows TAPPED after the tap")
                } catch {
                    await harness.shutDown()
                    throw error
                }
            }
        }
    }
}
