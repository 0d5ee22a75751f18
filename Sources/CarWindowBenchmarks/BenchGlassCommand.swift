import ArgumentParser
import BrowserTestSupport
import Foundation

/// `carwindow bench glass`: from a click on the head unit's screen to the changed pixel, in a real browser.
struct BenchGlassCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "glass",
        abstract: "Measure glass to glass: a click in the viewer to the changed picture, stage by stage.",
        discussion: """
            Starts `carwindow demo` (emulator, demo navigation app and viewer) as a child process on free ports, \
            opens the viewer in headless Chromium (Debian `chromium`) through the DevTools protocol, switches \
            to --size with the page's screen preset, and clicks the demo's zoom buttons (+ then -, alternately) \
            with real DevTools mouse events, --taps times.

            The figure is glass to glass: from the mouse release (the button acts on it) to the next \
            composited frame after the page drew the first picture that shows the zoom. The page is \
            instrumented: the pointer events, the touch message, the frame's arrival, decode and draw, and the \
            next animation frame are stamped with performance.now() on the page's wall clock, the clock the \
            head unit and the viewer server stamp each frame with; the picture is compared with the one before \
            the click right after it is drawn. It prints p50/p90/p99/max and a table of the stages:

              press -> release             the click itself (DevTools round trip)
              release -> touch sent        the page's input handler sends END over the WebSocket
              touch sent -> app tap        viewer server, emulator, OnTouchEvent, the app's gesture (the demo's \
            event log line, an upper bound)
              app tap -> head unit frame   render, encode, send, the emulator receives the frame
              head unit -> viewer sends    the viewer's queue to the page
              viewer sends -> page gets    WebSocket to the page
              page gets -> decoded         WebCodecs decode
              decoded -> presented         draw and the next composited frame

            --method screenshot also takes DevTools screenshots of the canvas after each click until one \
            shows the zoom, and prints that figure (an upper bound: a screenshot takes tens of ms) next to \
            the page's for the same taps, as a cross-check of the instrument.

            A tap whose change never shows within 10 s ends the run with exit status 1 and an `error` line.
            Build in release mode for figures (swift build -c release --product carwindow).

            Example:
              carwindow bench glass --taps 30 --size 1280x720
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

    func validate() throws {
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
                demoExecutable: try demoBinary.map { URL(fileURLWithPath: $0) } ?? CarWindowExecutable.beside()
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

/// How `bench glass` sees the change.
enum BenchGlassMethod: String, ExpressibleByArgument, CaseIterable, CustomStringConvertible, Sendable {
    case page, screenshot
    var description: String { rawValue }
}
