import ArgumentParser
import Foundation
import HeadUnit
import HeadUnitViewer
import Logging
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

            --link-kbps N reads each app's socket at N kbit/s at most, a slow link for testing bitrate adaptation; \
            change it while running with `link-kbps N` or `link-kbps off` (or from the viewer).

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
              carwindow headunit --link-kbps 1000                # a 1 Mbit/s link
            """
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The TCP port (0 picks a free one).")
    var port = 12345

    @Option(help: "The preferred video resolution, WIDTHxHEIGHT.")
    var resolution = "800x480"

    @Option(help: "The UI scale the head unit reports (1 to 10).")
    var scale = 1.0

    @Option(help: "Accepted video formats, CODEC:PROTOCOL separated by commas.")
    var formats = "H264:RAW,H264:RTP"

    @Option(help: "The frame rate the head unit prefers.")
    var preferredFPS = 30

    @Option(
        help: "The highest video bit rate in kbit/s (VideoStreamingCapability.maxBitrate): a ceiling, not the target.")
    var maxBitrate = 400_000

    @Option(help: "A directory for one .h264 file per video stream and one .pcm file per audio stream.")
    var record: String?

    @Option(help: "A file for the JSON-lines log of every frame and RPC.")
    var events: String?

    @Option(help: "A PEM file of the CA that app certificates must chain to; enables protected services.")
    var trustCA: String?

    @Option(help: "A PEM certificate the head unit presents as TLS client (with --key).")
    var certificate: String?

    @Option(help: "The PEM private key of --certificate.")
    var key: String?

    @Option(help: "Services that must be protected, separated by commas: video, audio.")
    var forceProtected: String?

    @Option(
        name: .customLong("encrypted-rpcs"),
        help: "RPCs that must be encrypted, spec names separated by commas (e.g. SendHapticData,OnTouchEvent).")
    var encryptedRPCs: String?

    @Option(help: "Offer a secondary TCP transport on this port (0 picks a free one); video prefers it.")
    var secondaryPort: Int?

    @Option(
        help: """
            The newest TLS version the head unit is configured for, 1.2 or 1.3 (Core's Protocol setting). Like \
            Core, it still negotiates 1.3 unless --without-tls-quirks lists tls13.
            """)
    var tlsVersion: String?

    @Option(
        name: .customLong("without-tls-quirks"),
        help: ArgumentHelp(
            "SDL Core TLS behaviours to turn off, separated by commas: "
                + TLSQuirk.allCases.map(\.rawValue).joined(separator: ", ") + ", or all."))
    var withoutTLSQuirks: String?

    @Option(
        help: """
            How often SDL Core's TLS 1.3 race overwrites its last handshake message with the start of the encrypted \
            protocol-5 StartServiceACK: always, never (the default), or a rate from 0 to 1.
            """)
    var ackOverwritesFinished: String?

    @Option(help: "The newest SDL protocol version the head unit speaks, MAJOR.MINOR.PATCH (default 5.4.1).")
    var protocolVersion: String?

    @Option(help: "Read each app's socket at most this fast, in kbit/s (a slow link); the console's link-kbps sets it.")
    var linkKbps: Int?

    @Flag(help: "Serve the browser viewer (live video, touch and the HMI's controls) for the apps that connect.")
    var viewer = false

    @Option(help: "The viewer's port on 127.0.0.1, with --viewer (0 picks a free one).")
    var viewerPort = 8080

    func validate() throws {
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
        _ = try parsedACKOverwriteRate()
        _ = try parsedProtocolVersion()
        if let tlsVersion, !["1.2", "1.3"].contains(tlsVersion) {
            throw ValidationError("--tls-version takes 1.2 or 1.3, not '\(tlsVersion)'.")
        }
        if let linkKbps, !(1...10_000_000).contains(linkKbps) {
            throw ValidationError("--link-kbps takes 1...10000000 kbit/s, not \(linkKbps).")
        }
        _ = try parsedTLSQuirks()
        _ = try parsedProtectedServices()
        _ = try parsedEncryptedRPCs()
        guard (0...65_535).contains(viewerPort) else {
            throw ValidationError("--viewer-port must be 0...65535 (0 picks a free port), not \(viewerPort).")
        }
        if let secondaryPort, !(0...65_535).contains(secondaryPort) {
            throw ValidationError("--secondary-port must be 0...65535 (0 picks a free port), not \(secondaryPort).")
        }
        guard (0...65_535).contains(port) else {
            throw ValidationError("--port must be 0...65535 (0 picks a free port), not \(port).")
        }
        do {
            _ = try VideoSize(parsing: resolution)
            _ = try parsedFormats()
        } catch {
            throw ValidationError("\(error). Example: --resolution 800x480 --formats H264:RAW,H264:RTP")
        }
        guard scale >= 1, scale <= 10 else { throw ValidationError("--scale must be between 1 and 10, not \(scale).") }
        guard (1...240).contains(preferredFPS) else {
            throw ValidationError("--preferred-fps must be between 1 and 240, not \(preferredFPS).")
        }
        guard maxBitrate > 0 else { throw ValidationError("--max-bitrate must be positive, in kbit/s (e.g. 2000 for 2 Mbit/s).") }
    }

    private func parsedProtectedServices() throws -> Set<ServiceType> {
        var services: Set<ServiceType> = []
        for name in (forceProtected ?? "").split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            switch name.lowercased() {
            case "video": services.insert(.video)
            case "audio": services.insert(.audio)
            default: throw ValidationError("--force-protected takes video and/or audio, not '\(name)'.")
            }
        }
        return services
    }

    private func parsedEncryptedRPCs() throws -> Set<String> {
        var names: Set<String> = []
        for name in (encryptedRPCs ?? "").split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let id = FunctionID(name: name), id.rawValue != 0 else {
                throw ValidationError(
                    "--encrypted-rpcs: '\(name)' is not an RPC name from the spec (e.g. SendHapticData, OnTouchEvent).")
            }
            names.insert(name)
        }
        return names
    }

    /// `--ack-overwrites-finished`: `always`, `never` or a rate in 0...1.
    private func parsedACKOverwriteRate() throws -> Double {
        switch ackOverwritesFinished {
        case nil, "never": return 0
        case "always": return 1
        case let text?:
            guard let rate = Double(text), (0...1).contains(rate) else {
                throw ValidationError(
                    "--ack-overwrites-finished takes always, never or a rate from 0 to 1, not '\(text)'.")
            }
            return rate
        }
    }

    private func parsedProtocolVersion() throws -> ProtocolVersion? {
        guard let protocolVersion else { return nil }
        guard let version = try? ProtocolVersion(protocolVersion), (1...5).contains(version.major) else {
            throw ValidationError(
                "--protocol-version takes MAJOR.MINOR.PATCH from 1 to 5, e.g. 4.3.0, not '\(protocolVersion)'.")
        }
        return version
    }

    private func parsedTLSQuirks() throws -> Set<TLSQuirk> {
        var quirks: Set<TLSQuirk> = []
        for name in (withoutTLSQuirks ?? "").split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if name == "all" { return Set(TLSQuirk.allCases) }
            guard let quirk = TLSQuirk(rawValue: name) else {
                let names = TLSQuirk.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("--without-tls-quirks takes \(names) or all, not '\(name)'.")
            }
            quirks.insert(quirk)
        }
        return quirks
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
        if tlsVersion == "1.2" { tls.maximumVersion = .tls1_2 }
        let rpcs = try parsedEncryptedRPCs()
        return HeadUnitSecurity(
            factory: try OpenSSLSecurityManagerFactory(tls), forceProtectedServices: try parsedProtectedServices(),
            requireEncryptedRPCs: !rpcs.isEmpty, encryptedRPCs: rpcs, factoryIgnoringMaximumVersion: uncapped)
    }

    private func parsedFormats() throws(HeadUnitError) -> [VideoFormat] {
        var result: [VideoFormat] = []
        for text in formats.split(separator: ",") {
            result.append(try VideoFormat(parsing: text.trimmingCharacters(in: .whitespaces)))
        }
        guard !result.isEmpty else { throw HeadUnitError(.invalidControl("--formats lists no format")) }
        return result
    }

    func run() async throws {
        // Before anything starts: a Ctrl-C or SIGTERM during start-up is kept and stops the emulator once it runs.
        let interrupts = Interrupt.watch()
        var configuration = HeadUnitConfiguration(host: host, port: port, recordDirectory: record, eventLogPath: events)
        configuration.video.preferredResolution = try VideoSize(parsing: resolution)
        configuration.video.scale = scale
        configuration.video.supportedFormats = try parsedFormats()
        configuration.video.preferredFPS = preferredFPS
        configuration.video.maxBitrate = maxBitrate
        configuration.linkKbps = linkKbps
        configuration.security = try security()
        configuration.quirks.encryptedACKOverwritesFinalHandshakeMessage = try parsedACKOverwriteRate()
        for quirk in try parsedTLSQuirks() { quirk.disable(in: &configuration.quirks) }
        if let version = try parsedProtocolVersion() { configuration.protocolVersion = version }
        if let secondaryPort { configuration.secondaryTransport = SecondaryTransportOffer(host: host, port: secondaryPort) }
        let headUnit = HeadUnitEmulator(configuration: configuration)
        let stream = await headUnit.events()
        // The viewer subscribes before the emulator listens, so it sees the first app from its first event.
        let viewerServer = viewer ? try await Self.startViewer(headUnit: headUnit, port: viewerPort) : nil
        let boundPort: Int
        do {
            boundPort = try await headUnit.start()
        } catch {
            await Self.stopViewer(viewerServer)
            throw error
        }
        Self.say("carwindow head unit listening on \(host):\(boundPort) (\(resolution), \(formats))")
        if let secondary = await headUnit.secondaryTransportPort {
            Self.say("secondary transport on \(host):\(secondary)")
        }
        if let viewerServer { Self.say("viewer: http://127.0.0.1:\(viewerServer.port)") }

        // Stopping the emulator ends its event stream, which ends the loop below and stops the viewer gracefully.
        let interruptTask = Task {
            for await _ in interrupts {
                await headUnit.stop()
                break
            }
        }
        let console = Self.consoleLines()
        let consoleTask = Task {
            for await line in console where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                do {
                    Self.say(try await ConsoleCommand(parsing: line).apply(to: headUnit))
                } catch {
                    Self.say("\(error)")
                }
            }
        }
        for await event in stream {
            switch event {
            case .videoFrame, .audioData, .touchSent:
                continue
            default:
                Self.say("\(event)")
            }
        }
        consoleTask.cancel()
        interruptTask.cancel()
        await Self.stopViewer(viewerServer)
        Self.say("head unit stopped")
    }

    /// Starts the browser viewer on the emulator and waits until it listens.
    private static func startViewer(headUnit: HeadUnitEmulator, port: Int) async throws -> RunningViewerServer {
        try await RunningViewerServer.start(HeadUnitBackend(headUnit: headUnit), port: port)
    }

    private static func stopViewer(_ viewer: RunningViewerServer?) async {
        await viewer?.stop()
    }

    /// Unbuffered, so a script reading the output sees each line at once.
    private static func say(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Standard input, line by line; a thread of its own because reading blocks.
    private static func consoleLines() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        let thread = Thread {
            while let line = readLine() { continuation.yield(line) }
            continuation.finish()
        }
        thread.start()
        return stream
    }
}
