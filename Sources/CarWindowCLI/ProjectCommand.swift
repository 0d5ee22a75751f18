import ArgumentParser
import CarWindow
import CarWindowWayland
import CarWindowX11
import Foundation
import HeadUnit
import Logging
import ProjectionHosting
import SDLProjection
import SDLRPC
import SDLSession

/// `carwindow project`: any X11 application, projected into the car (or the emulator) as a CarWindow view.
struct ProjectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "project",
        abstract: "Project any Linux (X11 or Wayland) application into the car, touchable, with haptic rects.",
        discussion: """
            Runs COMMAND on a private X server (Xvfb, 1920x1080 or the head unit's screen if larger, so a \
            head-unit resize up to that size is shown in full), with a private D-Bus session and the \
            accessibility bus, and projects its window like a CarWindow view: the newest top-level window fills \
            the head unit's screen, touches become clicks, drags, wheel steps (XTEST), and the \
            touchable elements of its accessibility tree (buttons, links, entries...) are sent as haptic rects.

            Without --core it starts the head-unit emulator and the browser viewer, as `carwindow demo` \
            does, and reads the emulator's console on stdin, as `carwindow headunit` does: type `help` for the \
            commands (`rects`, `tap-rect 1 2`, `resize 1024x600`, `lights night`...); COMMAND then gets no stdin. \
            When COMMAND exits the projection ends with COMMAND's exit status; when the projection \
            ends (Ctrl-C, --duration) COMMAND gets SIGTERM, then SIGKILL, and the X server goes too. If \
            carwindow itself is killed, even with SIGKILL, COMMAND, the bus and the X server get SIGTERM from \
            the kernel (util-linux setpriv --pdeathsig): nothing is left running.

            A tap on the program's text field opens the head unit's keyboard on the field's text; what the driver \
            types there is typed into the program as it is typed, a submission presses Return and a cancel puts \
            the old text back (the console plays the driver: `keyboard 1 type Main Street`, `keyboard 1 submit`). \
            The car's night reaches the program through XSETTINGS (GTK on X11) and the private session's \
            Settings portal (Chromium and Electron's prefers-color-scheme, GTK on Wayland).

            GTK and Qt export their accessibility tree by themselves here; Chromium needs \
            --force-renderer-accessibility. `carwindow project` is the one spelling (there is no \
            `carwindow demo --app`). docs/project-any-app.md has the details and the limits.

            With --backend wayland (or --wayland), COMMAND runs in a private headless Wayland compositor (sway) \
            instead, with \
            WAYLAND_DISPLAY set and no DISPLAY (GDK_BACKEND=wayland or QT_QPA_PLATFORM=wayland in the command's \
            environment keep GTK and Qt from trying X11): its output has the head unit's size and follows its \
            resizes, captures happen only when the compositor has damage, and touches become virtual-pointer \
            input; haptic rects come from its accessibility tree as on X11. With \
            --backend auto the program's executable decides: one that links libwayland-client and no X11 \
            library, or a GTK 4 or Qt 6 program, runs on Wayland, anything else (a script too) on X11; the run \
            says which and why.

            Head-unit buttons (X11): a press of OK, SEARCH or a map button the car has becomes a key stroke or a \
            wheel step in the program (XTEST), as --button says; the defaults suit maps and browsers \
            (\(ButtonMapping.defaultsText)). The map buttons (NAV_*) reach a NAVIGATION app only: add \
            --navigation. The emulator's console presses them: `button NAV_ZOOM_IN`.

            A run that streamed nothing (the head unit never activated the app, never took its video...) ends \
            with exit status 1 and the reason, even at the end of --duration; so does a lost connection, unless \
            --reconnect: then the projection connects \
            and registers again instead (a first connection that fails is retried too), the application and its \
            window untouched, and sends its haptic rects again.

            Examples:
              carwindow project -- xcalc
              carwindow project --duration 30 --events - -- /usr/bin/python3 my_gtk_app.py
              carwindow project -- chromium --force-renderer-accessibility --no-sandbox --kiosk --app=file:///tmp/a.html
              carwindow project --core 192.168.1.20:12345 -- xcalc
              carwindow project --core 192.168.1.20:12345 --reconnect --reconnect-attempts 0 -- xcalc
              carwindow project --display :1 --window 0x400007
              carwindow project --wayland -- foot
              carwindow project --backend auto -- foot
            """
    )

    enum HapticsMode: String, ExpressibleByArgument, CaseIterable { case auto, off }
    enum PanMode: String, ExpressibleByArgument, CaseIterable { case drag, scroll }
    enum PinchMode: String, ExpressibleByArgument, CaseIterable {
        case ctrlScroll = "ctrl-scroll"
        case off
    }

    /// `project` picks a free port, so it runs beside a `headunit` or `demo` on 12345; it shows itself in the viewer.
    enum Emulator: EmulatorDefaults {
        static let port = 0
        static let viewer = true
        static let recordingWithoutRecord = "a new temporary directory"
    }

    @OptionGroup(title: "Head unit") var target: HeadUnitTargetOptions

    @OptionGroup(title: "App") var identity: AppIdentityOptions

    @OptionGroup(title: "Emulator (without --core)") var emulator: EmulatorOptions<Emulator>

    @OptionGroup(title: "Output") var output: RunOutputOptions

    @Option(help: "Haptic rects from the application's accessibility tree (auto) or none (off).")
    var haptics: HapticsMode = .auto

    @Option(help: "A one-finger pan: drag (button 1 held) or scroll (wheel steps).")
    var pan: PanMode = .drag

    @Option(
        help: ArgumentHelp(
            """
            With --pan scroll: the finger's travel, in pixels, per wheel step. A toolkit scrolls its own \
            distance per step (GTK 3: the visible height to the power 2/3, 61 px for a 480 px list): set this to it \
            and the content follows the finger.
            """, valueName: "pixels"))
    var scrollStep: Double = 24

    @Option(help: "A pinch: ctrl-scroll (Ctrl + wheel steps) or off.")
    var pinch: PinchMode = .ctrlScroll

    @Option(
        name: .customLong("button"),
        help: ArgumentHelp(
            """
            What a head-unit button press sends to the program (X11; repeatable): NAME=KEYS, KEYS a key with \
            modifiers (ctrl+plus, shift+Tab, Return, Page_Down, XF86Back, one character), a wheel step at the \
            pointer (wheel-up, wheel-down, wheel-left, wheel-right, ctrl+wheel-up), or none to drop a default.
            """, valueName: "NAME=KEYS"),
        transform: { text in try ButtonMapping(parsing: text) })
    var button: [ButtonMapping] = []

    @Flag(
        help: """
            Register as a NAVIGATION app instead of PROJECTION: SDL Core grants the map buttons (NAV_*) to \
            navigation apps only.
            """)
    var navigation = false

    @Option(
        help: """
            Where COMMAND runs: x11 (a private X server), wayland (a private headless sway), or auto (what the \
            program's linked libraries say it wants).
            """)
    var backend: ProgramBackendChoice = .x11

    @Flag(help: "Short for --backend wayland.")
    var wayland = false

    @Option(help: "Attach to this existing X display (:N) instead of starting one; no COMMAND then.")
    var display: String?

    @Option(
        help: ArgumentHelp(
            "With --display: the X window id (decimal or 0x hex) to show; default the newest mapped.", valueName: "id"),
        transform: { text in
            guard let id = ProjectCommand.parseWindowID(text) else {
                throw ValidationError("an X window id is decimal or 0x hex, e.g. 0x400007")
            }
            return id
        })
    var window: UInt32?

    @Argument(parsing: .postTerminator, help: "The command to project, after --.")
    var command: [String] = []

    /// The command without the `--` that separates it.
    var commandLine: [String] { command.first == "--" ? Array(command.dropFirst()) : command }

    func validate() throws {
        if display == nil, commandLine.isEmpty {
            throw ValidationError("give the command to project after --, e.g. carwindow project -- xcalc")
        }
        if display != nil, !commandLine.isEmpty {
            throw ValidationError("--display attaches to a running display: give no command with it.")
        }
        if wayland, backend != .x11, backend != .wayland {
            throw ValidationError("--wayland is --backend wayland: it does not go with --backend \(backend.rawValue).")
        }
        if display != nil, wayland || backend == .wayland {
            throw ValidationError("--wayland starts its own compositor: it does not go with --display.")
        }
        if display != nil, backend == .auto {
            throw ValidationError("--backend auto chooses for a COMMAND: it does not go with --display.")
        }
        let chosen = chosenBackend()
        if chosen.backend == .wayland, !button.isEmpty {
            let what = chosen.reason.map { "a Wayland program (\($0))" } ?? "--wayland"
            throw ValidationError("--button sends X11 key strokes: it does not go with \(what) yet.")
        }
        if window != nil, display == nil {
            throw ValidationError("--window needs --display.")
        }
        guard scrollStep >= 1, scrollStep <= 10_000 else {
            throw ValidationError("--scroll-step must be 1...10000 pixels, not \(scrollStep).")
        }
        try emulator.validate(with: target)
    }

    /// The backend COMMAND runs on, and, for `--backend auto`, why.
    func chosenBackend() -> (backend: ProgramBackend, reason: String?) {
        if wayland { return (.wayland, nil) }
        switch backend {
        case .x11: return (.x11, nil)
        case .wayland: return (.wayland, nil)
        case .auto:
            guard let executable = commandLine.first,
                let path = ChildProcess.resolve(executable, path: ProcessInfo.processInfo.environment["PATH"])
            else { return (.x11, "no such program to read: X11") }
            let choice = ProgramBackend.preferred(forExecutable: path)
            return (choice.backend, choice.reason)
        }
    }

    static func parseWindowID(_ text: String) -> UInt32? {
        text.hasPrefix("0x") ? UInt32(text.dropFirst(2), radix: 16) : UInt32(text)
    }

    func run() async throws {
        let interrupts = Interrupt.watch()
        let writer = try ProjectionEventLog(destination: output.events)
        let say = output.say
        let fail: @Sendable (String) -> Void = { text in FileHandle.standardError.write(Data("error: \(text)\n".utf8)) }
        var logger = Logger(label: "carwindow.project")
        logger.logLevel = .info

        let name = identity.appName ?? commandLine.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "X11 app"
        let app = AppConfiguration(
            appName: name, appID: identity.appID ?? "carwindow-project", appType: navigation ? .navigation : .projection
        )
        var settings = CarWindowSettings(app: app)
        settings.projection.gestures = X11Application.gestureConfiguration
        settings.projection.disconnectPolicy = target.disconnectPolicy
        // The exit-code rule: a run that streamed nothing exits 1 with the reason, as stream and demo do.
        settings.projection.requiresVideo = true
        settings.projection.reportsFrameTimings = output.frameEvents
        // The buttons the program takes, where SDL Core lets this kind of app have them.
        let chosen = chosenBackend()
        if let reason = chosen.reason { say("backend: \(chosen.backend.rawValue) (\(reason))") }
        let buttons = chosen.backend == .wayland ? [:] : ButtonMapping.table(button)
        settings.projection.buttons = buttons.keys.filter { $0.isSubscribable(navigation: navigation, media: false) }
            .sorted { $0.rawValue < $1.rawValue }
        let viewport = settings.initialResolution
        let application: ProjectedApplication
        switch await openApplication(viewport: viewport, backend: chosen.backend, logger: logger) {
        case .success(let opened):
            application = opened
        case .failure(let error):
            fail(error.context)
            throw ExitCode(error.kind == .applicationExited ? 3 : 2)
        }
        say("\(display == nil ? commandLine.joined(separator: " ") : "display") on \(application.screenName)")

        let car: RunHeadUnit
        do {
            // A car with map buttons, as `carwindow demo`'s: the console's `button` presses what --button maps.
            let choice = try await target.headUnitChoice(emulator: emulator, prefix: "carwindow-project") {
                $0.buttons = HeadUnitConfiguration.tracedButtons + ButtonName.navigation
            }
            car = try await RunHeadUnit.open(choice, say: say)
        } catch {
            await application.stop()
            fail(target.endpoint == nil ? "starting the emulator: \(error)" : "\(error)")
            throw ExitCode(1)
        }

        var options = ProgramInputOptions(
            pan: pan == .drag ? .drag : .scroll, pinch: pinch == .off ? .off : .ctrlScroll, scrollStep: scrollStep)
        options.buttons = buttons
        let projection: Projection
        let windowSource: WindowSource
        do {
            windowSource = try await WindowSource(settings: settings)
            projection = Projection(settings: settings, transport: car.transport)
            await application.install(options: options, in: windowSource)
        } catch {
            await application.stop()
            await car.close(say: say)
            fail("\(error)")
            throw ExitCode(1)
        }
        let status = await ProjectRun.run(
            application: application, source: windowSource, projection: projection, headUnit: car, name: name,
            interrupts: interrupts, duration: output.duration,
            viewer: DemoHooks.viewer(port: emulator.viewerPortIfShown),
            console: true, writer: writer, say: say, fail: fail)
        if status != 0 { throw ExitCode(status) }
    }

    /// Starts COMMAND on a new display or compositor and waits for its window, or attaches to `--display`.
    private func openApplication(
        viewport: Size, backend: ProgramBackend, logger: Logger
    ) async -> Result<ProjectedApplication, ProgramProjectionError> {
        do throws(ProgramProjectionError) {
            if let display {
                return .success(
                    .x11(
                        try await X11Application.attach(
                            display: display, window: window, viewport: viewport,
                            haptics: haptics == .auto, logger: logger)))
            }
            if backend == .wayland {
                let application = try await WaylandApplication.launch(
                    command: commandLine, viewport: viewport, haptics: haptics == .auto,
                    inheritsStandardInput: target.endpoint != nil, logger: logger)
                do throws(ProgramProjectionError) {
                    try await application.waitForWindow()
                } catch {
                    await application.stop()
                    return .failure(error)
                }
                return .success(.wayland(application))
            }
            // With its own emulator this process reads stdin (the console): the command gets none.
            let application = try await X11Application.launch(
                command: commandLine, viewport: viewport, haptics: haptics == .auto,
                inheritsStandardInput: target.endpoint != nil, logger: logger)
            do throws(ProgramProjectionError) {
                try await application.waitForWindow()
            } catch {
                await application.stop()
                return .failure(error)
            }
            return .success(.x11(application))
        } catch {
            return .failure(error)
        }
    }
}
