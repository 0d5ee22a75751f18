import CarWindow
import CarWindowTesting
import CarWindowX11
import Foundation
import HeadUnit
import Testing

/// xcalc (Xaw, no accessibility): taps through the emulator, the result read from the pixels.
extension X11Programs {
    @Suite("xcalc projected into the emulator", .serialized, .timeLimit(.minutes(2)))
    @CarWindowActor
    struct XcalcProjectionTests {
        /// Key centres of xcalc's window at 800x480 (the layout Xaw gives it at that size).
        static let keys: [String: (x: Int, y: Int)] = [
            "2": (368, 423), "3": (512, 423), "5": (368, 388), "+": (655, 423), "=": (655, 458), "AC": (655, 108),
        ]
        /// The last digits of xcalc's number display (right-aligned).
        static let display = (x: 680, y: 8, w: 60, h: 30)

        nonisolated static var installed: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/xcalc") }

        /// Taps `keys` in order and returns the first and the last decoded frame.
        func press(_ sequence: [String]) async throws -> (first: [UInt8], last: [UInt8]) {
            try await EmulatorFixture.run { emulator in
                let harness = try await X11Harness(emulator: emulator, command: ["/usr/bin/xcalc"], haptics: false)
                do {
                    let app = try await harness.start(frames: 2)
                    try await harness.settle()
                    let log = harness.log
                    var time = 1000
                    for key in ["AC"] + sequence {
                        let point = try #require(Self.keys[key])
                        let frames = await log.videoFrames
                        _ = try await emulator.headUnit.injectTouches(
                            HeadUnit.TouchEvent.tap(x: point.x, y: point.y, at: time), to: app)
                        time += 500
                        // Xaw highlights a pressed key: every tap shows in the video.
                        #expect(await eventually { await log.videoFrames > frames }, "no frame after \(key)")
                    }
                    let frames = await log.videoFrames
                    #expect(await eventually { await log.videoFrames >= frames + 2 })
                    await harness.shutDown()
                    let file = try #require(try emulator.recordingFiles().first)
                    let lumas = try await Frames.luma(file, width: 800, height: 480)
                    return (try #require(lumas.first), try #require(lumas.last))
                } catch {
                    await harness.shutDown()
                    throw error
                }
            }
        }

        @Test(
            "taps on 2, +, 3, = make the display read 5 (the same pixels as a tap on 5)",
            .enabled(if: installed, "xcalc is not installed (Debian x11-apps)"),
            .disabled(
                """
                flaky when other suites run beside it: a key press is sometimes lost (the display ends at 0 or at \
                a wrong digit); passes alone. Open: find where the click goes missing (XTEST, Xaw, the recognizer).
                """))
        func twoPlusThree() async throws {
            let sum = try await press(["2", "+", "3", "="])
            let five = try await press(["5"])
            let changed = Frames.difference(sum.first, sum.last, width: 800, in: Self.display)
            let sameAsFive = Frames.difference(sum.last, five.last, width: 800, in: Self.display)
            #expect(changed > 2, "the display changed from 0: \(changed)")
            #expect(sameAsFive < 1, "2 + 3 = reads like 5: \(sameAsFive)")
        }
    }
}
