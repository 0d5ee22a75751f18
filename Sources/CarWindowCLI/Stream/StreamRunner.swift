import CarWindow
import CarWindowDemo
import Foundation
import Logging
import ProjectionHosting
import SDLProjection
import SDLSecurity
import SDLSecurityOpenSSL
import SDLSession
import SDLStreaming

/// What `carwindow stream` does once its options are checked, the same for every `--source`: one
/// `Projection` configured from the options runs the source until the duration ends, a signal arrives or
/// something fails, then shuts down cleanly. The source only supplies frames (and, for `demo`, takes touches and
/// sends haptic rects); the protocol preference, frame and bit rate caps, audio, the event log and the disconnect
/// policy are the session's.
///
/// ```swift
/// let runner = StreamRunner(
///     core: Endpoint(host: "127.0.0.1", port: 12345), appID: "swiftsdl-nav", appName: "Stream", source: .demo)
/// try await runner.run(events: "-")
/// ```
struct StreamRunner: Sendable {
    /// The head unit, over TCP or WebSocket (`--core`).
    var core: Endpoint
    var appID: String
    var appName: String
    var source: StreamSourceChoice
    var preferredProtocol: StreamProtocolChoice?
    var frameRate: Int?
    var bitrate: Int?
    var duration: Double?
    /// An audio file to play on the audio service beside the video (`--audio`).
    var audioFile: String?
    /// TLS-protected video (`--certificate`, `--key`, `--protected`).
    var protection: StreamProtection?
    /// What a lost connection does (`--reconnect`).
    var disconnectPolicy: ProjectionOptions.DisconnectPolicy = .fail
    /// A `frame` event for every frame sent (`--frame-events`).
    var reportsFrameTimings = false

    /// The run's options, the same for every source.
    func options() throws(StreamFailure) -> ProjectionOptions {
        var app =
            source == .demo
            ? NavigationDemo.appConfiguration(name: appName)
            : AppConfiguration(
                appName: appName, appID: appID, appType: .navigation)
        app.appID = appID
        app.fullAppID = appID
        app.logger.logLevel = .critical
        var options = ProjectionOptions(app: app, audioFile: audioFile, disconnectPolicy: disconnectPolicy)
        // The demo is a CarWindow app: it takes the hardware buttons `carwindow demo` takes (map zoom, pan, OK...).
        if source == .demo { options.buttons = CarWindowSettings.standardButtons }
        // The exit-code rule: a run that streamed nothing it was asked to stream exits 1 with the reason.
        options.requiresVideo = true
        options.reportsFrameTimings = reportsFrameTimings
        options.video.customFrameRate = frameRate
        options.video.customBitrate = bitrate
        if let preferredProtocol { options.video.dataSource = PreferredFormat(first: preferredProtocol.format) }
        if let protection {
            options.app.security = try protection.security()
            options.video.requestsEncryption = true
        }
        return options
    }

    func run(events destination: String?) async throws(StreamFailure) {
        // Before anything starts: Ctrl-C or SIGTERM from now on stop the stream cleanly, with or without --duration.
        let interrupts = Interrupt.watch()
        let log: ProjectionEventLog
        do {
            log = try ProjectionEventLog(destination: destination)
        } catch {
            throw StreamFailure(error.description)
        }
        let options = try options()
        let transport: CoreTransport
        do {
            transport = try await core.makeTransport()
        } catch {
            throw StreamFailure("cannot listen on \(core): \(error)")
        }
        if let url = transport.listeningURL {
            // The one line besides errors: with port 0 it is how a user (or a head unit's configuration) learns
            // the port.
            FileHandle.standardError.write(
                Data("carwindow stream: listening on \(url); waiting for the head unit to dial in\n".utf8))
        }
        do throws(StreamFailure) {
            try await run(options: options, transport: transport, log: log, interrupts: interrupts)
        } catch {
            await transport.close()
            throw error
        }
        await transport.close()
    }

    /// The run on `transport`, from the source's set-up to the session's end.
    private func run(
        options: ProjectionOptions, transport: CoreTransport, log: ProjectionEventLog, interrupts: AsyncStream<Void>
    ) async throws(StreamFailure) {
        let projection: Projection
        let projectionSource: any ProjectionSource
        switch source {
        case .demo:
            do {
                let demo = try await NavigationDemo(
                    settings: CarWindowSettings(projection: options), transport: transport, logger: Self.quietLogger())
                projection = demo.projection
                projectionSource = demo
            } catch {
                throw StreamFailure("cannot set up the demo: \(error)")
            }
        case .pattern, .y4m, .h264:
            _ = try source.makeProducer()  // a bad file fails before connecting
            let choice = source
            projection = Projection(options: options, transport: transport, logger: Self.quietLogger())
            projectionSource = PacedFrameSource(name: choice.description) { () throws(ProjectionFailure) in
                do throws(StreamFailure) {
                    return try choice.makeProducer()
                } catch {
                    throw ProjectionFailure(.sourceFailed, error.message, underlying: error)
                }
            }
        }
        let events = await projection.events()
        let writer = Task {
            for await event in events { await log.write(event) }
        }
        let stopper = Task {
            await Interrupt.wait(for: interrupts, orSeconds: duration)
            // A caller of run(source:) gets the run's failure from it: stop() has nothing to add.
            if !Task.isCancelled { try? await projection.stop() }
        }
        defer { stopper.cancel() }
        do {
            try await projection.run(source: projectionSource)
            await writer.value
            await log.close()
        } catch {
            await writer.value
            await log.close()
            throw StreamFailure(error.message)
        }
    }

    /// The manager logs every error; the CLI reports them as events and on stderr instead.
    static func quietLogger() -> Logger {
        var logger = Logger(label: "carwindow.video")
        logger.logLevel = .critical
        return logger
    }
}

/// `--certificate`, `--key`, `--protected` and `--tls-max`: the app's TLS identity (it is the TLS server), the newest
/// TLS version it accepts, and what to do when the head unit cannot protect the video.
struct StreamProtection: Sendable {
    var certificate: String
    var key: String
    var policy: StreamProtectionChoice
    /// `--tls-max`.
    var maximumVersion: OpenSSLSecurityConfiguration.TLSVersion = .tls1_2

    func security() throws(StreamFailure) -> AppConfiguration.Security {
        do {
            let tls = OpenSSLSecurityConfiguration.app(
                certificateChain: .file(certificate), privateKey: .file(key), maximumVersion: maximumVersion)
            let factory = try OpenSSLSecurityManagerFactory(tls)
            return AppConfiguration.Security(
                factory: factory,
                failurePolicy: policy == .required ? .requireProtection : .fallBackToUnprotected)
        } catch {
            throw StreamFailure("cannot use --certificate \(certificate) --key \(key): \(error)")
        }
    }
}
