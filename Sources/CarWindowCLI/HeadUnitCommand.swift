import ArgumentParser
import Foundation
import HeadUnit
import HeadUnitViewer
import Logging
import ProjectionHosting
import SDLRPC
import SDLSecurityOpenSSL
import SDLWire

/// `carwindow headunit`: runs the SDL Core 8.2 emulator until Ctrl-C.
struct HeadUnitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "headunit",
        abstract: "Run a head-unit emulator that answers apps the way SDL Core 8.2 does.",
        discussion: """
            Listens for SDL apps on TCP, answers them as SDL Core 8.2 did in real sessions (registration, \
            HMI levels, video and audio services, touches), records what they stream and prints a line per \
            app and stream. Type a command (`help` lists them) to change HMI levels, resize, reject formats, \
            drop a connection or send touches. Ctrl-C stops it.

            With --trust-ca the head unit runs TLS over SDL as the TLS client: it verifies the app's certificate \
            against that CA, and --force-protected refuses unprotected video or audio (like Core's \
            ForceProtectedService); recordings hold the decrypted stream. --encrypted-rpcs names RPCs the head \
            unit wants encrypted (SDL-0207): apps upgrade their RPC service, a listed request sent in the clear is \
            answered ENCRYPTION_NEEDED, listed notifications go out encrypted. --secondary-port offers a secondary \
            TCP transport that video prefers.

            --websocket-port PORT also accepts apps over WebSocket, as SDL Core's WebEngine server \
            (WebSocketServerPort, 2020 in Core's ini): SDL frames in binary messages, one app per connection, \
            served as on TCP. Apps reach it with --core ws://HOST:PORT. With --websocket-certificate and \
            --websocket-key it serves wss:// (TLS), and with --websocket-ca too it requires each app's certificate \
            to chain to that CA, as Core does with WSServerCACertificatePath (apps: --core wss://HOST:PORT \
            --websocket-ca ... --websocket-certificate ... --websocket-key ...).

            --cloud-app ID=ws://HOST:PORT[,auth=TOKEN] lists a cloud app, as a policy table's app entry with an \
            endpoint does in Core: `activate ID` at the prompt dials it (wss:// with ,ca=FILE, the CA its \
            certificate must chain to), retrying every second up to 5 times as Core does; the app registers over \
            that connection (only with app id ID), gets TOKEN in the StartServiceACK and goes to FULL. `cloud` \
            lists the cloud apps and their state. The app listens with `carwindow stream --listen ws://HOST:PORT`.

            --link-bitrate RATE reads each app's socket at RATE at most (bit/s, or with k or M: 1M), a slow link for \
            testing bitrate adaptation; change it while running with `link-kbps N` (kbit/s) or `link-kbps off` (or \
            from the viewer). Every bit rate option of carwindow takes bit/s with an optional k or M suffix.

            TLS behaves as SDL Core 8.2 built with security does, so certificates can be checked here before a car: \
            the app's certificate must carry the app id (fullAppID, else appID) as subject serialNumber, its \
            validity must have started more than an hour ago (Core's clock runs an hour behind), TLS 1.3 is \
            negotiated even with --tls-version 1.2, the protected StartServiceACK comes before Core's last TLS 1.3 \
            handshake message and, on protocol 5, carries an encrypted payload, and unprotected video that must be \
            protected is refused with Core's reason and HMI NONE. --without-tls-quirks turns these off by name \
            (\(TLSQuirk.allCases.map(\.rawValue).joined(separator: ", ")), or all). --ack-overwrites-finished \
            RATE adds Core's TLS 1.3 race on protocol 5 at that rate (always, never, or 0 to 1; Core lost it about \
            half the time): the encrypted StartServiceACK overwrites Core's last handshake message, so an app that \
            allows TLS 1.3 cannot finish its handshake. --protocol-version 4.3.0 makes a protocol 4 head unit.

            With --viewer the browser viewer of `carwindow demo` runs beside it for whatever app connects: live \
            video, touch, haptic rects, HMI level, screen presets, scale, refused formats, drop and stats. With \
            several apps the page shows the one in FULL and lets you pick another.

            Example:
              carwindow headunit --viewer                        # then open http://127.0.0.1:8080
              carwindow headunit --port 12345 --resolution 1024x600 --record /tmp/streams --events /tmp/events.jsonl
              carwindow headunit --trust-ca ca.pem --force-protected video,audio --secondary-port 12346
              carwindow headunit --trust-ca ca.pem --encrypted-rpcs SendHapticData,OnTouchEvent
              carwindow headunit --trust-ca ca.pem --force-protected video --tls-version 1.2
              carwindow headunit --trust-ca ca.pem --without-tls-quirks app-id,clock
              carwindow headunit --trust-ca ca.pem --force-protected video --ack-overwrites-finished always
              carwindow headunit --link-bitrate 1M               # a 1 Mbit/s link
              carwindow headunit --host ::1 --port 12345         # IPv6: apps use --core '[::1]:12345'
              carwindow headunit --websocket-port 2020           # apps: --core ws://127.0.0.1:2020
              carwindow headunit --cloud-app swiftsdl-nav=ws://127.0.0.1:8080,auth=s3cret   # then: activate swiftsdl-nav
            """
    )

    /// `headunit` listens where SDL apps and scripts expect it; the viewer runs on request.
    enum Emulator: EmulatorDefaults {
        static let port = 12345
        static let viewer = false
        static let recordingWithoutRecord = "no recording"
    }

    @Option(help: "The address to listen on: a name, an IPv4 address or an IPv6 address such as ::1.")
    var host = "127.0.0.1"

    @OptionGroup(title: "Emulator") var emulator: EmulatorOptions<Emulator>

    @Option(
        help: ArgumentHelp(
            "The preferred video resolution, WIDTHxHEIGHT (1...8192 each; default: 800x480).",
            valueName: "widthxheight"),
        transform: { text in try VideoSize(parsing: text) })
    var resolution = VideoSize(width: 800, height: 480)

    @Option(help: "The UI scale the head unit reports (1 to 10).")
    var scale = 1.0

    @Option(help: "Accepted video formats, CODEC:PROTOCOL separated by commas, in the order the head unit prefers.")
    var formats = CommaSeparated<VideoFormat>([.h264RAW, .h264RTP])

    @Option(help: "The frame rate the head unit prefers.")
    var preferredFPS = 30

    @Option(
        help: ArgumentHelp(
            """
            The highest video bit rate the head unit reports (VideoStreamingCapability.maxBitrate), a ceiling, not \
            the target: bit/s with an optional k or M, e.g. 2M (default: 400M, as the traces' head unit).
            """, valueName: "bitrate"),
        transform: { text in try Bitrate(parsing: text) })
    var maxBitrate = Bitrate(bitsPerSecond: 400_000_000)

    @Option(help: "A file for the JSON-lines log of every frame and RPC.")
    var events: String?

    @Option(help: "A PEM file of the CA that app certificates must chain to; enables protected services.")
    var trustCA: String?

    @Option(help: "A PEM certificate the head unit presents as TLS client (with --key).")
    var certificate: String?

    @Option(help: "The PEM private key of --certificate.")
    var key: String?

    @Option(help: "Services that must be protected, separated by commas.")
    var forceProtected: CommaSeparated<ProtectedService>?

    @Option(
        name: .customLong("encrypted-rpcs"),
        help: ArgumentHelp(
            "RPCs that must be encrypted, spec names separated by commas (e.g. SendHapticData,OnTouchEvent).",
            valueName: "encrypted-rpcs"),
        transform: { text in try RPCNameList(parsing: text) })
    var encryptedRPCs: RPCNameList?

    @Option(help: "Offer a secondary TCP transport on this port (0 picks a free one); video prefers it.")
    var secondaryPort: Int?

    @Option(
        help: """
            Also accept apps over WebSocket (ws://) on this port, as Core's WebEngine server (0 picks a free one).
            """)
    var websocketPort: Int?

    @Option(help: ArgumentHelp("Serve --websocket-port as wss:// with this PEM certificate.", valueName: "file"))
    var websocketCertificate: String?

    @Option(help: ArgumentHelp("The PEM private key of --websocket-certificate.", valueName: "file"))
    var websocketKey: String?

    @Option(
        help: ArgumentHelp(
            "With wss://, require each app's certificate to chain to this PEM CA (Core's WSServerCACertificatePath).",
            valueName: "file"))
    var websocketCa: String?

    @Option(
        parsing: .singleValue,
        help: ArgumentHelp(
            """
            A cloud app the head unit dials when activated (`activate ID` at the prompt): the policy app id, its \
            endpoint with the port, the auth token Core hands it and, for wss://, the CA its certificate chains to. \
            Repeat for several.
            """, valueName: "id=ws://host:port[,auth=token][,ca=file]"),
        transform: { (text: String) throws -> CloudApp in
            do {
                return try CloudApp(parsing: text)
            } catch {
                throw ValidationError("\(error)")
            }
        })
    var cloudApp: [CloudApp] = []

    @Option(
        help: """
            The newest TLS version the head unit is configured for (Core's Protocol setting). Like Core, it still \
            negotiates 1.3 unless --without-tls-quirks lists tls13.
            """)
    var tlsVersion: StreamTLSVersionChoice?

    @Option(
        name: .customLong("without-tls-quirks"),
        help: "SDL Core TLS behaviours to turn off, separated by commas, or all.")
    var withoutTLSQuirks: TLSQuirkList?

    @Option(
        help: """
            How often SDL Core's TLS 1.3 race overwrites its last handshake message with the start of the encrypted \
            protocol-5 StartServiceACK: always, never (the default), or a rate from 0 to 1.
            """)
    var ackOverwritesFinished: ACKOverwriteRate?

    @Option(
        help: ArgumentHelp(
            "The newest SDL protocol version the head unit speaks, MAJOR.MINOR.PATCH from 1 to 5 (default 5.4.1).",
            valueName: "version"),
        transform: { text in
            guard let version = try? ProtocolVersion(text), (1...5).contains(version.major) else {
                throw ValidationError("give MAJOR.MINOR.PATCH from 1 to 5, e.g. 4.3.0")
            }
            return version
        })
    var protocolVersion: ProtocolVersion?

    @Option(
        help: ArgumentHelp(
            """
            Read each app's socket at most this fast (a slow link), bit/s with an optional k or M, e.g. 1M; the \
            console's link-kbps changes it.
            """, valueName: "bitrate"),
        transform: { text in try Bitrate(parsing: text) })
    var linkBitrate: Bitrate?

    @Option(
        help: ArgumentHelp(
            """
            The car's hardware buttons, offered in buttonCapabilities: spec names and the groups traced (OK, the \
            media keys, PRESET_0-3, SEARCH: the default), nav (the 15 NAV_* map buttons) and none, separated by \
            commas, e.g. traced,nav. The console's button command and the viewer's button panel press them.
            """, valueName: "list"),
        transform: { text in try ButtonList(parsing: text) })
    var buttons: ButtonList?

    @Flag(
        help: """
            Act as a car without a touch screen: touchEventAvailable says so, the console's touches are refused and \
            only the knob's select taps reach the app (the viewer starts in haptic-focus mode).
            """)
    var noTouch = false

    /// The emulator's own bound (HeadUnit's LinkRate), checked here so the message names the option.
    static let maximumLinkKbps = 10_000_000

    func validate() throws {
        let cloudIDs = cloudApp.map(\.policyAppID)
        if Set(cloudIDs).count != cloudIDs.count {
            throw ValidationError(
                "each --cloud-app needs its own app id; \(cloudIDs.joined(separator: ", ")) repeats one.")
        }
        if (certificate == nil) != (key == nil) {
            throw ValidationError("--certificate and --key go together: give both PEM files or neither.")
        }
        if trustCA == nil, forceProtected != nil || certificate != nil || encryptedRPCs != nil {
            throw ValidationError(
                "--force-protected, --encrypted-rpcs and --certificate need --trust-ca PEM (the CA apps chain to).")
        }
        if trustCA == nil, tlsVersion != nil || withoutTLSQuirks != nil || ackOverwritesFinished != nil {
            throw ValidationError(
                "--tls-version, --without-tls-quirks and --ack-overwrites-finished need --trust-ca PEM (the CA apps "
                    + "chain to).")
        }
        if let linkBitrate, !(1...Self.maximumLinkKbps).contains(linkBitrate.kilobitsPerSecond) {
            throw ValidationError(
                "--link-bitrate takes 1k...\(Self.maximumLinkKbps)k (bit/s, with k or M), not \(linkBitrate).")
        }
        if let websocketPort, !(0...65_535).contains(websocketPort) {
            throw ValidationError("--websocket-port must be 0...65535 (0 picks a free port), not \(websocketPort).")
        }
        if let secondaryPort, !(0...65_535).contains(secondaryPort) {
            throw ValidationError("--secondary-port must be 0...65535 (0 picks a free port), not \(secondaryPort).")
        }
        guard scale >= 1, scale <= 10 else { throw ValidationError("--scale must be between 1 and 10, not \(scale).") }
        guard (1...240).contains(preferredFPS) else {
            throw ValidationError("--preferred-fps must be between 1 and 240, not \(preferredFPS).")
        }
        guard (64...Int(Int32.max)).contains(maxBitrate.kilobitsPerSecond) else {
            throw ValidationError(
                "--max-bitrate is in bit/s (with k or M) and must be at least 64k, e.g. --max-bitrate 2M, not "
                    + "\(maxBitrate).")
        }
    }

    private func security() throws -> HeadUnitSecurity? {
        guard let trustCA else { return nil }
        var tls = OpenSSLSecurityConfiguration.headUnit(trusting: .file(trustCA))
        if let certificate, let key {
            tls.certificateChain = .file(certificate)
            tls.privateKey = .file(key)
        }
        // What Core runs: its configured maximum does not hold (CoreQuirks.negotiatesTLS13DespiteConfiguredMaximum).
        let uncapped = try OpenSSLSecurityManagerFactory(tls)
        if tlsVersion == .tls1_2 { tls.maximumVersion = .tls1_2 }
        let rpcs = encryptedRPCs?.names ?? []
        let services = Set(forceProtected?.elements.map(\.serviceType) ?? [])
        return HeadUnitSecurity(
            factory: try OpenSSLSecurityManagerFactory(tls), forceProtectedServices: services,
            requireEncryptedRPCs: !rpcs.isEmpty, encryptedRPCs: rpcs, factoryIgnoringMaximumVersion: uncapped)
    }

    func run() async throws {
        // Before anything starts: a Ctrl-C or SIGTERM during start-up is kept and stops the emulator once it runs.
        let interrupts = Interrupt.watch()
        try await HeadUnitRun.run(
            try configuration(), viewerPort: emulator.viewerPortIfShown,
            summary: "\(resolution), \(formats.defaultValueDescription)", interrupts: interrupts, say: Self.say)
    }

    /// The emulator these options describe.
    func configuration() throws -> HeadUnitConfiguration {
        var configuration = HeadUnitConfiguration(
            host: host, port: emulator.port, recordDirectory: emulator.record, eventLogPath: events)
        configuration.video.preferredResolution = resolution
        configuration.video.scale = scale
        configuration.video.supportedFormats = formats.elements
        configuration.video.preferredFPS = preferredFPS
        configuration.video.maxBitrate = maxBitrate.kilobitsPerSecond
        configuration.linkKbps = linkBitrate?.kilobitsPerSecond
        if let buttons { configuration.buttons = buttons.buttons }
        configuration.touchScreen = !noTouch
        configuration.security = try security()
        configuration.quirks.encryptedACKOverwritesFinalHandshakeMessage = ackOverwritesFinished?.rate ?? 0
        for quirk in withoutTLSQuirks?.quirks ?? [] { quirk.disable(in: &configuration.quirks) }
        if let protocolVersion { configuration.protocolVersion = protocolVersion }
        if let secondaryPort {
            configuration.secondaryTransport = SecondaryTransportOffer(host: host, port: secondaryPort)
        }
        configuration.webSocketPort = websocketPort
        configuration.cloudApps = cloudApp
        if websocketCertificate != nil || websocketKey != nil || websocketCa != nil {
            guard websocketPort != nil, websocketCertificate != nil, websocketKey != nil else {
                throw ValidationError(
                    "wss:// needs --websocket-port, --websocket-certificate and --websocket-key (--websocket-ca is optional)."
                )
            }
            configuration.webSocketTLS = WebSocketTLSFiles(
                trustRoots: websocketCa, certificate: websocketCertificate, privateKey: websocketKey)
        }
        return configuration
    }

    /// Unbuffered, so a script reading the output sees each line at once.
    private static func say(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}
