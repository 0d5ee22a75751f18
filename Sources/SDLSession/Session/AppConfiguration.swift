public import Logging
public import SDLRPC

/// What the app tells the head unit about itself when it registers, and how long the session waits for answers.
///
/// ```swift
/// var app = AppConfiguration(appName: "CarWindow", appID: "swiftsdl-nav")
/// app.appType = .projection
/// app.timeouts.response = .seconds(5)
/// app.maximumVideoFramePayload = 8 * 1024     // smaller video frames: audio waits less behind video
/// ```
public struct AppConfiguration: Sendable {
    /// The kind of projection app: SDL Core gives video and touch only to these (`AppHMIType` in MOBILE_API.xml;
    /// core-8.2-nak-non-navigation.jsonl in Tests/HeadUnitTests/Fixtures/traces).
    public enum AppType: String, Sendable, CaseIterable {
        case navigation
        case projection

        var hmiType: AppHMIType { self == .navigation ? .navigation : .projection }
    }

    /// How long each step may take before the session gives up with ``SDLSessionError/Kind/timeout(_:)``.
    public struct Timeouts: Sendable {
        /// RPC StartService to its ACK. SDL Core answered in 3-25 ms (every trace in
        /// Tests/HeadUnitTests/Fixtures/traces).
        public var protocolStart: Duration
        /// Any RPC request to its response.
        public var response: Duration
        /// A video or audio StartService/EndService to its ACK. Core waits for its HMI first (40-85 ms seen).
        public var service: Duration
        /// Each shutdown step (UnregisterAppInterface, RPC EndService).
        public var shutdown: Duration

        public init(
            protocolStart: Duration = .seconds(5),
            response: Duration = .seconds(10),
            service: Duration = .seconds(10),
            shutdown: Duration = .seconds(2)
        ) {
            self.protocolStart = protocolStart
            self.response = response
            self.service = service
            self.shutdown = shutdown
        }

        /// The same duration for every step; handy for tests of silent head units.
        public static func all(_ duration: Duration) -> Timeouts {
            Timeouts(protocolStart: duration, response: duration, service: duration, shutdown: duration)
        }
    }

    public var appName: String
    /// The policy table's app id (SDL Core's traces use "swiftsdl-nav").
    public var appID: String
    /// The full app id (protocol 5+); defaults to `appID`.
    public var fullAppID: String?
    public var appType: AppType
    public var isMediaApplication: Bool
    /// The RPC spec version we speak.
    public var syncMsgVersion: SyncMsgVersion
    public var languageDesired: Language
    public var hmiDisplayLanguageDesired: Language
    public var dayColorScheme: TemplateColorScheme?
    public var nightColorScheme: TemplateColorScheme?
    public var timeouts: Timeouts
    /// The most payload bytes one video frame carries; video messages are split into frames no larger than this or
    /// the service's MTU, whichever is smaller. Any value up to the MTU is legal (PS §2.4); a small one lets audio
    /// and RPC frames, which go first (PS §5), get in between the frames of a large access unit, so audio is never
    /// starved: 16 KiB is written in about 65 ms even over Bluetooth SPP at 2 Mbit/s. Values below 256 count as
    /// 256.
    public var maximumVideoFramePayload: Int
    /// The default ``maximumVideoFramePayload``: 16 KiB, the bound TLS records use too (RFC 8446 §5.1; PS §2.4.2).
    public static let defaultMaximumVideoFramePayload = 16 * 1024
    /// The smallest ``maximumVideoFramePayload``: below it the headers cost more than the data.
    public static let minimumVideoFramePayload = 256
    /// Where the session logs: connection and every frame and RPC at debug, errors at error.
    public var logger: Logger
    /// Protected services (TLS over SDL); `nil`: every service runs in the clear and a protected start is refused.
    public var security: Security?
    /// The secondary transport: used when the head unit offers one (on by default).
    public var secondaryTransport = SecondaryTransport()
    /// The `hashID` RegisterAppInterface carries: the last OnHashChange of an earlier connection
    /// (``SDLSession/resumptionHashID``), so the head unit can resume the app's data. `nil` (the default) asks for
    /// nothing to be resumed. A head unit that cannot resume still registers the app, with `RESUME_FAILED`.
    public var resumptionHashID: String?
    /// The liveness check of a quiet connection (Heartbeat, then a deadline); `nil` (the default) leaves it off.
    /// Off by default because a Heartbeat waits behind every byte already in the socket: on a congested uplink
    /// that is longer than any answer deadline, and a live head unit would be dropped as stalled.
    public var heartbeat: Heartbeat?

    public init(
        appName: String,
        appID: String,
        fullAppID: String? = nil,
        appType: AppType = .navigation,
        isMediaApplication: Bool = false,
        syncMsgVersion: SyncMsgVersion = SyncMsgVersion(majorVersion: 8, minorVersion: 0, patchVersion: 0),
        languageDesired: Language = .enUs,
        hmiDisplayLanguageDesired: Language = .enUs,
        dayColorScheme: TemplateColorScheme? = nil,
        nightColorScheme: TemplateColorScheme? = nil,
        timeouts: Timeouts = Timeouts(),
        maximumVideoFramePayload: Int = AppConfiguration.defaultMaximumVideoFramePayload,
        logger: Logger = Logger(label: "carwindow.session"),
        security: Security? = nil
    ) {
        self.appName = appName
        self.appID = appID
        self.fullAppID = fullAppID
        self.appType = appType
        self.isMediaApplication = isMediaApplication
        self.syncMsgVersion = syncMsgVersion
        self.languageDesired = languageDesired
        self.hmiDisplayLanguageDesired = hmiDisplayLanguageDesired
        self.dayColorScheme = dayColorScheme
        self.nightColorScheme = nightColorScheme
        self.timeouts = timeouts
        self.maximumVideoFramePayload = maximumVideoFramePayload
        self.logger = logger
        self.security = security
    }

    /// The RegisterAppInterface request this configuration sends.
    public var registerAppInterface: RegisterAppInterface {
        RegisterAppInterface(
            syncMsgVersion: syncMsgVersion,
            appName: appName,
            isMediaApplication: isMediaApplication,
            languageDesired: languageDesired,
            hmiDisplayLanguageDesired: hmiDisplayLanguageDesired,
            appHMIType: [appType.hmiType],
            hashID: resumptionHashID,
            appID: appID,
            fullAppID: fullAppID ?? appID,
            dayColorScheme: dayColorScheme,
            nightColorScheme: nightColorScheme
        )
    }
}
