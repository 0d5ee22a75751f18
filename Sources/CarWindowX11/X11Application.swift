public import CarWindow
import Foundation
import Glibc
public import Logging
import NIOConcurrencyHelpers

/// An X11 application to project: a command run on a private X server and D-Bus session, or an existing display.
///
/// ```swift
/// let app = try await X11Application.launch(command: ["xcalc"], viewport: Size(width: 800, height: 480))
/// try await app.waitForWindow()
/// windowSource.rootView = await app.makeView()     // then: try await projection.start(source: windowSource)
/// let status = await app.exitStatus()   // the command's, when it exits
/// await app.stop()                      // SIGTERM, then SIGKILL, to the command, the bus and the X server
/// ```
public final class X11Application: Sendable {
    /// How long ``stop(grace:)`` waits after SIGTERM before SIGKILL.
    public static let defaultGrace: Duration = .seconds(2)

    /// Gestures for a projected X11 application: taps are clicked at once (no 400 ms wait for a second tap), and
    /// two quick taps reach the application as two clicks, which it takes as a double click. The log says `tap`
    /// for the first and `doubleTap` for the second (``GestureConfiguration/reportsTapsAtOnce``).
    public static var gestureConfiguration: GestureConfiguration {
        GestureConfiguration(reportsTapsAtOnce: true)
    }

    /// The display name (`:N`).
    public let displayName: String
    /// The command, when this projection started one.
    public let child: ChildProcess?
    let display: X11Display
    let xServer: VirtualDisplay?
    let bus: AccessibilityBus?
    let tree: AccessibilityTree?
    /// The display's XSETTINGS, when this projection started the display and xsettingsd is installed.
    let settings: DesktopSettings?
    let logger: Logger
    private let tasks = NIOLockedValueBox<[Task<Void, Never>]>([])
    private let view = NIOLockedValueBox<Bool>(false)
    /// Set once ``stop(grace:)`` began.
    private let stopped = NIOLockedValueBox(false)

    private init(
        displayName: String, child: ChildProcess?, display: X11Display, xServer: VirtualDisplay?,
        bus: AccessibilityBus?, tree: AccessibilityTree?, settings: DesktopSettings? = nil, logger: Logger
    ) {
        self.settings = settings
        self.displayName = displayName
        self.child = child
        self.display = display
        self.xServer = xServer
        self.bus = bus
        self.tree = tree
        self.logger = logger
    }

    /// The X screen a launched application gets at least: the largest viewport a head unit usually asks for.
    /// Xvfb cannot resize its screen (its RandR has one fixed mode), so the screen is made this large from the
    /// start and only the viewport, at its top-left, is captured; a head unit growing the viewport up to this size
    /// gets the application laid out at the new size, not a black margin.
    public static let defaultScreen = Size(width: 1920, height: 1080)

    /// Starts Xvfb, a private D-Bus session with the accessibility bus, and `command` on them.
    ///
    /// - Parameters:
    ///   - viewport: the size the application's window is given, top-left on the screen.
    ///   - screen: the X screen's size, grown to at least `viewport` in each direction; the largest viewport a
    ///     later head-unit resize can show in full.
    ///   - haptics: read the accessibility tree for haptic rects.
    ///   - environment: the command's environment (default: this process's) before `DISPLAY` and the
    ///     accessibility variables are added.
    ///   - inheritsStandardInput: false gives the command `/dev/null` as stdin (this process reads its own).
    /// - Throws: ``ProgramProjectionError``: `missingTool` (no Xvfb or dbus-daemon), `badCommand`, `display`, `x11`;
    ///   whatever started is stopped again.
    public static func launch(
        command: [String], viewport: Size, screen: Size = X11Application.defaultScreen, haptics: Bool = true,
        environment: [String: String]? = nil, inheritsStandardInput: Bool = true,
        logger: Logger = Logger(label: "carwindow.x11")
    ) async throws(ProgramProjectionError) -> X11Application {
        let environment = environment ?? ProcessInfo.processInfo.environment
        guard let executable = command.first, !executable.isEmpty else {
            throw ProgramProjectionError(.badCommand, "no command to run: give one after --")
        }
        guard ChildProcess.resolve(executable, path: environment["PATH"]) != nil else {
            throw ProgramProjectionError(.badCommand, "\(executable): command not found")
        }
        // What SIGKILLed projections left behind (their helpers died with them, their directories did not).
        for path in RuntimeDirectory.sweepStale() { logger.info("removed \(path), left by a run that was killed") }
        let screenSize = Size(width: max(viewport.width, screen.width), height: max(viewport.height, screen.height))
        let xServer = try await VirtualDisplay.start(size: screenSize, logger: logger)
        var bus: AccessibilityBus?
        var display: X11Display?
        // Before the command, so its toolkit finds the settings manager when it starts.
        let settings = await DesktopSettings.start(display: xServer.name, dark: false, logger: logger)
        do throws(ProgramProjectionError) {
            bus = try await AccessibilityBus.start(display: xServer.name, logger: logger)
            display = try X11Display(display: xServer.name, viewport: viewport, logger: logger)
            var childEnvironment = environment
            // A stale accessibility bus (this process's own, set for libatspi by an earlier projection) must not
            // reach the application: Qt would register there and show no tree.
            childEnvironment.removeValue(forKey: "AT_SPI_BUS_ADDRESS")
            childEnvironment.merge(bus?.environment ?? [:]) { $1 }
            childEnvironment["DISPLAY"] = xServer.name
            childEnvironment.removeValue(forKey: "WAYLAND_DISPLAY")
            let child = try ChildProcess(
                executable: executable, arguments: Array(command.dropFirst()), environment: childEnvironment,
                inheritsStandardInput: inheritsStandardInput)
            logger.info("started \(command.joined(separator: " ")) (pid \(child.pid)) on display \(xServer.name)")
            let application = X11Application(
                displayName: xServer.name, child: child, display: display!, xServer: xServer, bus: bus,
                tree: haptics ? AccessibilityTree(logger: logger) : nil, settings: settings, logger: logger)
            application.startTree()
            return application
        } catch {
            display?.stop()
            await settings?.stop()
            await bus?.stop()
            await xServer.stop()
            throw error
        }
    }

