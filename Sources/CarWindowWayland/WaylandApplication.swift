public import CarWindow
public import CarWindowX11
import Foundation
import Glibc
public import Logging
import NIOConcurrencyHelpers

/// A Wayland application to project: a command run in a private headless compositor (see ``WaylandCompositor``),
/// with `WAYLAND_DISPLAY` set and no `DISPLAY`, so a toolkit that could fall back to X11 cannot.
///
/// ```swift
/// let app = try await WaylandApplication.launch(command: ["foot"], viewport: Size(width: 800, height: 480))
/// try await app.waitForWindow()
/// windowSource.rootView = await app.makeView()     // then: try await projection.start(source: windowSource)
/// let status = await app.exitStatus()   // the command's, when it exits
/// await app.stop()                      // SIGTERM, then SIGKILL, to the command and the compositor
/// ```
public final class WaylandApplication: Sendable {
    /// Gestures for a projected application: taps are clicks at once, as for X11.
    public static var gestureConfiguration: GestureConfiguration { X11Application.gestureConfiguration }

    /// The command.
    public let child: ChildProcess
    /// The compositor it runs in.
    public let compositor: WaylandCompositor
    let display: WaylandDisplay
    let bus: AccessibilityBus?
    let tree: AccessibilityTree?
    let logger: Logger
    private let tasks = NIOLockedValueBox<[Task<Void, Never>]>([])
    private let view = NIOLockedValueBox<Bool>(false)
    private let stopped = NIOLockedValueBox(false)

    private init(
        child: ChildProcess, compositor: WaylandCompositor, display: WaylandDisplay, bus: AccessibilityBus?,
        tree: AccessibilityTree?, logger: Logger
    ) {
        self.bus = bus
        self.tree = tree
        self.child = child
        self.compositor = compositor
        self.display = display
        self.logger = logger
    }

    /// Starts the compositor with an output of `viewport`'s size and `command` in it.
    ///
    /// - Parameters:
    ///   - haptics: start a private D-Bus session with the accessibility bus and read the program's tree for haptic
    ///     rects (one projection per process can: libatspi reads one bus per process).
    ///   - environment: the command's environment (default: this process's) before `WAYLAND_DISPLAY` and
    ///     `XDG_RUNTIME_DIR` are set and `DISPLAY` removed.
    ///   - inheritsStandardInput: false gives the command `/dev/null` as stdin (this process reads its own).
    /// - Throws: ``ProgramProjectionError``: `missingTool` (no sway), `badCommand`, `wayland`; whatever started is
    ///   stopped again.
    public static func launch(
        command: [String], viewport: Size, haptics: Bool = true, environment: [String: String]? = nil,
        inheritsStandardInput: Bool = true, logger: Logger = Logger(label: "carwindow.wayland")
    ) async throws(ProgramProjectionError) -> WaylandApplication {
        let environment = environment ?? ProcessInfo.processInfo.environment
        guard let executable = command.first, !executable.isEmpty else {
            throw ProgramProjectionError(.badCommand, "no command to run: give one after --")
        }
        guard ChildProcess.resolve(executable, path: environment["PATH"]) != nil else {
            throw ProgramProjectionError(.badCommand, "\(executable): command not found")
        }
        // What SIGKILLed projections left behind (their helpers died with them, their directories did not).
        for path in RuntimeDirectory.sweepStale() { logger.info("removed \(path), left by a run that was killed") }
        let compositor = try await WaylandCompositor.start(size: viewport, logger: logger)
        var bus: AccessibilityBus?
        do throws(ProgramProjectionError) {
            let display = try WaylandDisplay(compositor: compositor, viewport: viewport, logger: logger)
            var childEnvironment = environment
            // This process's own accessibility bus (set for libatspi by an earlier projection, gone with it) must
            // not reach the program, haptics or not: GTK would warn that it cannot connect to it.
            childEnvironment.removeValue(forKey: "AT_SPI_BUS_ADDRESS")
            if haptics {
                bus = try await AccessibilityBus.start(display: nil, logger: logger)
                childEnvironment.merge(bus?.environment ?? [:]) { $1 }
                // GTK on Wayland reads its theme from GSettings unless told to use the portals: then it follows the
                // session's Settings portal (night) live.
                if bus?.portal != nil {
                    childEnvironment["GDK_DEBUG"] = [environment["GDK_DEBUG"], "portals"].compactMap { $0 }
                        .joined(separator: ",")
                }
            }
            childEnvironment.removeValue(forKey: "DISPLAY")
            childEnvironment["WAYLAND_DISPLAY"] = compositor.socketPath
            childEnvironment["XDG_RUNTIME_DIR"] = compositor.programRuntimeDirectory
            childEnvironment["XDG_SESSION_TYPE"] = "wayland"
            do throws(ProgramProjectionError) {
                let child = try ChildProcess(
                    executable: executable, arguments: Array(command.dropFirst()), environment: childEnvironment,
                    inheritsStandardInput: inheritsStandardInput)
                logger.info("started \(command.joined(separator: " ")) (pid \(child.pid)) on \(compositor.socketPath)")
                let application = WaylandApplication(
                    child: child, compositor: compositor, display: display, bus: bus,
                    tree: haptics ? AccessibilityTree(logger: logger) : nil, logger: logger)
                display.start()
                application.startTree()
                return application
            } catch {
                display.stop()
                throw error
            }
        } catch {
            await bus?.stop()
            await compositor.stop()
            throw error
        }
    }

