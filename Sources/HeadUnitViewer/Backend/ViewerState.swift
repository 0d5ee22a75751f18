public import struct SDLRPC.ButtonName
public import struct SDLRPC.HapticRect

/// A snapshot of the head unit as the page shows it.
///
/// ```swift
/// var state = ViewerState(screen: .wvga)
/// state.apps = [ViewerApp(id: "demo", name: "CarWindow Demo", hmiLevel: .full)]
/// ```
public struct ViewerState: Sendable, Hashable, Codable {
    /// The registered apps.
    public var apps: [ViewerApp]
    /// The projecting app's HMI level, if an app is registered.
    public var hmiLevel: ViewerHMILevel?
    /// The app state last asked for, if any.
    public var appState: ViewerAppState?
    /// The head unit's screen.
    public var screen: ViewerScreen
    /// The format being streamed, if video runs.
    public var format: ViewerVideoFormat?
    /// The formats the head unit offers.
    public var supportedFormats: [ViewerVideoFormat]
    /// The formats the viewer made the head unit refuse.
    public var rejectedFormats: [ViewerVideoFormat]
    /// Whether the video service is running.
    public var isStreaming: Bool
    /// The app's haptic rects, in head-unit pixels.
    public var hapticRects: [HapticRect]
    /// The ``ViewerApp/id`` of the app shown and commanded, if any.
    public var projectingApp: String?
    /// The hardware buttons the car has (the page's button panel shows these); empty when it has none the viewer
    /// can press.
    public var buttons: [ButtonName]
    /// Whether the car's screen takes touches; without one (`--no-touch`) the page selects with haptic focus.
    public var touchScreen: Bool
    /// The projecting app's haptic rect the knob highlights, if any.
    public var knobHighlight: HapticRect?
    /// The cloud apps the head unit lists (`carwindow headunit --cloud-app`), connected or not: the page offers to
    /// activate each.
    public var cloudApps: [ViewerCloudApp]

    /// Creates a state.
    public init(
        apps: [ViewerApp] = [], hmiLevel: ViewerHMILevel? = nil, appState: ViewerAppState? = nil,
        screen: ViewerScreen, format: ViewerVideoFormat? = nil,
        supportedFormats: [ViewerVideoFormat] = [.h264RAW, .h264RTP], rejectedFormats: [ViewerVideoFormat] = [],
        isStreaming: Bool = false, hapticRects: [HapticRect] = [], projectingApp: String? = nil,
        buttons: [ButtonName] = [], touchScreen: Bool = true, knobHighlight: HapticRect? = nil,
        cloudApps: [ViewerCloudApp] = []
    ) {
        self.cloudApps = cloudApps
        self.buttons = buttons
        self.touchScreen = touchScreen
        self.knobHighlight = knobHighlight
        self.projectingApp = projectingApp
        self.apps = apps
        self.hmiLevel = hmiLevel
        self.appState = appState
        self.screen = screen
        self.format = format
        self.supportedFormats = supportedFormats
        self.rejectedFormats = rejectedFormats
        self.isStreaming = isStreaming
        self.hapticRects = hapticRects
    }
}

/// A registered app.
public struct ViewerApp: Sendable, Hashable, Codable {
    /// The app's id (`RegisterAppInterface.fullAppID` or `appID`).
    public var id: String
    /// The app's name.
    public var name: String
    /// Its HMI level.
    public var hmiLevel: ViewerHMILevel
    /// What it came in on (`tcp`, `ws`, ...), when the backend knows; the page shows it beside the name.
    public var transport: String?

    /// Creates an app entry.
    public init(id: String, name: String, hmiLevel: ViewerHMILevel, transport: String? = nil) {
        self.id = id
        self.name = name
        self.hmiLevel = hmiLevel
        self.transport = transport
    }
}

/// A cloud app the head unit can dial, and where it is.
public struct ViewerCloudApp: Sendable, Hashable, Codable {
    /// Its policy app id: what ``ViewerCommand/activateCloudApp(_:)`` takes.
    public var id: String
    /// The endpoint the head unit dials (`ws://HOST:PORT`).
    public var endpoint: String
    /// `not connected`, `dialing`, `dialing (retry N)`, `connected as app N` or `unreachable after N attempts: ...`.
    public var status: String
    /// Whether it is connected now.
    public var connected: Bool

    /// Creates a cloud app entry.
    public init(id: String, endpoint: String, status: String, connected: Bool) {
        self.id = id
        self.endpoint = endpoint
        self.status = status
        self.connected = connected
    }
}
