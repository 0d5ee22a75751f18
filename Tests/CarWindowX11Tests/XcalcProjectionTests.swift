import CarWindow
import CarWindowTesting
import Foundation
import HeadUnit
import SDLRPC
import Testing

@testable import CarWindowX11

/// xcalc (Xaw, no accessibility): taps through the emulator, the result read from the captured pixels.
///
/// Every tap waits for what it changes on the screen before the next one goes out, and the result is compared with
/// xcalc's own rendering of a typed 5 in the same run, on the captured (lossless) pixels, not the encoded video.
extension X11Programs {
    @Suite("xcalc projected into the emulator", .serialized, .timeLimit(.minutes(2)))
    @CarWindowActor
    struct XcalcProjectionTests {
        typealias Area = (x: Int, y: Int, w: Int, h: Int)

        /// Key centres in xcalc's window at 800x480 (the layout Xaw gives it at that size).
        nonisolated static let keys: [String: (x: Int, y: Int)] = [
            "2": (368, 423), "3": (512, 423), "5": (368, 388), "+": (655, 423), "=": (655, 458), "AC": (655, 108),
        ]
        /// The number part of xcalc's display (right-aligned digits at y 14...22; the DEG and DEC marks, at y 36...44,
        /// are left out: inside the area they would make a display cleared mid-redraw look like a number).
        nonisolated static let display: Area = (x: 40, y: 8, w: 720, h: 26)

        nonisolated static var installed: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/xcalc") }

        /// Whether the display shows a number (dark glyph pixels), rather than the blank between clearing and drawing.
        nonisolated static func hasDigits(_ pixels: [UInt8]) -> Bool { pixels.contains { $0 < 128 } }

        /// The right end of the display as text, `#` for dark pixels, for failure messages.
        nonisolated static func sketch(_ pixels: [UInt8]) -> String {
            guard pixels.count == display.w * display.h else { return "(no capture)" }
            var rows: [String] = []
            for y in stride(from: 0, to: display.h, by: 2) {
                let row = stride(from: display.w - 120, to: display.w, by: 2).map { x in
                    pixels[y * display.w + x] < 128 ? "#" : "."
                }
                rows.append(row.joined())
            }
            return "\n" + rows.joined(separator: "\n")
        }

        /// The key's own area: the pointer entering it highlights its border, so a change there shows XTEST's input
        /// reached xcalc.
        nonisolated static func area(of key: String) -> Area? {
            keys[key].map { (x: $0.x - 70, y: $0.y - 17, w: 140, h: 34) }
        }

        @Test(
            "taps on 2, +, 3, = make the display read 5 (the same pixels as a tapped 5), in the capture and the video",
            .enabled(if: installed, "xcalc is not installed (Debian x11-apps)"))
        func twoPlusThree() async throws {
            try await EmulatorFixture.run { emulator in
                let harness = try await X11Harness(emulator: emulator, command: ["/usr/bin/xcalc"], haptics: false)
                do {
                    let app = try await harness.start(frames: 2)
                    try await harness.settle()
                    let application = harness.application
                    var time = 1000
                    /// Taps `key` through the emulator; the caller waits for what it changes.
                    func tap(_ key: String) async throws {
                        let point = try #require(Self.keys[key])
                        _ = try await emulator.headUnit.injectTouches(
                            OnTouchEvent.tap(x: Double(point.x), y: Double(point.y), at: time), to: app)
                        time += 500
                    }
                    func lcd() -> [UInt8] { capturedPixels(application, in: Self.display) }
                    /// A key whose effect does not show on the display: its highlight shows the pointer got there.
                    func tapAndSeeKey(_ key: String) async throws {
                        let area = try #require(Self.area(of: key))
                        let before = capturedPixels(application, in: area)
                        try await tap(key)
                        try #require(
                            await eventually(within: .seconds(30), recheckingOn: application.captureCounts()) {
                                capturedPixels(application, in: area) != before
                            },
                            "\(key) was not highlighted")
                    }
                    /// A key that changes the number: waits until the display shows another one. xcalc clears the
                    /// display and then draws the number, and a capture can fall between the two: a blank display is
                    /// not a result.
                    func tapAndSeeDisplay(_ key: String, leaving shown: [UInt8]) async throws {
                        try await tap(key)
                        let captures = application.captureCounts()
                        let changed = await eventually(within: .seconds(30), recheckingOn: captures) {
                            let now = lcd()
                            return now != shown && Self.hasDigits(now)
                        }
                        try #require(changed, "the display did not change after \(key): \(Self.sketch(lcd()))")
                    }
                    let zero = lcd()
                    try #require(Self.hasDigits(zero), "xcalc's display is not on screen")

                    // xcalc's own 5, tapped in this run: the pixels the sum must leave.
                    try await tapAndSeeKey("AC")
                    try await tapAndSeeDisplay("5", leaving: zero)
                    let five = lcd()
                    try await tap("AC")
                    let cleared = await eventually(within: .seconds(30), recheckingOn: application.captureCounts()) {
                        lcd() == zero
                    }
                    try #require(cleared, "AC did not clear the 5: \(Self.sketch(lcd()))")

                    try await tapAndSeeDisplay("2", leaving: zero)
                    let two = lcd()
                    try await tapAndSeeKey("+")
                    try await tapAndSeeDisplay("3", leaving: two)
                    let three = lcd()
                    try await tap("=")
                    let sum = await eventually(within: .seconds(30), recheckingOn: application.captureCounts()) {
                        lcd() == five
                    }
                    #expect(
                        sum, "2 + 3 = does not read as the tapped 5:\(Self.sketch(lcd()))\nthe 5:\(Self.sketch(five))")
                    #expect(three != five, "3 and 5 look different")

                    let frames = await harness.log.videoFrames
                    #expect(
                        await eventually(within: patience, recheckingOn: await harness.log.videoFrameCounts()) {
                            await harness.log.videoFrames >= frames + 2
                        })
                    await harness.shutDown()
                    // The video carries it too: the display region of the last frame is not the first frame's 0.
                    // A stream that restarted (the window settling its size) leaves two recordings: the taps' result
                    // is in the newest.
                    let files = try emulator.recordingFiles()
                    let firstFile = try #require(files.first)
                    let lastFile = try #require(files.last)
                    let first = try #require(try await Frames.luma(firstFile, width: 800, height: 480).first)
                    let last = try #require(try await Frames.luma(lastFile, width: 800, height: 480).last)
                    // xcalc right-aligns the number: its last digit lies at x 757...762 at 800x480 (seen in a
                    // decoded recording), so the region is the display's right end around it.
                    let region = (x: 730, y: 8, w: 40, h: 30)
                    #expect(Frames.difference(first, last, width: 800, in: region) > 2, "the video shows the result")
                } catch {
                    await harness.shutDown()
                    throw error
                }
            }
        }
    }
}