    private let accessibilityUpdates = NIOLockedValueBox<AsyncStream<AccessibilityReading>?>(nil)

    /// Reads the program's accessibility tree on its bus; the program fills the output from its top-left corner, so
    /// the coordinates it reports are the view's.
    private func startTree() {
        guard let tree else {
            logger.info("haptics off: no haptic rects are sent")
            return
        }
        guard let address = bus?.accessibilityAddress else {
            logger.info("no accessibility bus: no haptic rects are sent")
            return
        }
        let (elements, input) = AsyncStream.makeStream(
            of: AccessibilityReading.self, bufferingPolicy: .bufferingNewest(1))
        guard tree.start(busAddress: address, onChange: { input.yield($0) }) else {
            logger.warning(
                """
                an earlier projection in this process used AT-SPI (libatspi has one bus per process): \
                no haptic rects are sent; run one projection per process for haptics
                """)
            return
        }
        accessibilityUpdates.withLockedValue { $0 = elements }
    }

    /// The view that shows the application; call once (the view is the one reader of the capture).
    ///
    /// - Precondition: not called before.
    @CarWindowActor
    public func makeView(options: ProgramInputOptions = ProgramInputOptions()) -> WaylandAppView {
        let first = view.withLockedValue { made in
            defer { made = true }
            return !made
        }
        precondition(first, "WaylandApplication.makeView() called twice")
        let view = WaylandAppView(application: self, options: options)
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

    /// Waits until the application opens a top-level window (at once when one is open).
    ///
    /// The wait wakes on the compositor's window announcements and the command's exit; nothing polls.
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
        let ended = child.ended()
        let outcome = await withTaskGroup(of: Outcome.self) { group in
            group.addTask {
                for await count in display.windowCounts() where count > 0 { return .shown }
                return .cancelled
            }
            group.addTask {
                for await termination in ended { return .exited(termination) }
                return .cancelled
            }
            group.addTask {
                do { try await Task.sleep(for: timeout) } catch { return .cancelled }
                return .timedOut
            }
            let first = await group.next() ?? .cancelled
            group.cancelAll()
            return first
        }
        switch outcome {
        case .shown:
            return
        case .exited(let termination):
            throw ProgramProjectionError(.applicationExited, "\(child.name) \(termination) before opening a window")
        case .timedOut:
            throw ProgramProjectionError(.noWindow, "\(child.name) opened no window in \(timeout)")
        case .cancelled:
            throw ProgramProjectionError(.cancelled, "stopped waiting for \(child.name)'s window")
        }
    }

    /// How the command ended; waits for it.
    public func exitStatus() async -> ChildProcess.Termination { await child.exitStatus() }

    /// Whether the compositor is still there.
    public var isCompositorRunning: Bool { compositor.isRunning }

    /// How many captures were taken (for benchmarks and tests of a still application).
    public var captureCount: Int { display.captureCount }

    /// The capture count now, then again after each capture: what a test awaits instead of polling the screen.
    ///
    /// ```swift
    /// let before = application.captureCount
    /// for await count in application.captureCounts() where count > before { break }
    /// ```
    public func captureCounts() -> AsyncStream<Int> { display.captureCounts() }

    /// Ends everything: the command gets SIGTERM, then SIGKILL after `grace`; then the connection and the
    /// compositor. Safe to call more than once.
    /// Tells the program the car's day or night through its private session's Settings portal (`color-scheme`),
    /// which Chromium and Electron follow live. Nothing reaches the program without haptics (no private session then).
    /// docs/project-any-app.md says which toolkits follow.
    ///
    /// ```swift
    /// for await case .appearance(let appearance) in await projection.events() {
    ///     application.setAppearance(appearance)
    /// }
    /// ```
    public func setAppearance(_ appearance: Appearance) {
        bus?.portal?.setDark(appearance == .night)
    }

    public func stop(grace: Duration = X11Application.defaultGrace) async {
        let first = stopped.withLockedValue { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        let ended = await child.terminate(grace: grace)
        logger.info("\(child.name) \(ended)")
        tree?.stop()
        display.stop()
        for task in tasks.withLockedValue({ $0 }) { task.cancel() }
        await bus?.stop(grace: grace)
        // With the bus gone its calls fail at once; the reader's thread ends.
        await tree?.waitUntilFinished(timeout: .seconds(5))
        await compositor.stop(grace: grace)
    }
}

extension WaylandApplication: BenchmarkedProgram {
    public var serverName: String { "sway" }
    public var programPID: Int32? { child.pid }
    public var serverPID: Int32? { compositor.pid }
    @CarWindowActor public func makeBenchmarkView() -> View { makeView() }
}
