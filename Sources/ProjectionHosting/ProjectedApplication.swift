package import CarWindow
package import CarWindowWayland
package import CarWindowX11
import SDLProjection

/// What `carwindow project` runs: an X11 application on a private Xvfb (or an attached display), or a Wayland one in
/// a private headless compositor (`--wayland`).
package enum ProjectedApplication: Sendable {
    case x11(X11Application)
    case wayland(WaylandApplication)

    /// The command, when this projection started one.
    package var child: ChildProcess? {
        switch self {
        case .x11(let application): application.child
        case .wayland(let application): application.child
        }
    }

    /// Where the program draws, for messages: `X display :3`, `Wayland compositor /tmp/.../wayland-1`.
    package var screenName: String {
        switch self {
        case .x11(let application): "X display \(application.displayName)"
        case .wayland(let application): "Wayland compositor \(application.compositor.socketPath)"
        }
    }

    /// Whether the X server or the compositor is still there: without it there is nothing to project.
    package var isScreenRunning: Bool {
        switch self {
        case .x11(let application): application.isDisplayRunning
        case .wayland(let application): application.isCompositorRunning
        }
    }

    /// Day or night for the program (X11: XSETTINGS and the Settings portal; Wayland: the Settings portal).
    package func setAppearance(_ appearance: Appearance) {
        switch self {
        case .x11(let application): application.setAppearance(appearance)
        case .wayland(let application): application.setAppearance(appearance)
        }
    }

    package func stop() async {
        switch self {
        case .x11(let application): await application.stop()
        case .wayland(let application): await application.stop()
        }
    }

    /// Puts the application's view in the window the projection streams.
    @CarWindowActor
    package func install(options: ProgramInputOptions, in source: WindowSource) {
        switch self {
        case .x11(let application): source.rootView = application.makeView(options: options)
        case .wayland(let application): source.rootView = application.makeView(options: options)
        }
    }
}