    /// Attaches to a display someone else runs (`":1"`), showing `window` (an X window id) or, without one, the
    /// newest top-level window mapped from now on.
    ///
    /// Haptics come from the accessibility bus of this process's own D-Bus session, if it has one. Nothing is
    /// started, so nothing is stopped but the connection.
    public static func attach(
        display name: String, window: UInt32? = nil, viewport: Size, haptics: Bool = true,
        logger: Logger = Logger(label: "carwindow.x11")
    ) async throws(ProgramProjectionError) -> X11Application {
        guard name.hasPrefix(":") || name.contains(":") else {
            throw ProgramProjectionError(.invalidArgument, "display '\(name)' is not of the form :N")
        }
        let display = try X11Display(display: name, viewport: viewport, window: window, logger: logger)
        let application = X11Application(
            displayName: name, child: nil, display: display, xServer: nil, bus: nil,
            tree: haptics ? AccessibilityTree(logger: logger) : nil, logger: logger)
        application.startTree()
        return application
    }

    private func startTree() {
        display.start()
        guard let tree else {
            logger.info("haptics off: no haptic rects are sent")
            return
        }
        guard let address = bus?.accessibilityAddress ?? ProcessInfo.processInfo.environment["AT_SPI_BUS_ADDRESS"]
        else {
            logger.info("no accessibility bus: no haptic rects are sent")
            return
        }
        let (elements, input) = AsyncStream.makeStream(
            of: AccessibilityReading.self, bufferingPolicy: .bufferingNewest(1))
        guard tree.start(busAddress: address, onChange: { input.yield($0) }) else {
            logger.warning(
                """
                an earlier X11 projection in this process used AT-SPI (libatspi has one bus per process): \
                no haptic rects are sent; run one projection per process for haptics
                """)
            return
        }
        accessibilityUpdates.withLockedValue { $0 = elements }
    }

    private let accessibilityUpdates = NIOLockedValueBox<AsyncStream<AccessibilityReading>?>(nil)

    /// The view that shows the application; call once (the view is the one reader of the capture).
    ///
    /// - Precondition: not called before.
    @CarWindowActor
    public func makeView(options: ProgramInputOptions = ProgramInputOptions()) -> X11AppView {
        let first = view.withLockedValue { made in
            defer { made = true }
            return !made
        }
        precondition(first, "X11Application.makeView() called twice")
        let view = X11AppView(application: self, options: options)
        let signals = display.signals
        let damage = Task { @CarWindowActor [weak view] in
            for await signal in signals {
                guard let view else { return }
                if case .damaged = signal { view.damaged() }
            }
        }
        var started = [damage]
        if let updates = accessibilityUpdates.withLockedValue({ $0 }) {
            started.append(
                Task { @CarWindowActor [weak view] in
                    for await reading in updates { view?.accessibilityChanged(reading) }
                })
        }
        tasks.withLockedValue { $0 += started }
        return view
    }

