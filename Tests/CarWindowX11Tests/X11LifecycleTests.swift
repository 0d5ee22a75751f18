import CarWindow
import CarWindowTesting
import Foundation
import Glibc
import HeadUnit
import Testing

@testable import CarWindowX11

/// The life of a projected program: a crash, a bad command, no window, a static screen, a head-unit resize.
extension X11Programs {
    @Suite("X11 program lifecycle", .serialized, .timeLimit(.minutes(2)))
    @CarWindowActor
    struct X11LifecycleTests {
        /// A GTK window that stays still; with `crash` it kills itself with SIGSEGV once its window is shown.
        static func program(crashAfterMilliseconds: Int? = nil) -> String {
            """
            import os, signal, sys, gi
            gi.require_version("Gtk", "3.0")
            from gi.repository import Gtk, GLib
            win = Gtk.Window(title="Still")
            win.add(Gtk.Label(label="Nothing moves here"))
            win.show_all()
            \(crashAfterMilliseconds.map { "GLib.timeout_add(\($0), lambda: os.kill(os.getpid(), 11))" } ?? "")
            Gtk.main()
            """
        }

        static func processExists(_ pid: Int32) -> Bool { kill(pid, 0) == 0 }

        @Test("the program crashing mid-stream ends with its signal; stopping removes Xvfb and its lock file")
        func crash() async throws {
            let program = try writeProgram(Self.program(crashAfterMilliseconds: 1500), named: "crash.py")
            defer { try? FileManager.default.removeItem(at: program.deletingLastPathComponent()) }
            try await EmulatorFixture.run { emulator in
                let harness = try await X11Harness(
                    emulator: emulator, command: [systemPython, program.path], haptics: false)
                let xServer = try #require(harness.application.xServerPID)
                let display = harness.application.displayName
                _ = try await harness.start()
                let ended = await harness.application.exitStatus()
                #expect(ended == .signalled(SIGSEGV))
                #expect(ended.map { "\($0)" } == "killed by signal 11 (Segmentation fault)")
                await harness.shutDown()
                #expect(!harness.application.isDisplayRunning)
                #expect(
                    await pollOutsideTheProcess("Xvfb leaving /proc", within: .seconds(5)) {
                        !Self.processExists(xServer)
                    },
                    "Xvfb \(xServer) is gone")
                #expect(!FileManager.default.fileExists(atPath: "/tmp/.X\(display.dropFirst())-lock"))
            }
        }

        @Test("captureCounts() gives the count now and after each capture, and ends when the application stops")
        func captureCounts() async throws {
            let program = try writeProgram(Self.program(), named: "still.py")
            defer { try? FileManager.default.removeItem(at: program.deletingLastPathComponent()) }
            let application = try await X11Application.launch(
                command: [systemPython, program.path], viewport: Size(width: 320, height: 240), haptics: false)
            do {
                try await application.waitForWindow()
                let counts = application.captureCounts()
                // The window's first drawing is captured: a count of one or more arrives without polling.
                let drawn = try await firstElement(of: counts, "a capture", within: .seconds(30)) { $0 >= 1 }
                #expect(drawn <= application.captureCount)
            } catch {
                await application.stop(grace: .milliseconds(500))
                throw error
            }
            await application.stop(grace: .milliseconds(500))
            let final = application.captureCount
            // A stream asked for after the stop gives the final count and ends (the suite's time limit bounds it).
            var after: [Int] = []
            for await count in application.captureCounts() { after.append(count) }
            #expect(after == [final])
        }

