import CarWindow
import CarWindowTesting
import CarWindowX11
import Foundation
import HeadUnit
import Testing

/// Chromium in app mode with a local page: the HTML button's haptic rect comes from Chromium's accessibility tree,
/// and a tap runs its JavaScript.
@Suite("Chromium page projected into the emulator", .serialized, .timeLimit(.minutes(2)))
@CarWindowActor
struct ChromiumProjectionTests {
    static let page = """
        <!doctype html><html><head><title>waiting</title><style>
        body { margin: 0; background: #ffffff; }
        button { position: absolute; left: 100px; top: 100px; width: 300px; height: 150px; font-size: 40px; }
        </style></head><body>
        <button onclick="document.body.style.background = '#000000'; document.title = 'tapped'">Go</button>
        </body></html>
        """

    nonisolated static var chromium: String? {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test("the HTML button's haptic rect comes from Chromium's accessibility tree; a tap on it runs its JavaScript",
          .enabled(if: chromium != nil, "Chromium is not installed (scripts/install-deps.sh --with-browser)"))
    func tapHTMLButton() async throws {
        let page = try writeProgram(Self.page, named: "page.html")
        let directory = page.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: directory) }
        let command = [
            try #require(Self.chromium), "--force-renderer-accessibility", "--no-sandbox", "--no-first-run",
            "--disable-gpu", "--disable-dev-shm-usage", "--password-store=basic", "--noerrdialogs",
            "--user-data-dir=\(directory.appendingPathComponent("profile").path)", "--app=file://\(page.path)",
        ]
        try await EmulatorFixture.run { emulator in
            let harness = try await X11Harness(emulator: emulator, command: command)
            do {
                let app = try await harness.start(frames: 2)
                let log = harness.log
                var rect: HeadUnit.HapticRect?
                // Chromium builds its tree after the page loads; the rect is where the CSS puts the button, below
                // the app window's own title bar (Chromium draws it: there is no window manager).
                let arrived = await eventually(timeout: .seconds(60)) {
                    rect = await log.hapticSets.last?.first {
                        abs($0.x - 100) <= 2 && (100...200).contains($0.y) && abs($0.width - 300) <= 2
                            && abs($0.height - 150) <= 2
                    }
                    return rect != nil
                }
                let sets = await log.hapticSets
                try #require(arrived, "haptic sets: \(sets)")
                let elements = harness.view.accessibleElements
                #expect(elements.contains { $0.name == "Go" && $0.role == "push button" }, "\(elements)")
                let hit = try #require(rect)
                let frames = await log.videoFrames
                _ = try await emulator.headUnit.injectTouches(
                    HeadUnit.TouchEvent.tap(x: Int(hit.x + hit.width / 2), y: Int(hit.y + hit.height / 2), at: 1000),
                    to: app)
                // The page turns black: the pump renders new content and the encoded frames follow.
                #expect(await eventually { await log.videoFrames >= frames + 3 })
                try await harness.projection.stop()
                let file = try #require(try emulator.recordingFiles().first)
                let lumas = try await Frames.luma(file, width: 800, height: 480)
                try #require(lumas.count > frames)
                // The background away from the button: white just before the tap, black at the end.
                let corner = (x: 600, y: 300, w: 150, h: 100)
                let black = [UInt8](repeating: 0, count: 800 * 480)
                let before = Frames.difference(lumas[frames - 1], black, width: 800, in: corner)
                let after = Frames.difference(lumas[lumas.count - 1], black, width: 800, in: corner)
                #expect(before > 200, "white before the tap: mean luma \(before)")
                #expect(after < 40, "black after the tap: mean luma \(after)")
                await harness.shutDown()
            } catch {
                await harness.shutDown()
                throw error
            }
        }
    }
}
