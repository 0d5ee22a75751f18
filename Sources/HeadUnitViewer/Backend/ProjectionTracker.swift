import HeadUnit

import struct SDLRPC.HMIStatus
import struct SDLRPC.HapticRect

/// What ``HeadUnitBackend`` keeps between the emulator's events: the projecting app, its format and haptic rects,
/// and the viewer's own controls. A pure value: ``apply(_:)`` turns one emulator event into a log line and updates
/// the state, so the rules can be tested without sockets.
///
/// The viewer plays the HMI here. Core keeps no haptic rects: it forwards each SendHapticData to the HMI unchanged
/// (`touch-haptic`), and each request replaces the app's earlier rects. What the HMI does with them when
/// the picture changes is not documented, so the viewer decides (docs/viewer.md, "Haptic rects"): rects describe one
/// layout of one video stream, and are dropped when
/// - the head unit tells the app of a new screen (OnSystemCapabilityUpdated: size, scale or haptic support), because
///   they were measured on the old one;
/// - the app's video service stops (a restart at a new size, NONE or BACKGROUND, a drop), because the picture they
///   sit on is gone;
/// - the app disconnects.
/// The app sends the new layout's rects after its new stream starts; until then the viewer shows none. Each of these
/// events comes through the same ordered event stream as the rects, so rects sent after the change are never lost.
///
/// Each set also remembers the screen it was measured on (the last one announced before it), and
/// ``hapticRects(of:on:)`` hands it out only for that screen. A snapshot reads the emulator's screen and this tracker
/// at different moments: right after a resize the screen is already new while the event that drops the old rects
/// may still be on its way, and this keeps the old rects off the new screen in between.
///
/// ```swift
/// var tracker = ProjectionTracker(screen: .wvga)
/// _ = tracker.apply(.hapticRects(app, rects))
/// _ = tracker.apply(.videoStopped(app, byHeadUnit: false, accessUnits: 90))
/// tracker.hapticRects(of: app, on: .wvga)   // []
/// ```
struct ProjectionTracker: Sendable {
    /// The app the page shows and commands go to: the one picked on the page while it stays connected, else the
    /// app that went to FULL last (the one on the car's screen), else the one whose video started last, else the
    /// first that registered.
    var projectingApp: AppID? { selectedApp ?? fullApps.last ?? recentApp }
    /// The app whose access units the page gets now; a switch to another app waits for that app's next key frame.
    var forwardedApp: AppID?
    /// The app picked on the page (`selectApp`), until it disconnects.
    var selectedApp: AppID?
    /// The apps in FULL, the latest last.
    private(set) var fullApps: [AppID] = []
    /// The app whose video started last, or else the first that registered.
    private(set) var recentApp: AppID?
    /// Each app's video format, while its video runs or since it last ran.
    private(set) var formats: [AppID: ViewerVideoFormat] = [:]
    /// The projecting app's video format.
    var format: ViewerVideoFormat? { projectingApp.flatMap { formats[$0] } }
    /// Each app's picture while its video runs: the size it streams, with the scale announced when it started.
    /// It need not be the screen announced now: a resize made while no app was connected reaches no app as an
    /// event, and an app may stream a size of its own; the page maps clicks and draws rects on the picture it shows.
    private(set) var videoScreens: [AppID: ViewerScreen] = [:]
    /// The screen last announced to the apps: the configuration's when the viewer subscribed, then each
    /// OnSystemCapabilityUpdated's. `nil` when unknown.
    var screen: ViewerScreen?
    /// The screen announced before ``screen``: rects the app measured before the change reached it may still arrive.
    private var previousScreen: ViewerScreen?
    /// Each app's haptic rects for its current video, in head-unit pixels, with the screen they were measured on.
    private(set) var measuredRects: [AppID: (rects: [HapticRect], screen: ViewerScreen?)] = [:]
    /// The app state the viewer last asked for.
    var appState: ViewerAppState?
    /// The formats the viewer made the emulator refuse.
    var rejected: [ViewerVideoFormat] = []

    /// Creates a tracker that has seen no event; `screen` is the head unit's screen now, when known.
    init(screen: ViewerScreen? = nil) {
        self.screen = screen
    }

    /// The screen the page shows for `app`: the picture it streams while its video runs, else `announced`.
    func shownScreen(of app: AppID?, announced: ViewerScreen) -> ViewerScreen {
        app.flatMap { videoScreens[$0] } ?? announced
    }

    /// The app's haptic rects if they were measured on `screen` (the one a snapshot shows), else none.
    func hapticRects(of app: AppID, on screen: ViewerScreen) -> [HapticRect] {
        guard let measured = measuredRects[app], measured.screen == nil || measured.screen == screen else { return [] }
        return measured.rects
    }

