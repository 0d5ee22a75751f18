import CarWindowTesting
import Foundation
import HeadUnit
import SDLRPC
import Testing

/// `carwindow project` with Chromium in app mode on a local page, projected into this test's emulator through
/// `--core`: the HTML button's haptic rect comes from Chromium's accessibility tree and a tap on it runs its
/// JavaScript; the `<input>` gets a rect, the rows of a plain list do not. The command is the one
/// docs/project-any-app.md gives (`--kiosk`): the page fills the screen, with no title or warning bar above it. The
/// binary, not the library, runs it: libatspi reads one accessibility bus per process, and the GTK
/// test in CarWindowX11Tests has its own.
@Suite("carwindow project with Chromium", .serialized, .timeLimit(.minutes(2)))
struct ProjectChromiumTests {
    static let page = """
        <!doctype html><html><head><title>waiting</title><style>
        body { margin: 0; background: #ffffff; }
        button { position: absolute; left: 100px; top: 100px; width: 300px; height: 150px; font-size: 40px; }
        input { position: absolute; left: 100px; top: 300px; width: 300px; height: 60px; box-sizing: border-box; }
        ul { position: absolute; left: 450px; top: 20px; width: 300px; margin: 0; padding: 0; list-style: none; }
        li { height: 40px; font-size: 24px; }
        </style></head><body>
        <button onclick="document.body.style.background = '#000000'; document.title = 'tapped'">Go</button>
        <input value="Search destination">
        <ul><li>Trip 1</li><li>Trip 2</li><li>Trip 3</li><li onclick="document.title = 'row'">Open trips</li></ul>
        </body></html>
        """

    static var chromium: String? {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// How long a wait may take at most: it bounds a failure, not the usual case.
    static let patience: Duration = .seconds(40)

    @Test(
        "the HTML button's haptic rect comes from Chromium's accessibility tree; a tap on it runs its JavaScript",
        .enabled(if: chromium != nil, "Chromium is not installed (scripts/install-deps.sh --with-browser)"))
    func tapHTMLButton() async throws {
        let scratch = try ScratchDirectory(prefix: "cw-chromium")
        let page = scratch.file("page.html")
        let profile = scratch.file("profile")
        try Self.page.write(to: page, atomically: true, encoding: .utf8)
        let chromium = try #require(Self.chromium)
        try await HeadUnitEventLog.withEmulator { emulator, log in
            // The projection ends by itself after --duration; the test is done well before.
            async let run = BinaryRunner.runOffPool([
                "project", "--core", "127.0.0.1:\(emulator.port)", "--no-viewer", "--duration", "25", "--", chromium,
                "--force-renderer-accessibility", "--no-sandbox", "--no-first-run", "--disable-gpu",
                "--disable-dev-shm-usage", "--password-store=basic", "--noerrdialogs", "--kiosk",
                "--user-data-dir=\(profile.path)", "--app=file://\(page.path)",
            ])
            var rect: HapticRect?
            // The rects are where the CSS puts the button and the input: no bar above the page shifts them down.
            let at: @Sendable (Double, Double, Double, Double) -> (HapticRect) -> Bool = { left, top, w, h in
                { candidate in
                    let x: Double = candidate.x
                    let y: Double = candidate.y
                    let width: Double = candidate.width
                    let height: Double = candidate.height
                    return abs(x - left) <= 2 && abs(y - top) <= 2 && abs(width - w) <= 2 && abs(height - h) <= 2
                }
            }
            var last: [HapticRect] = []
            let arrived = await eventually(within: Self.patience, recheckingOn: await log.changes()) {
                last = await log.hapticSets.last ?? []
                rect = last.first(where: at(100, 100, 300, 150))
                // A frame before the tap too: on a slow machine (or under TSan) the rect can come first.
                let frames = await log.frames
                return rect != nil && last.contains(where: at(100, 300, 300, 60))
                    && last.contains(where: at(450, 140, 300, 40)) && frames >= 1
            }
            let sets = await log.hapticSets
            #expect(arrived, "haptic sets: \(sets)")
            // The list's first three rows do nothing: no rect for them; the fourth has a click handler: a rect.
            let idleRow: (HapticRect) -> Bool = { candidate in
                candidate.x + candidate.width > 440 && candidate.y < 140
            }
            #expect(!last.contains(where: idleRow), "\(last)")
            if let hit = rect, let app = await log.app {
                let before = await log.frames
                _ = try await emulator.headUnit.injectTouches(
                    OnTouchEvent.tap(x: hit.center.x, y: hit.center.y, at: 1000), to: app)
                #expect(
                    await eventually(within: Self.patience, recheckingOn: await log.changes()) {
                        await log.frames >= before + 3
                    })
                let file = try #require(try emulator.recordingFiles().first)
                let lumas = try await Self.luma(file)
                try #require(before >= 1, "no frame was recorded before the tap")
                try #require(lumas.count > before)
                // The background away from the button: white just before the tap, black after it.
                let white = Self.mean(lumas[before - 1])
                let black = Self.mean(lumas[lumas.count - 1])
                #expect(white > 200, "white before the tap: \(white)")
                #expect(black < 40, "black after the tap: \(black)")
            }
            let result = try await run
            #expect(result.status == 0, "\(result.stderr)")
        }
    }

    /// Mean luma of the page's background right of the button (600...750 x 300...400).
    static func mean(_ frame: [UInt8]) -> Double {
        var total = 0
        for y in 300..<400 { for x in 600..<750 { total += Int(frame[y * 800 + x]) } }
        return Double(total) / 15_000
    }

    static func luma(_ file: URL) async throws -> [[UInt8]] {
        let arguments = ["-v", "error", "-f", "h264", "-i", file.path, "-f", "rawvideo", "-pix_fmt", "gray", "-"]
        let ffmpeg = ExternalTool(executable: URL(fileURLWithPath: "/usr/bin/ffmpeg"))
        let output = try await ffmpeg.run(arguments)
        try ffmpeg.check(output, arguments)
        let data = output.standardOutput
        let size = 800 * 480
        return stride(from: 0, to: data.count - size + 1, by: size).map { Array(data[$0..<($0 + size)]) }
    }
}
