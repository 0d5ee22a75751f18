import ArgumentParser
import CarWindow
import CarWindowDemo
import Foundation
import HeadUnit
import HeadUnitViewer
import ProjectionHosting
import SDLProjection
import SDLRPC
import SDLSession
import SDLStreaming

/// `carwindow demo`: the head-unit emulator and the demo navigation app, projected into it over TCP.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run the emulator with a demo navigation app projected into it.",
        discussion: """
            Starts the head-unit emulator on 127.0.0.1, the demo navigation app (a map with zoom and \
            recenter buttons, rendered with CarWindow) connected to it over TCP, and the browser viewer: \
            open the printed URL to see the live video, touch it with the mouse, and change HMI level, screen \
            size, scale and picture-in-picture. The app registers, streams H.264 video of its screen, sends \
            the buttons as haptic rects and reacts to touches. The emulator records the stream; its path is \
            printed at the end. Runs until Ctrl-C or --duration.

            With --core HOST:PORT no emulator starts and the app projects into a real SDL Core instead; the \
            viewer then shows what the app sends (the HMI's controls are SDL Core's).

            A lost connection ends the demo with exit status 1; with --reconnect the app connects and \
            registers again (with backoff) and streams again, its screen as it was.
            A demo that streamed no video (the head unit never activated the app, never answered the video \
            StartService) exits 1 with an `error` line that says why (docs/streaming.md, "Exit status").

            Examples:
              carwindow demo
              carwindow demo --duration 10 --record /tmp/demo --events -
              carwindow demo --core 192.168.1.20:12345
            """
    )

    /// `demo` listens where `carwindow stream` and SDL apps expect the emulator, and shows itself in the viewer.
    enum Emulator: EmulatorDefaults {
        static let port = 12345
        static let viewer = true
        static let recordingWithoutRecord = "a new temporary directory"
    }

    @OptionGroup(title: "Head unit") var target: HeadUnitTargetOptions

    @OptionGroup(title: "Emulator (without --core)") var emulator: EmulatorOptions<Emulator>

    @OptionGroup(title: "Output") var output: RunOutputOptions

    func validate() throws {
        try emulator.validate(with: target)
    }

    func run() async throws {
        // Before anything starts: a Ctrl-C or SIGTERM from now on stops the demo cleanly, with or without --duration.
        let interrupts = Interrupt.watch()
        let log = try ProjectionEventLog(destination: output.events)
        let say = output.say

        let choice = try await target.headUnitChoice(emulator: emulator, prefix: "carwindow-demo") {
            // The demo's head unit grants headLampStatus, so the app's day/night follows the viewer's Day and Night;
            // it has map buttons, so the map answers NAV_ZOOM_IN and the knob's OK moves the focus.
            $0.lights.allowsHeadLampStatus = true
            $0.buttons = HeadUnitConfiguration.tracedButtons + ButtonName.navigation
        }
        let car = try await RunHeadUnit.open(choice, say: say)
        var settings = CarWindowSettings(app: NavigationDemo.appConfiguration())
        settings.projection.disconnectPolicy = target.disconnectPolicy
        settings.projection.requiresVideo = true
        settings.projection.reportsFrameTimings = output.frameEvents
        let demo: NavigationDemo
        do {
            demo = try await NavigationDemo(settings: settings, transport: car.transport)
        } catch {
            await car.close(say: say)
            throw error
        }
        let failure = await DemoRun.run(
            projection: demo.projection, source: demo, headUnit: car, interrupts: interrupts, duration: output.duration,
            viewer: DemoHooks.viewer(port: emulator.viewerPortIfShown), log: log, say: say)
        if let failure {
            FileHandle.standardError.write(Data("carwindow demo: \(failure.message)\n".utf8))
            throw ExitCode.failure
        }
        say("demo stopped")
    }
}
