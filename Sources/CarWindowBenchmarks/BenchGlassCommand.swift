import ArgumentParser
import BrowserTestSupport
import Foundation
import ProjectionInput

/// `carwindow bench glass`: from a click on the head unit's screen to the changed pixel, in a real browser.
struct BenchGlassCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "glass",
        abstract: "Measure glass to glass: a click in the viewer to the changed picture, stage by stage.",
        discussion: """
            Starts `carwindow demo` (emulator, demo navigation app and viewer) as a child process on free ports \
            (with --head-unit tcp or ws: `carwindow headunit --viewer` and `carwindow demo --core` as two \
            processes, over TCP or WebSocket), opens the viewer in headless Chromium (Debian `chromium`) \
            through the DevTools protocol, switches to --size with the page's screen preset, and clicks the \
            demo's zoom buttons (+ then -, alternately) with real DevTools mouse events, --taps times.

            The figure is glass to glass: from the mouse release (the button acts on it) to the next \
            composited frame after the page drew the first picture that shows the zoom. The page is \
            instrumented: the pointer events, the touch message, the frame's arrival, decode and draw, and the \
            next animation frame are stamped with performance.now() on the page's wall clock, the clock the \
            head unit and the viewer server stamp each frame with; the picture is compared with the one before \
            the click right after it is drawn. It prints p50/p90/p99/max and a table of the stages:

              press -> release                the DevTools click itself
              release -> touch sent           the page sends END on its WebSocket
              touch sent -> app asks a frame  viewer, emulator, OnTouchEvent, gesture
              app asks -> tick begins         the frame pump wakes
              render                          the window draws the frame
              encode + send                   encoded and on the connection
              rendered -> head unit frame     ... and the emulator has all of it
              touch sent -> head unit frame   the app's side of the loop, whole
              head unit -> viewer sends       the viewer's queue to the page
              viewer sends -> page gets       WebSocket to the page
              page gets -> decoded            WebCodecs decode
              decoded -> drawn                drawn on the page's canvas
              drawn -> presented              the next composited frame

            The app's stages come from the demo's `frame` event lines (--frame-events: when a tap asked for the \
            frame, when drawing began and ended, when it was encoded and sent, on the same wall clock): the \
            frame the tap asked for among those drawn between the touch leaving the page and the head unit \
            receiving the picture that showed it.

            --method screenshot also takes DevTools screenshots of the canvas after each click until one \
            shows the zoom, and prints that figure (an upper bound: a screenshot takes tens of ms) next to \
            the page's for the same taps, as a cross-check of the instrument.

            With -- COMMAND the bench projects your program instead (`carwindow project -- COMMAND`) and clicks \
            it at --tap (the viewport's centre by default): put it on something that changes at every click over \
            at least 5% of the screen (a toggle, a counter in large type). The bench clicks until the program \
            answers (its window comes up a while after the stream starts), then times as for the demo.

            A tap whose change never shows within 10 s ends the run with exit status 1 and an `error` line.
            Build in release mode for figures (swift build -c release: carwindow and carwindow-bench).

            Example:
              carwindow bench glass --taps 30 --size 1280x720
              carwindow bench glass --head-unit ws    # two processes, over WebSocket
              carwindow bench glass --tap 400,300 -- chromium --app=file:///tmp/toggle.html
            """
    )

    @Option(help: "Clicks to time (after two warm-up clicks).")
    var taps = 20

    @Option(
        help: "The head unit's screen: a viewer preset, 800x480, 1024x600 or 1280x720.",
        transform: BenchMediaCommand.parseSizes)
    var size: [BenchSize] = [BenchSize(width: 800, height: 480)]

    @Option(help: "page: the page's own stamps; screenshot: also poll DevTools screenshots, as a cross-check.")
    var method: BenchGlassMethod = .page

    @Option(help: "The Chromium executable.")
    var chromium = "chromium"

    @Option(
        help: ArgumentHelp(
            "The carwindow binary whose demo is measured (default: the one beside carwindow-bench), to compare builds.",
            valueName: "path"))
    var demoBinary: String?

    @Option(
        name: .customLong("head-unit"),
        help: ArgumentHelp(
            "embedded: the demo's own emulator; tcp or ws: `carwindow headunit` as its own process, the demo "
                + "connected to it with --core over TCP or WebSocket (as an app talks to SDL Core).",
            valueName: "where"))
    var headUnit: BenchGlassHeadUnit = .embedded

    @Option(
        help: ArgumentHelp(
            "With -- COMMAND: where the clicks land, in the viewport's points (default: its centre).",
            valueName: "X,Y"))
    var tap: ViewportPoint?

    @Argument(
        parsing: .postTerminator,
        help: ArgumentHelp(
            "A program to project (carwindow project -- COMMAND) and click instead of the demo.",
            valueName: "COMMAND"))
    var command: [String] = []

    func validate() throws {
        if tap != nil, command.isEmpty {
            throw ValidationError("--tap is for a program: put it after --, e.g. --tap 400,240 -- xcalc")
        }
        if let tap, let size = size.first, !tap.isInside(width: Double(size.width), height: Double(size.height)) {
            throw ValidationError("--tap \(tap) is outside the \(size) viewport")
        }
        guard (1...1000).contains(taps) else { throw ValidationError("--taps must be in 1...1000") }
        guard size.count == 1, let size = size.first,
            [(800, 480), (1024, 600), (1280, 720)].contains(where: { $0 == (size.width, size.height) })
        else { throw ValidationError("--size must be one of the viewer's presets: 800x480, 1024x600, 1280x720") }
    }

    func run() async throws {
        #if DEBUG
            print("warning: this is a debug build; build with -c release for meaningful figures")
        #endif
        let size = size[0]
        do {
            let report = try await BenchGlassRun(
                taps: taps, size: size, method: method, chromium: chromium,
                demoExecutable: try demoBinary.map { URL(fileURLWithPath: $0) } ?? CarWindowExecutable.beside(),
                headUnit: headUnit, program: command, tap: tap?.point
            ).run()
            report.print()
            if let failure = report.failure {
                FileHandle.standardError.write(Data("error: \(failure)\n".utf8))
                throw ExitCode.failure
            }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }
}

/// Where `bench glass` runs the head unit.
enum BenchGlassHeadUnit: String, ExpressibleByArgument, CaseIterable, CustomStringConvertible, Sendable {
    case embedded, tcp, ws
    var description: String { rawValue }
}

/// How `bench glass` sees the change.
enum BenchGlassMethod: String, ExpressibleByArgument, CaseIterable, CustomStringConvertible, Sendable {
    case page, screenshot
    var description: String { rawValue }
}
