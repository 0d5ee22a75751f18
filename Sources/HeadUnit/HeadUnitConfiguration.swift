public import SDLRPC
public import SDLWire

/// Everything the emulator needs to start: where it listens, what it reports, what it records and how Core-like it
/// is. Defaults reproduce the HMI behind the recorded traces (`SDL / HmiStub / 2024 / SE`, 800x480, activation after
/// 0.5 s).
///
/// ```swift
/// var configuration = HeadUnitConfiguration(port: 0)
/// configuration.video.preferredResolution = VideoSize(width: 1024, height: 600)
/// configuration.recordDirectory = "/tmp/recordings"
/// ```
public struct HeadUnitConfiguration: Sendable {
    /// The address to listen on.
    public var host: String
    /// The TCP port; 0 picks a free one (reported by `HeadUnit/start()`).
    public var port: Int
    /// What the RPC StartServiceACK reports about the vehicle.
    public var vehicle: VehicleInfo
    /// The video capability at start-up.
    public var video: VideoCapability
    /// How long after registration the HMI activates the app (FULL). `nil`: never on its own.
    public var activationDelay: Duration?
    /// The `mtu` Core reports (its MaximumPayloadSize).
    public var mtu: Int64
    /// The highest protocol version the emulator speaks; an app asking for more gets this. Below 5 (Core limited to
    /// protocol 4), every app is answered the old way: a v4 header, the hash id in the message id, ACKs without BSON.
    public var protocolVersion: ProtocolVersion
    /// Where to write one `.h264` file per video stream and one `.pcm` file per audio stream; `nil` records nothing.
    public var recordDirectory: String?
    /// Where to write the JSON-lines event log; `nil` writes none.
    public var eventLogPath: String?
    public var quirks: CoreQuirks
    /// The car's light status (`headLampStatus` vehicle data) and whether the policy lets apps read it.
    public var lights = VehicleLights()
    /// Protected services (the TLS client side); `nil`: a protected StartService is refused.
    public var security: HeadUnitSecurity?
    /// A secondary TCP transport to offer; `nil` offers none, as Core did in the traces.
    public var secondaryTransport: SecondaryTransportOffer?
    /// Caps how fast the emulator reads each app's socket, in kbit/s, to emulate a slow link (`--link-bitrate`);
    /// `nil` reads as fast as the socket delivers. Change it at runtime with ``HeadUnitEmulator/setLinkKbps(_:)``.
    public var linkKbps: Int?
    /// How long a link may sit on part of a frame (half a header, a header without its payload) with nothing more
    /// arriving before the emulator closes it (`PartialFrameTimeout`); `nil` waits forever. A link idle between
    /// whole frames is never closed for it.
    public var partialFrameTimeout: Duration? = .seconds(10)
    /// A WebSocket port to accept apps on besides TCP, as Core's WebEngine server (`WebSocketServerPort`, 2020 by
    /// default in Core's ini); 0 picks a free one (``HeadUnitEmulator/webSocketPort``); `nil` listens on none.
    /// SDL frames travel in binary messages; each connection is one app, served as a TCP one.
    ///
    /// ```swift
    /// var configuration = HeadUnitConfiguration(port: 0)
    /// configuration.webSocketPort = 0
    /// ```
    public var webSocketPort: Int?
    /// TLS for the WebSocket server (`wss://`), as Core's `WSServerCertificatePath`/`WSServerKeyPath`
    /// /`WSServerCACertificatePath`: the server's certificate and key, and with a CA file, a client certificate
    /// chaining to it is required of every app. `nil` serves plain `ws://`.
    ///
    /// ```swift
    /// configuration.webSocketTLS = WebSocketTLSFiles(
    ///     trustRoots: "ca.pem", certificate: "head-unit.pem", privateKey: "head-unit-key.pem")
    /// ```
    public var webSocketTLS: WebSocketTLSFiles?
    /// The hardware buttons the car has, in RegisterAppInterface's `buttonCapabilities` (each with short, long and
    /// up/down presses). An app may subscribe only to these (UNSUPPORTED_RESOURCE otherwise, as Core answers).
    /// Defaults to ``tracedButtons``; add `SDLRPC/ButtonName/navigation` for a car with map buttons.
    ///
    /// ```swift
    /// configuration.buttons = HeadUnitConfiguration.tracedButtons + ButtonName.navigation
    /// ```
    public var buttons: [ButtonName] = Self.tracedButtons
    /// The cloud apps the policy table lists (``CloudApp``): each is dialed when activated
    /// (``HeadUnitEmulator/activateCloudApp(_:)``, the console's `activate ID`), never on its own.
    ///
    /// ```swift
    /// configuration.cloudApps = [try CloudApp(parsing: "swiftsdl-nav=ws://127.0.0.1:8080,auth=TOKEN")]
    /// ```
    public var cloudApps: [CloudApp] = []
    /// How long after a failed dial the next attempt starts: Core's `[CloudAppConnections] CloudAppRetryTimeout`
    /// (1000 ms in its ini).
    public var cloudAppRetryTimeout: Duration = .seconds(1)
    /// How many times a failed dial is retried before the app goes back to not connected: Core's
    /// `CloudAppMaxRetryAttempts` (5), so 6 attempts in all.
    public var cloudAppMaxRetryAttempts = 5
    /// How long one dial (TCP, TLS and the upgrade) may take.
    public var cloudAppConnectTimeout: Duration = .seconds(10)
    /// Whether the screen takes touches (`--no-touch` sets `false`): without one, `touchEventAvailable` says so,
    /// the console's touches are refused and only the knob's select taps reach the app, as on a knob-only car.
    public var touchScreen = true

    /// The buttons the HMI behind the recorded Core 8.2 traces reported: OK, the media keys, four presets and
    /// SEARCH; no map buttons.
    public static let tracedButtons: [ButtonName] = [
        .ok, .playPause, .seekleft, .seekright, .tuneup, .tunedown, .preset0, .preset1, .preset2, .preset3, .search,
    ]

    public init(
        host: String = "127.0.0.1",
        port: Int = 12345,
        vehicle: VehicleInfo = VehicleInfo(
            make: "SDL",
            model: "HmiStub",
            modelYear: "2024",
            trim: "SE",
            systemSoftwareVersion: "hmi_stub_1.0",
            systemHardwareVersion: "stub-hw"
        ),
        video: VideoCapability = VideoCapability(),
        activationDelay: Duration? = .milliseconds(500),
        mtu: Int64 = 131_072,
        protocolVersion: ProtocolVersion = ProtocolVersion(5, 4, 1),
        recordDirectory: String? = nil,
        eventLogPath: String? = nil,
        quirks: CoreQuirks = CoreQuirks()
    ) {
        self.host = host
        self.port = port
        self.vehicle = vehicle
        self.video = video
        self.activationDelay = activationDelay
        self.mtu = mtu
        self.protocolVersion = protocolVersion
        self.recordDirectory = recordDirectory
        self.eventLogPath = eventLogPath
        self.quirks = quirks
    }
}
