import CarWindowTesting
import Foundation
import HeadUnit
import SDLRPC
import Testing

/// Which elements of a projected program become haptic rects (docs/project-any-app.md, "Haptic rects"): controls,
/// editable text (a GTK 3 `Gtk.Entry` is role "text", not "entry") and rows a tap selects or activates; not labels
/// nor rows that do nothing. Run through the binary, for its own AT-SPI reader (one accessibility bus per process).
@Suite("carwindow project: what becomes a haptic rect", .serialized, .timeLimit(.minutes(2)))
struct ProjectHapticRuleTests {
    /// A label, a GTK 3 entry, three list rows with selection off, a button; it writes each widget's allocation
    /// (window = screen coordinates: the window is at 0,0) to the file given.
    static let gtk3 = """
        import sys, gi
        gi.require_version("Gtk", "3.0")
        from gi.repository import Gtk
        out = open(sys.argv[1], "a", buffering=1)
        win = Gtk.Window(title="haptic rule")
        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=10)
        box.pack_start(Gtk.Label(label="Search destination"), False, False, 0)
        entry = Gtk.Entry()
        entry.set_text("hello")
        rows = Gtk.ListBox()
        rows.set_selection_mode(Gtk.SelectionMode.NONE)
        for index in range(3):
            row = Gtk.ListBoxRow()
            row.set_activatable(False)
            row.add(Gtk.Label(label="Trip %d" % index))
            rows.add(row)
        button = Gtk.Button(label="Find charger")
        def allocated(name):
            def report(widget, allocation):
                position = widget.translate_coordinates(win, 0, 0)
                if position is not None:
                    out.write("%s %d %d %d %d\\n" % ((name,) + position + (allocation.width, allocation.height)))
            return report
        entry.connect("size-allocate", allocated("entry"))
        button.connect("size-allocate", allocated("button"))
        box.pack_start(entry, False, False, 0)
        box.pack_start(rows, False, False, 0)
        box.pack_start(button, False, False, 0)
        win.add(box)
        win.connect("destroy", Gtk.main_quit)
        win.show_all()
        Gtk.main()
        """

    static let patience: Duration = .seconds(40)

    /// The last allocation written for `name`: x, y, width, height.
    static func allocation(_ name: String, in file: URL) -> [Int]? {
        let lines = ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n")
        guard let line = lines.last(where: { $0.hasPrefix(name + " ") }) else { return nil }
        let numbers = line.split(separator: " ").dropFirst().compactMap { Int($0) }
        return numbers.count == 4 ? numbers : nil
    }

    static func matches(_ rect: HapticRect, _ allocation: [Int]?) -> Bool {
        guard let allocation else { return false }
        let x: Double = rect.x
        let y: Double = rect.y
        let width: Double = rect.width
        let height: Double = rect.height
        return abs(x - Double(allocation[0])) <= 1 && abs(y - Double(allocation[1])) <= 1
            && abs(width - Double(allocation[2])) <= 1 && abs(height - Double(allocation[3])) <= 1
    }

    @Test("a GTK 3 entry and a button are haptic rects; the label and the rows that do nothing are not")
    func gtk3EntryAndRows() async throws {
        let scratch = try ScratchDirectory(prefix: "cw-rule")
        let file = scratch.file("program.py")
        let output = scratch.file("out.txt")
        try Self.gtk3.write(to: file, atomically: true, encoding: .utf8)
        try await HeadUnitEventLog.withEmulator { emulator, log in
            async let run = BinaryRunner.runOffPool([
                "project", "--core", "127.0.0.1:\(emulator.port)", "--no-viewer", "--duration", "20", "--",
                "/usr/bin/python3", file.path, output.path,
            ])
            var last: [HapticRect] = []
            // Both rects, at the widgets' final allocations at the head unit's size (GTK allocates more than once).
            let arrived = await eventually(within: Self.patience, recheckingOn: await log.changes()) {
                last = await log.hapticSets.last ?? []
                let entry = Self.allocation("entry", in: output)
                let button = Self.allocation("button", in: output)
                return last.contains { Self.matches($0, entry) } && last.contains { Self.matches($0, button) }
            }
            let entry = Self.allocation("entry", in: output)
            let button = Self.allocation("button", in: output)
            #expect(arrived, "rects \(last), entry \(entry ?? []), button \(button ?? [])")
            // Nothing else: not the label, not the three rows.
            #expect(last.count == 2, "\(last)")
            let result = try await run
            #expect(result.status == 0, "\(result.stderr)")
        }
    }
}