    /// Updates the state for one emulator event and returns the event as the page shows it, or `nil` for events the
    /// page does not log.
    mutating func apply(_ event: HeadUnitEvent) -> ViewerEvent? {
        switch event {
        case .connected(let app, let remote): return .note("\(app) connected from \(remote)")
        case .appRegistered(let app, let name, _):
            if recentApp == nil { recentApp = app }
            return .appRegistered(ViewerApp(id: String(app.rawValue), name: name, hmiLevel: .none))
        case .hmiChanged(let app, let status):
            fullApps.removeAll { $0 == app }
            if status.hmiLevel == .full { fullApps.append(app) }
            return .hmiLevelChanged(ViewerHMILevel(status.hmiLevel))
        case .videoStarted(let app, let format, let size):
            let viewerFormat = ViewerVideoFormat(codec: format.codec, protocol: format.protocol)
            recentApp = app
            formats[app] = viewerFormat
            let shown = ViewerScreen(width: size.width, height: size.height, scale: screen?.scale ?? 1)
            videoScreens[app] = shown
            // The app lays out, and measures its rects, on the picture it streams. A screen announced while no app
            // was connected came as no event, and an app may stream a size of its own: its rects are on this one.
            if screen?.width != shown.width || screen?.height != shown.height {
                previousScreen = screen
                screen = shown
            }
            return .videoStarted(format: viewerFormat, width: size.width, height: size.height)
        case .videoRejected(let app, let reason, let parameters):
            return .note("\(app) video refused: \(reason) \(parameters)")
        case .videoStopped(let app, let byHeadUnit, let count):
            measuredRects[app] = nil
            videoScreens[app] = nil
            return .videoStopped(
                reason: "\(byHeadUnit ? "ended by the head unit" : "ended by the app") after \(count) access units")
        case .capabilityUpdated(let app, let capability):
            let announced = ViewerScreen(capability)
            if announced != screen { previousScreen = screen }
            screen = announced
            measuredRects[app] = nil
            return .videoResized(announced)
        case .hapticRects(let app, let rects):
            measuredRects[app] = (rects, Self.measuredOn(rects, current: screen, previous: previousScreen))
            return .hapticRects(rects)
        case .touchSent(let app, let type, let count): return .note("\(app) OnTouchEvent \(type) sent \(count)×")
        case .appUnregistered(let app, let unexpected):
            return .appUnregistered(appID: String(app.rawValue), reason: unexpected ? "disconnected" : "unregistered")
        case .disconnected(let app):
            if recentApp == app { recentApp = nil }
            if selectedApp == app { selectedApp = nil }
            fullApps.removeAll { $0 == app }
            formats[app] = nil
            measuredRects[app] = nil
            videoScreens[app] = nil
            return .connectionDropped(reason: "\(app) disconnected")
        case .error(let error): return .error(error.description)
        case .audioStarted, .audioStopped, .appCapabilityUpdated, .handshakeCompleted, .protectionFailed,
            .encryptionNeeded, .notificationWithheld, .secondaryTransportRegistered, .secondaryTransportClosed,
            .buttonSubscription, .buttonPressed, .knobHighlighted, .cloudApp:
            return .note(event.description)
        case .keyboardOpened(let app, let text, _):
            // Only the app on screen: its keyboard is the one the page's keys type on.
            return projectingApp.map { $0 == app } ?? true
                ? .keyboardOpened(initialText: text) : .note(event.description)
        case .keyboardClosed(let app, let result, let text):
            return projectingApp.map { $0 == app } ?? true
                ? .keyboardClosed(result: result, text: text) : .note(event.description)
        case .sessionStarted, .videoFrame, .audioData, .capabilityRequested:
            return nil
        }
    }
}

extension ProjectionTracker {
    /// The screen a set of rects was measured on: the current one, unless a rect lies wholly outside it but all lie
    /// on the previous one. An app measures on its own screen, so such a set left it before the new screen's
    /// OnSystemCapabilityUpdated reached the app (a SendHapticData in flight across a resize).
    static func measuredOn(
        _ rects: [HapticRect], current: ViewerScreen?, previous: ViewerScreen?
    ) -> ViewerScreen? {
        guard let current, let previous, !rects.allSatisfy({ $0.touches(current) }),
            rects.allSatisfy({ $0.touches(previous) })
        else { return current }
        return previous
    }
}

extension HapticRect {
    /// Whether any of the rect lies on `screen` (head-unit pixels, origin top left).
    func touches(_ screen: ViewerScreen) -> Bool {
        x < Double(screen.width) && y < Double(screen.height) && x + width > 0 && y + height > 0
    }
}

extension ViewerScreen {
    /// The screen a video streaming capability describes.
    init(_ capability: VideoCapability) {
        self.init(
            width: capability.preferredResolution.width, height: capability.preferredResolution.height,
            scale: capability.scale)
    }
}