    /// Waits until the application maps a top-level window (at once when attached to a window, or when one is
    /// already shown).
    ///
    /// The wait wakes on the display's window mappings and the command's exit; nothing polls.
    ///
    /// - Throws: ``ProgramProjectionError/Kind/noWindow`` after `timeout`;
    ///   ``ProgramProjectionError/Kind/applicationExited`` when the command exits first;
    ///   ``ProgramProjectionError/Kind/cancelled`` when the waiting task is cancelled or the display stops.
    public func waitForWindow(timeout: Duration = .seconds(20)) async throws(ProgramProjectionError) {
        enum Outcome: Sendable {
            case shown
            case exited(ChildProcess.Termination)
            case timedOut, cancelled
        }
        let display = self.display
        let ended = child?.ended()
        // Woken by the display's window mappings, the command's end and the deadline, never by polling.
        let outcome = await withTaskGroup(of: Outcome.self) { group in
            group.addTask {
                for await _ in display.windowMappings() where display.shownWindow != nil { return .shown }
                return .cancelled  // the display stopped, or this wait was cancelled
            }
            if let ended {
                group.addTask {
                    for await termination in ended { return .exited(termination) }
                    return .cancelled
                }
            }
            group.addTask {
                do { try await Task.sleep(for: timeout) } catch { return .cancelled }
                return .timedOut
            }
            let first = await group.next() ?? .cancelled
            group.cancelAll()
            return first
        }
        let name = child?.name
        switch outcome {
        case .shown:
            return
        case .exited(let termination):
            throw ProgramProjectionError(
                .applicationExited, "\(name ?? "the command") \(termination) before mapping a window")
        case .timedOut:
            throw ProgramProjectionError(.noWindow, "\(name ?? "the application") mapped no window in \(timeout)")
        case .cancelled:
            throw ProgramProjectionError(.cancelled, "stopped waiting for \(name ?? "the application")'s window")
        }
    }

    /// How the command ended; waits for it. `nil` when attached to a display (there is no command).
    public func exitStatus() async -> ChildProcess.Termination? {
        await child?.exitStatus()
    }

    /// Whether the X server is still there (always true when attached).
    public var isDisplayRunning: Bool { xServer?.isRunning ?? true }

    /// The X server's process id, when this projection started one.
    public var xServerPID: Int32? { xServer?.process.pid }

    /// How many captures were taken (for benchmarks and tests of a static application).
    public var captureCount: Int { display.captureCount }

    /// The capture count now, then again after each capture: what a test awaits instead of polling the screen.
    ///
    /// Only the newest count is buffered (a slow reader sees the latest, not every one). The stream finishes when the
    /// application stops; a stream asked for after that gives the final count and finishes.
    ///
    /// ```swift
    /// let before = application.captureCount
    /// for await count in application.captureCounts() where count > before {
    ///     break   // the program drew something since
    /// }
    /// ```
    public func captureCounts() -> AsyncStream<Int> { display.captureCounts() }

    /// Tells the program the car's day or night through the display's XSETTINGS (`Net/ThemeName` Adwaita or
    /// Adwaita-dark, `Gtk/ApplicationPreferDarkTheme`), which GTK follows live, and the private session's Settings
    /// portal (`color-scheme`), which Chromium and Electron follow live (`prefers-color-scheme`). Nothing happens
    /// when attached to a display. docs/project-any-app.md says which toolkits follow.
    ///
    /// ```swift
    /// for await case .appearance(let appearance) in await projection.events() {
    ///     application.setAppearance(appearance)
    /// }
    /// ```
    public func setAppearance(_ appearance: Appearance) {
        settings?.setDark(appearance == .night)
        bus?.portal?.setDark(appearance == .night)
    }

    /// Ends everything: the command gets SIGTERM, then SIGKILL after `grace`; then the accessibility reader, the
    /// D-Bus session and the X server. Safe to call more than once.
    public func stop(grace: Duration = X11Application.defaultGrace) async {
        let first = stopped.withLockedValue { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        if let child {
            let ended = await child.terminate(grace: grace)
            logger.info("\(child.name) \(ended)")
        }
        tree?.stop()
        display.stop()
        for task in tasks.withLockedValue({ $0 }) { task.cancel() }
        await settings?.stop(grace: grace)
        await bus?.stop(grace: grace)
        // With the bus gone its calls fail at once; the reader's thread ends.
        await tree?.waitUntilFinished(timeout: .seconds(5))
        await xServer?.stop(grace: grace)
    }
}