        @Test("a command that does not exist is a badCommand error naming it")
        func badCommand() async throws {
            let error = await #expect(throws: ProgramProjectionError.self) {
                _ = try await X11Application.launch(
                    command: ["/nonexistent/carwindow-no-such-app"], viewport: Size(width: 320, height: 240))
            }
            #expect(error?.kind == .badCommand)
            #expect(error?.context == "/nonexistent/carwindow-no-such-app: command not found")
        }

        @Test("a program that never maps a window is a noWindow error, and everything it started is stopped")
        func noWindow() async throws {
            let application = try await X11Application.launch(
                command: ["sleep", "30"], viewport: Size(width: 320, height: 240), haptics: false)
            let xServer = try #require(application.xServerPID)
            let error = await #expect(throws: ProgramProjectionError.self) {
                try await application.waitForWindow(timeout: .seconds(1))
            }
            #expect(error?.kind == .noWindow)
            await application.stop(grace: .milliseconds(500))
            #expect(application.child?.termination == .signalled(SIGTERM))
            #expect(
                await pollOutsideTheProcess("Xvfb leaving /proc", within: .seconds(5)) { !Self.processExists(xServer) })
        }

        @Test("a program that exits before mapping a window is an applicationExited error with its status")
        func exitsBeforeWindow() async throws {
            let application = try await X11Application.launch(
                command: ["sh", "-c", "exit 3"], viewport: Size(width: 320, height: 240), haptics: false)
            // The deadline is far: the wait ends on the command's exit, not on the clock.
            let error = await #expect(throws: ProgramProjectionError.self) {
                try await application.waitForWindow(timeout: .seconds(600))
            }
            await application.stop(grace: .milliseconds(500))
            #expect(error?.kind == .applicationExited)
            #expect(error?.context.contains("before mapping a window") == true, "\(String(describing: error))")
            #expect(application.child?.termination == .exited(3))
        }

        @Test("cancelling a wait for a window ends it with a cancelled error")
        func cancelledWait() async throws {
            let application = try await X11Application.launch(
                command: ["sleep", "30"], viewport: Size(width: 320, height: 240), haptics: false)
            let wait = Task { () -> ProgramProjectionError? in
                do throws(ProgramProjectionError) {
                    try await application.waitForWindow(timeout: .seconds(600))
                    return nil
                } catch {
                    return error
                }
            }
            wait.cancel()
            let error = await wait.value
            await application.stop(grace: .milliseconds(500))
            #expect(error?.kind == .cancelled, "\(String(describing: error))")
        }

        @Test("a still program costs no captures: over 5 s the stream has only refresh frames")
        func staticProgram() async throws {
            let program = try writeProgram(Self.program(), named: "still.py")
            defer { try? FileManager.default.removeItem(at: program.deletingLastPathComponent()) }
            try await EmulatorFixture.run { emulator in
                let harness = try await X11Harness(
                    emulator: emulator, command: [systemPython, program.path], haptics: false)
                do {
                    _ = try await harness.start(frames: 2)
                    // Let the first layout settle: wait until a whole second passes without a capture.
                    let application = harness.application
                    let settled = await quietPeriod(
                        of: application.captureCounts(), lasting: .seconds(1), within: .seconds(20)
                    ) { application.captureCount }
                    try #require(settled)
                    let pump = try #require(harness.windowSource.pump)
                    let before = pump.statistics
                    let capturesBefore = harness.application.captureCount
                    // A measurement window, not a synchronisation: nothing should happen in it.
                    try await Task.sleep(for: .seconds(5))
                    let after = pump.statistics
                    #expect(harness.application.captureCount == capturesBefore)
                    #expect(after.framesRendered == before.framesRendered, "\(before) -> \(after)")
                    #expect(after.refreshFrames > before.refreshFrames, "refresh frames keep the stream alive")
                    await harness.shutDown()
                } catch {
                    await harness.shutDown()
                    throw error
                }
            }
        }

        @Test("a head-unit resize beyond the starting 800x480 shows the program laid out at 1280x720, no black margin")
        func resizeLarger() async throws {
            let program = try writeProgram(Self.program(), named: "still.py")
            defer { try? FileManager.default.removeItem(at: program.deletingLastPathComponent()) }
            try await EmulatorFixture.run { emulator in
                let harness = try await X11Harness(
                    emulator: emulator, command: [systemPython, program.path], haptics: false)
                do {
                    _ = try await harness.start(frames: 2)
                    try await emulator.headUnit.resize(to: VideoSize(width: 1280, height: 720))
                    // The window adopts the size, then the program lays itself out again: captures follow the change.
                    #expect(
                        await eventually(within: patience, recheckingOn: harness.application.captureCounts()) {
                            harness.windowSource.window.frameSize == Size(width: 1280, height: 720)
                        })
                    // The program has drawn itself at the new size, then frames of that follow. A quiet capture alone
                    // is no proof: a starved program can take longer than the quiet window to redraw, so the capture
                    // must first show it past the old 800x480 edge (the same areas the recording is checked at).
                    let application = harness.application
                    func captureLuma(_ area: (x: Int, y: Int, w: Int, h: Int)) -> Double {
                        // Empty before a capture covers the area: no light there yet.
                        let pixels = capturedPixels(application, in: area)
                        return pixels.isEmpty ? 0 : Double(pixels.reduce(0) { $0 + Int($1) }) / Double(pixels.count)
                    }
                    #expect(
                        await eventually(within: patience, recheckingOn: application.captureCounts()) {
                            captureLuma((x: 820, y: 0, w: 460, h: 720)) > 128
                                && captureLuma((x: 0, y: 500, w: 1280, h: 220)) > 128
                        }, "the program never drew past 800x480 in the capture")
                    try await harness.settle()
                    let log = harness.log
                    let frames = await log.videoFrames
                    try await firstElement(of: await log.videoFrameCounts(), "3 more frames", within: .seconds(30)) {
                        [frames] in
                        $0 >= frames + 3
                    }
                    await harness.shutDown()
                    let probe = VideoProbe()
                    var large: URL?
                    for file in try emulator.recordingFiles() {
                        let summary = try await probe.summary(of: file)
                        if (summary.width, summary.height) == (1280, 720) { large = file }
                    }
                    let file = try #require(large, "no recording at 1280x720")
                    let last = try #require(try await Frames.luma(file, width: 1280, height: 720).last)
                    // GTK's window background is light grey; Xvfb's screen outside a window, black. Where the
                    // 800x480 screen ended (right and bottom) the program must show.
                    func meanLuma(_ area: (x: Int, y: Int, w: Int, h: Int)) -> Double {
                        var total = 0
                        for y in area.y..<(area.y + area.h) {
                            for x in area.x..<(area.x + area.w) { total += Int(last[y * 1280 + x]) }
                        }
                        return Double(total) / Double(area.w * area.h)
                    }
                    let right = meanLuma((x: 820, y: 0, w: 460, h: 720))
                    let bottom = meanLuma((x: 0, y: 500, w: 1280, h: 220))
                    #expect(right > 128 && bottom > 128, "right of 800: \(right), below 480: \(bottom)")
                } catch {
                    await harness.shutDown()
                    throw error
                }
            }
        }

        @Test("a head-unit resize to 320x240 and back re-lays the program out; the recording has both sizes")
        func resize() async throws {
            let program = try writeProgram(Self.program(), named: "still.py")
            defer { try? FileManager.default.removeItem(at: program.deletingLastPathComponent()) }
            try await EmulatorFixture.run { emulator in
                let harness = try await X11Harness(
                    emulator: emulator, command: [systemPython, program.path], haptics: false)
                do {
                    _ = try await harness.start(frames: 2)
                    try await emulator.headUnit.resize(to: VideoSize(width: 320, height: 240))
                    // The window adopts the size, then the program lays itself out again: captures follow the change.
                    #expect(
                        await eventually(within: patience, recheckingOn: harness.application.captureCounts()) {
                            harness.windowSource.window.frameSize == Size(width: 320, height: 240)
                        })
                    let log = harness.log
                    var frames = await log.videoFrames
                    try await firstElement(of: await log.videoFrameCounts(), "3 more frames", within: .seconds(30)) {
                        [frames] in
                        $0 >= frames + 3
                    }
                    try await emulator.headUnit.resize(to: VideoSize(width: 800, height: 480))
                    // The window adopts the size, then the program lays itself out again: captures follow the change.
                    #expect(
                        await eventually(within: patience, recheckingOn: harness.application.captureCounts()) {
                            harness.windowSource.window.frameSize == Size(width: 800, height: 480)
                        })
                    frames = await log.videoFrames
                    try await firstElement(of: await log.videoFrameCounts(), "3 more frames", within: .seconds(30)) {
                        [frames] in
                        $0 >= frames + 3
                    }
                    await harness.shutDown()
                    let probe = VideoProbe()
                    var sizes: [String] = []
                    for file in try emulator.recordingFiles() {
                        let summary = try await probe.summary(of: file)
                        sizes.append("\(summary.width)x\(summary.height)")
                    }
                    #expect(sizes.contains("320x240") && sizes.contains("800x480"), "\(sizes)")
                } catch {
                    await harness.shutDown()
                    throw error
                }
            }
        }
    }
}
