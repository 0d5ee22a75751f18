public import Logging
public import SDLProjection
import SDLRPC
import SDLSession
import SDLStreaming

/// A view tree as the source of a `Projection`: it renders its ``window`` on a frame pump per video stream, sizes
/// the window to each stream, sends the focusable views' haptic rects, and hands the gestures and buttons the run
/// recognized to the window, which hit-tests them. It also follows the car's day and night, driver distraction and
/// the head unit's keyboard.
///
/// The projection owns the session, the video lifecycle, audio, touches and the event log, the same for every
/// kind of source:
///
/// ```text
///   Projection: SDLSession ─▶ SessionVideoDriver ─▶ VideoStreamManager ◀── FramePump ◀── Window ◀── rootView
///       │  OnTouchEvent ─▶ TouchConverter ─▶ GestureRecognizer ─▶ WindowSource ─▶ Window (hit-test, views)
///       ◀── SendHapticData ◀── HapticDebouncer ◀── FocusableItemLocator (× scale)
///   video events: started/resized ──▶ window resized, then a new pump at the negotiated frame rate
///                 suspended ──▶ pump stopped           stopped ──▶ pump cancelled
/// ```
///
/// **One executor.** The source, its window and views, the pump's ticks, touch handling and every event it reports
/// run on `CarWindowActor`. Long-lived work runs in tasks the source owns: one per video stream for the frame
/// pump, cancelled when the stream or the run ends; there is no task per frame or per touch.
///
/// ```swift
/// let settings = CarWindowSettings(app: AppConfiguration(appName: "Maps", appID: "swiftsdl-nav"))
/// let screen = try WindowSource(settings: settings)
/// screen.rootView = MapView()
/// let projection = Projection(settings: settings, transport: TCPTransport(host: "127.0.0.1", port: 12345))
/// try await projection.start(source: screen)
/// for await event in await projection.events() {
///     if case .video(.started) = event, await projection.state == .streaming { print("on the car's screen") }
/// }
/// try await projection.stop()
/// ```
@CarWindowActor
public final class WindowSource {
    /// The screen: set ``rootView`` (and ``compactRootView``) or configure it directly.
    public let window: Window
    public let settings: CarWindowSettings
    /// The head unit's keyboard, the window's `Window.keyboardPresenter`.
    let keyboard: HeadUnitKeyboard
    /// Why the head unit refused `headLampStatus` (for example "DISALLOWED ..." by policy), when it did: the
    /// theme then stays the app's choice.
    public internal(set) var headLampStatusRefusal: String?
    /// The display metrics of the stream being shown, once one started.
    public internal(set) var metrics: DisplayMetrics?
    /// The pump of the current stream (a new one per stream, at its frame rate); `nil` while not streaming.
    public internal(set) var pump: FramePump?

    /// The pump settings of the open stream, to start a pump again when a suspended stream resumes.
    var streamConfiguration: StreamingConfiguration?
    /// The run's context while a projection runs this source: the session, the video manager, haptic rects and
    /// reports go through it.
    var context: ProjectionContext?
    var streamingTask: Task<Void, Never>?
    /// Where the source's own errors go when no run is there to report them (a pump that fails as it ends).
    let logger: Logger
    /// The theme's switches, in order, for the run's `appearance` events (relayed while a run goes on).
    let appearances = Broadcast<Appearance>(replaysCurrent: false, buffering: .bufferingNewest(16))

    /// Creates the view tree's source with `settings`' window configuration, first viewport, themes, appearance and
    /// frame pump settings; the run's options (`settings.projection`) are the `Projection`'s
    /// (`Projection.init(settings:transport:logger:)`).
    ///
    /// ```swift
    /// let screen = try WindowSource(settings: CarWindowSettings(app: app))
    /// try NavigationScreen().install(in: screen.window)     // or: screen.rootView = myView
    /// ```
    ///
    /// - Parameter logger: where errors go that come when no run is there to report them.
    /// - Throws: `CarWindowError` when the initial resolution or the window configuration is invalid.
    public init(
        settings: CarWindowSettings, logger: Logger = Logger(label: "carwindow.window")
    ) throws(CarWindowError) {
        self.settings = settings
        self.logger = logger
        let initial = try DisplayMetrics(resolution: settings.initialResolution)
        window = try Window(metrics: initial, configuration: settings.window)
        // The run recognizes the touches with these; a touch fed to the window directly is read the same way.
        window.gestures = settings.projection.gestures
        keyboard = HeadUnitKeyboard()
        window.keyboardPresenter = keyboard
    }

    /// The screen's content; swapping it at any time lays the new tree out, redraws it and sends its haptic rects.
    public var rootView: View? {
        get { window.rootView }
        set { window.rootView = newValue }
    }

    /// The content for small viewports (picture-in-picture), below `settings.window.compactThreshold`.
    public var compactRootView: View? {
        get { window.compactRootView }
        set { window.compactRootView = newValue }
    }

    // MARK: Errors

    /// Reports an error of the source's own (the window, the pump, a request or notification of its own) where it
    /// could not be thrown: as an `error` event of the run, in order with its other events.
    func report(_ failure: ProjectionFailure, source: ProjectionEvent.ErrorSource) async {
        guard let context else {
            // No run to tell: it ended (a pump failing as its stream ends, say); the log keeps it.
            logger.warning("projection error after its run", metadata: ["error": "\(failure)"])
            return
        }
        await context.report(.error(failure, source: source))
    }

    /// Reports an error of the window or its pump (a size it cannot take, a frame that failed to render): the stream
    /// of frames failed, the run goes on.
    func report(_ error: CarWindowError) async {
        await report(ProjectionFailure(.sourceFailed, "\(error)", underlying: error), source: .video)
    }
}

extension WindowSource: ProjectionSource {
    /// Follows the run: a pump per video stream, the notifications the window reacts to (driver distraction,
    /// vehicle data for day and night, keyboard input, permission changes), and the theme's switches as
    /// `appearance` events. Called again with a new context after a reconnection; the window and views stay.
    public nonisolated func run(in context: ProjectionContext) async throws(ProjectionFailure) {
        let appearances = self.appearances.subscribe()
        await attach(context)
        await withDiscardingTaskGroup { group in
            group.addTask {
                for await notification in context.notifications {
                    switch notification.functionID {
                    case .onDriverDistraction: await self.driverDistractionChanged(notification)
                    case .onVehicleData: await self.vehicleDataChanged(notification)
                    case .onKeyboardInput: await self.keyboardInput(notification)
                    case .onPermissionsChange: await self.permissionsChanged(notification)
                    default: break
                    }
                }
            }
            group.addTask { await self.followAppearance() }
            group.addTask {
                // The theme's switches join the run's events (the `appearance` line).
                for await appearance in appearances {
                    await context.report(.appearance(appearance))
                }
            }
            for await event in context.videoEvents { await self.handle(event) }
            group.cancelAll()
        }
        await detach()
    }

    public nonisolated func received(_ action: TouchAction) async {
        await deliver(action)
    }

    public nonisolated func received(_ button: ProjectionButton) async {
        await deliver(button)
    }

    public nonisolated func isImmediateTap(at point: Point) async -> Bool {
        await isTapOnPressedButton(at: point)
    }
}
