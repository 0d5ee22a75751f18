import BrowserTestSupport
import CarWindowTesting
import CarWindowTestingTools
import Foundation
import HeadUnit
import SDLRPC
import Testing

/// Typing into a projected program on the head unit's keyboard, through the `carwindow` binary and the emulator: a
/// tap on the program's text field opens the keyboard with the field's text, what is typed there arrives in the
/// program as it is typed (read back from the program and seen in the decoded video), a submission presses Return,
/// a cancel puts the old text back, and a moving car greys the keyboard out. One program per toolkit: GTK 3, GTK 4,
/// Qt 5 and an HTML `<input>` in Chromium, each printing its field's text on every change.
@Suite("carwindow project: typing on the head unit's keyboard", .serialized, .timeLimit(.minutes(3)))
struct ProjectTypingTests {
    enum Toolkit: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case gtk3, gtk4, qt5, chromium
        /// GTK 4 on Wayland (`--wayland`): the virtual keyboard types through keymaps made for the text.
        case gtk4Wayland
        /// Qt 5 on Wayland (`--wayland`, `QT_QPA_PLATFORM=wayland`).
        case qt5Wayland
        var testDescription: String { rawValue }
    }

    static let gtk3 = """
        import gi
        gi.require_version("Gtk", "3.0")
        from gi.repository import Gtk
        win = Gtk.Window(title="typing")
        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
        entry = Gtk.Entry()
        entry.set_text("Main St")
        entry.connect("changed", lambda e: print("text " + e.get_text(), flush=True))
        entry.connect("activate", lambda e: print("activated " + e.get_text(), flush=True))
        box.pack_start(entry, False, False, 40)
        win.add(box)
        win.connect("destroy", Gtk.main_quit)
        win.show_all()
        Gtk.main()
        """

    static let gtk4 = """
        import gi
        gi.require_version("Gtk", "4.0")
        from gi.repository import Gtk
        def activate(app):
            win = Gtk.ApplicationWindow(application=app, title="typing")
            box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
            entry = Gtk.Entry()
            entry.set_text("Main St")
            entry.set_margin_top(40)
            entry.connect("changed", lambda e: print("text " + e.get_text(), flush=True))
            entry.connect("activate", lambda e: print("activated " + e.get_text(), flush=True))
            box.append(entry)
            win.set_child(box)
            win.present()
        app = Gtk.Application(application_id="org.carwindow.typing")
        app.connect("activate", activate)
        app.run([])
        """

    static let qt5 = """
        import sys
        from PyQt5.QtWidgets import QApplication, QLineEdit, QVBoxLayout, QWidget
        app = QApplication(sys.argv[:1])
        window = QWidget()
        layout = QVBoxLayout(window)
        layout.setContentsMargins(0, 40, 0, 0)
        field = QLineEdit("Main St")
        field.textChanged.connect(lambda text: print("text " + text, flush=True))
        field.returnPressed.connect(lambda: print("activated " + field.text(), flush=True))
        layout.addWidget(field)
        layout.addStretch()
        window.show()
        sys.exit(app.exec_())
        """

    static let page = """
        <!doctype html><html><head><style>
        body { margin: 0; background: #ffffff; }
        input { position: absolute; left: 100px; top: 100px; width: 500px; height: 60px; font-size: 32px; }
        </style></head><body>
        <input id="field" value="Main St">
        <script>
        const field = document.getElementById("field");
        field.addEventListener("input", () => console.log("text " + field.value));
        field.addEventListener("keydown", (e) => { if (e.key === "Enter") console.log("activated " + field.value); });
        </script>
        </body></html>
        """

    static var chromium: String? {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static let patience: Duration = .seconds(40)

    /// The command that runs `toolkit`'s program, written into `scratch`.
    static func command(_ toolkit: Toolkit, in scratch: borrowing ScratchDirectory) throws -> [String] {
        let program: String
        switch toolkit {
        case .gtk3: program = gtk3
        case .gtk4: program = gtk4
        case .gtk4Wayland: program = "import os\nos.environ[\"GDK_BACKEND\"] = \"wayland\"\n" + gtk4
        case .qt5Wayland: program = "import os\nos.environ[\"QT_QPA_PLATFORM\"] = \"wayland\"\n" + qt5
        case .qt5: program = qt5
        case .chromium:
            let page = scratch.file("page.html")
            try Self.page.write(to: page, atomically: true, encoding: .utf8)
            let chromium = try #require(Self.chromium, "Chromium is not installed (scripts/install-deps.sh)")
            return [
                chromium, "--force-renderer-accessibility", "--no-sandbox", "--no-first-run", "--disable-gpu",
                "--disable-dev-shm-usage", "--password-store=basic", "--noerrdialogs", "--kiosk",
                "--enable-logging=stderr", "--v=0", "--user-data-dir=\(scratch.file("profile").path)",
                "--app=file://\(page.path)",
            ]
        }
        let file = scratch.file("program.py")
        try program.write(to: file, atomically: true, encoding: .utf8)
        return ["/usr/bin/python3", file.path]
    }

    /// A line the program printed about its field (Chromium's console lines quote the message).
    static func said(_ message: String) -> (String) -> Bool {
        { $0 == message || $0.contains("\"\(message)\"") }
    }

    @Test(
        "a tap opens the keyboard with the field's text; typing, backspace and submit reach the program",
        arguments: Toolkit.allCases)
    func typeIntoProgram(toolkit: Toolkit) async throws {
        let scratch = try ScratchDirectory(prefix: "cw-typing")
        let command = try Self.command(toolkit, in: scratch)
        let carwindow = BinaryRunner.productsDirectory.appendingPathComponent("carwindow")
        try await HeadUnitEventLog.withEmulator { emulator, log in
            let project = try ChildProcess.launch(
                executable: carwindow,
                arguments: [
                    "project", "--core", "127.0.0.1:\(emulator.port)", "--no-viewer", "--duration", "120",
                ] + ([.gtk4Wayland, .qt5Wayland].contains(toolkit) ? ["--wayland"] : []) + ["--"] + command)
            defer { project.kill() }
            do {
                // The field's haptic rect: the program's only control.
                var field: HapticRect?
                let arrived = await eventually(within: Self.patience, recheckingOn: await log.changes()) {
                    field = await log.hapticSets.last?.first
                    let frames = await log.frames
                    return field != nil && frames >= 1
                }
                let sets = await log.hapticSets
                try #require(arrived, "haptic sets: \(sets)")
                let rect = try #require(field)
                let app = try #require(await log.app)
                try await openKeyboard(on: rect, app: app, emulator: emulator, log: log, expecting: "Main St")
                let before = await log.frames
                // ß is on no key of the US keyboard: X11 lends it a spare keycode, Wayland makes a keymap for it.
                let typed = "Hafenstraße 5x"
                let final = String(typed.dropLast())
                try await emulator.headUnit.keyboardType(typed, for: app)
                let typedLine = try await project.waitForLine(
                    "the typed text", timeout: Self.patience, where: Self.said("text \(typed)"))
                try await emulator.headUnit.keyboardBackspace(for: app)
                try await project.waitForLine(
                    "the backspace", after: typedLine.number, timeout: Self.patience, where: Self.said("text \(final)"))
                try await emulator.headUnit.keyboardSubmit(for: app)
                try await project.waitForLine("Return", timeout: Self.patience, where: Self.said("activated \(final)"))
                // The new text is in the video: the field's pixels changed from the frame before typing.
                let typedAt = await log.frames
                #expect(
                    await eventually(within: Self.patience, recheckingOn: await log.changes()) {
                        await log.frames >= typedAt + 3
                    })
                let recording = try #require(try emulator.recordingFiles().first)
                let lumas = try await ProjectChromiumTests.luma(recording)
                try #require(before >= 1 && lumas.count > before, "frames: \(before) before, \(lumas.count) decoded")
                let changed = Self.changedPixels(lumas[before - 1], try #require(lumas.last), in: rect)
                #expect(changed >= 150, "pixels of the field that changed in the video: \(changed)")

                // Tapped again, it opens on the new text; a cancel puts it back.
                try await openKeyboard(on: rect, app: app, emulator: emulator, log: log, expecting: final)
                try await emulator.headUnit.keyboardType("zz", for: app)
                let zz = try await project.waitForLine("zz", timeout: Self.patience, where: Self.said("text zz"))
                try await emulator.headUnit.keyboardCancel(for: app)
                try await project.waitForLine(
                    "the old text back", after: zz.number, timeout: Self.patience, where: Self.said("text \(final)"))

                // A moving car greys the keyboard out: typing and submitting are refused, cancelling is not.
                try await openKeyboard(on: rect, app: app, emulator: emulator, log: log, expecting: final)
                await emulator.headUnit.setDriverDistraction(true)
                do {
                    try await emulator.headUnit.keyboardType("moving", for: app)
                    Issue.record("typing while the car moves was not refused")
                } catch {
                    #expect("\(error)".contains("greyed out while the car moves"), "\(error)")
                }
                try await emulator.headUnit.keyboardCancel(for: app)
                await emulator.headUnit.setDriverDistraction(false)
            } catch {
                throw HarnessError("\(error)\ncarwindow project's last lines:\n\(project.tail(40))")
            }
            #expect(await project.stop(signal: SIGINT, grace: .seconds(30)) == 0, "\(project.tail())")
        }
    }

    /// Taps the middle of `rect` and waits for the head unit's keyboard to open with `text`, offered as the one
    /// suggestion too.
    func openKeyboard(
        on rect: HapticRect, app: AppID, emulator: EmulatorFixture, log: HeadUnitEventLog, expecting text: String
    ) async throws {
        let seen = await log.events.count
        // Each tap later on the head unit's clock than the one before, so two are never one double tap.
        let at = 1000 + seen * 1000
        _ = try await emulator.headUnit.injectTouches(
            OnTouchEvent.tap(x: rect.center.x, y: rect.center.y, at: at), to: app)
        var opened: (String, [String])?
        let open = await eventually(within: Self.patience, recheckingOn: await log.changes()) {
            opened = await log.events.dropFirst(seen).lazy.compactMap { event -> (String, [String])? in
                if case .keyboardOpened(_, let initialText, let suggestions) = event {
                    (initialText, suggestions)
                } else {
                    nil
                }
            }.first
            return opened != nil
        }
        try #require(open, "no keyboard opened after the tap on \(rect)")
        #expect(opened?.0 == text && opened?.1 == [text], "\(String(describing: opened))")
    }

    /// Pixels of `rect` (an 800x480 frame's luma) whose luma moved by more than 40.
    static func changedPixels(_ before: [UInt8], _ after: [UInt8], in rect: HapticRect) -> Int {
        let left = max(0, Int(rect.x))
        let right = min(800, Int(rect.x + rect.width))
        let top = max(0, Int(rect.y))
        let bottom = min(480, Int(rect.y + rect.height))
        guard left < right, top < bottom else { return 0 }
        var count = 0
        for y in top..<bottom {
            for x in left..<right where abs(Int(before[y * 800 + x]) - Int(after[y * 800 + x])) > 40 { count += 1 }
        }
        return count
    }
}
