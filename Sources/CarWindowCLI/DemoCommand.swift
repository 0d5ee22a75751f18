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
        let headUnit = car.emulator
        var settings = CarWindowSettings(app: NavigationDemo.appConfiguration())
        settings.projection.disconnectPolicy = target.disconnectPolicy
        settings.projection.requiresVideo = true
        let demo: NavigationDemo
        do {
            demo = try await NavigationDemo(settings: settings, transport: car.transport)
        } catch {
            await car.close(say: say)
            throw error
        }
        let projection = demo.projection
        let hook = DemoHooks.viewer(port: emulator.viewerPortIfShown)
        try await hook?.demoWillStart(headUnit: headUnit, projection: projection, say: say)
        let appStates = await hook?.appStateRequests()
        let runEvents = await projection.events()
        let failure: ProjectionFailure?
        do {
            try await projection.connect()
            let appName = projection.options.app.appName
            say("demo navigation app '\(appName)' connected to \(car.transport)")
            say(output.duration.map { "running for \($0) s" } ?? "running; Ctrl-C stops")
            failure = await Self.run(
                demo: demo, interrupts: interrupts, duration: output.duration, appStates: appStates,
                report: {
                    await RunReport.follow(runEvents, of: projection, log: log, say: say) { event in
                        if case .video(.started(let stream)) = event { say("video: \(stream)") }
                    }
                },
                say: say)
        } catch {
            failure = error
        }
        await hook?.demoDidStop()
        await car.close(say: say)
        await log.close()
        if let failure {
            FileHandle.standardError.write(Data("carwindow demo: \(failure.message)\n".utf8))
            throw ExitCode.failure
        }
        say("demo stopped")
    }

    /// Runs the demo on its projection until the time is up, a signal comes or the run fails.
    private static func run(
        demo: NavigationDemo, interrupts: AsyncStream<Void>, duration: Double?,
        appStates: AsyncStream<ViewerAppState>?, report: @escaping @Sendable () async -> Void,
        say: @escaping @Sendable (String) -> Void
    ) async -> ProjectionFailure? {
        let projection = demo.projection
        return await withTaskGroup(of: ProjectionFailure?.self) { group in
            group.addTask {
                await report()
                return nil
            }
            if let appStates {
                // The page's "app state" control: the emulator cannot move a phone app, so the demo app does.
                group.addTask {
                    for await state in appStates {
                        await projection.setAppState(state == .foreground ? .active : .background)
                        say("app state: \(state.rawValue.lowercased())")
                    }
                    return nil
                }
            }
            group.addTask {
                await Interrupt.wait(for: interrupts, orSeconds: duration)
                // run(source:) below throws the run's failure: stop() has nothing to add.
                try? await projection.stop()
                return nil
            }
            var failure: ProjectionFailure?
            do throws(ProjectionFailure) {
                try await projection.run(source: demo)
            } catch {
                failure = error
            }
            group.cancelAll()
            return failure
        }
    }
}
