import Dispatch
import Foundation
import Logging
import SDLAudio
import SDLMedia
import SDLRPC
import SDLSession
import SDLStreaming

/// What `carwindow stream` does once its options are checked: connect, register, follow the video lifecycle and
/// send the source's frames until the duration ends, a signal arrives or something fails, then shut down cleanly.
///
/// The run is one task group with one owner per job:
///
/// ```
///  manager.run()            control and frame paths (SDLStreaming)
///  SessionVideoDriver       registration, HMI statuses, capabilities -> manager
///  HMI status log           session.hmiStatusUpdates() -> `hmiStatus` lines
///  manager events           `videoStarted`, ... lines; fatal errors -> outcome; wakes the frame loop
///  frame loop               source -> manager.send(frame), paced at the negotiated frame rate
///  connection watch         the session closing under us -> outcome
///  timer, SIGINT, SIGTERM   -> outcome
/// ```
///
/// The first outcome decides: the runner stops the manager (EndService), waits for `.stopped`, stops the session
/// (UnregisterAppInterface, RPC EndService) and returns or throws.
struct StreamRunner: Sendable {
    var host: String
    var port: Int
    var appID: String
    var appName: String
    var source: StreamSourceChoice
    var preferredProtocol: StreamProtocolChoice?
    var frameRate: Int?
    var bitrate: Int?
    var duration: Duration?
    /// An audio file to play on the audio service beside the video (`--audio`).
    var audioFile: String?
    /// How long shutdown may wait for the video service to end.
    var shutdownWait: Duration = .seconds(3)

    /// Why the run ends.
    enum Outcome: Sendable {
        case finished
        case failed(StreamFailure)
    }

    func run(events log: StreamEventLog) async throws(StreamFailure) {
        _ = try source.makeSource()  // a bad file fails before connecting
        var app = AppConfiguration(appName: appName, appID: appID, fullAppID: appID, appType: .navigation)
        app.logger.logLevel = .critical
        let session = SDLSession(configuration: app, transport: TCPTransport(host: host, port: port))
        do {
            try await session.start()
        } catch let error as SDLSessionError {
            if case .registrationFailed = error.kind { throw StreamFailure("registration refused: \(error)") }
            throw StreamFailure("cannot connect to \(host):\(port): \(error)")
        } catch {
            throw StreamFailure("cannot connect to \(host):\(port): \(error)")
        }
        await log.write("registered", ["appID": .string(appID), "appName": .string(appName)])

        var settings = VideoStreamingSettings()
        settings.customFrameRate = frameRate
        settings.customBitrate = bitrate
        if let preferredProtocol { settings.dataSource = PreferredFormat(first: preferredProtocol.format) }
        let manager = VideoStreamManager(
            settings: settings, connection: SessionVideoServiceConnection(session: session),
            encoderFactory: MediaEncoderFactory(), clock: ContinuousClock(), logger: Self.quietLogger())
        let managerEvents = await manager.events()
        var audio: SessionAudioStream<ContinuousClock>?
        do {
            if audioFile != nil { audio = try await SessionAudioStream(session: session, logger: Self.quietLogger()) }
        } catch {
            try? await session.stop()
            throw StreamFailure("cannot set up audio: \(error)")
        }
        let audioEvents = await audio?.manager.events()
        let (outcomes, outcome) = AsyncStream.makeStream(of: Outcome.self)
        let (stops, stopped) = AsyncStream.makeStream(of: Void.self)
        let (wake, waker) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let signals = Self.watchSignals { outcome.yield(.finished) }
        defer { signals.forEach { $0.cancel() } }

        let result: Outcome = await withDiscardingTaskGroup { group in
            group.addTask { await manager.run() }
            group.addTask { await SessionVideoDriver(session: session).run(feeding: manager) }
            if let audio, let audioEvents, let audioFile {
                group.addTask { await audio.run() }
                group.addTask {
                    for await event in audioEvents {
                        let record = event.logRecord
                        await log.write(
                            record.name,
                            fields: record.fields.map { field in
                                switch field.value {
                                case .int(let value): (field.key, .int(value))
                                case .string(let value): (field.key, .string(value))
                                }
                            })
                    }
                }
                group.addTask {
                    // A file that cannot be played is reported; the video carries on.
                    do {
                        _ = try await audio.manager.push(file: audioFile)
                        await audio.manager.play()
                    } catch {
                        await log.write("error", ["message": .string("\(error)"), "source": .string("audio")])
                    }
                }
            }
            group.addTask {
                for await status in await session.hmiStatusUpdates() {
                    await log.write(
                        "hmiStatus",
                        [
                            "hmiLevel": .string(status.hmiLevel.rawValue),
                            "videoStreamingState": .string(status.videoStreamingState.rawValue),
                        ])
                }
            }
            group.addTask {
                for await event in managerEvents {
                    await Self.log(event, to: log)
                    if case .error(let error) = event, Self.isFatal(error) {
                        outcome.yield(.failed(StreamFailure(error.description)))
                    }
                    if case .stopped = event { stopped.yield() }
                    waker.yield()
                }
            }
            group.addTask {
                do {
                    try await frameLoop(manager: manager, wake: wake)
                } catch let failure as StreamFailure {
                    outcome.yield(.failed(failure))
                } catch {}
            }
            group.addTask {
                for await state in await session.connectionStateUpdates() {
                    guard case .closed(let error) = state else { continue }
                    let reason = error.map { "\($0)" } ?? "the session closed"
                    outcome.yield(.failed(StreamFailure("the head unit closed the connection: \(reason)")))
                }
            }
            if let duration {
                group.addTask {
                    try? await Task.sleep(for: duration)
                    if !Task.isCancelled { outcome.yield(.finished) }
                }
            }
            var first = Outcome.finished
            for await next in outcomes {
                first = next
                break
            }
            await audio?.manager.stopStreaming()
            await shutDown(manager: manager, session: session, stops: stops)
            group.cancelAll()
            return first
        }
        outcome.finish()
        if case .failed(let failure) = result {
            await log.write("error", ["message": .string(failure.message)])
            throw failure
        }
    }

    /// Ends the video service (waiting a bounded time for its answer), then unregisters and ends the session.
    private func shutDown<Factory, C>(
        manager: VideoStreamManager<Factory, C>, session: SDLSession, stops: AsyncStream<Void>
    ) async {
        await manager.stop()
        if await manager.status.state != .stopped {
            let wait = shutdownWait
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await _ in stops { break }
                }
                group.addTask { try? await Task.sleep(for: wait) }
                await group.next()
                group.cancelAll()
            }
        }
        try? await session.stop()
    }

    /// Sends the source's frames while the manager streams, at the negotiated frame rate; sleeps on `wake` otherwise.
    private func frameLoop<Factory, C>(
        manager: VideoStreamManager<Factory, C>, wake: AsyncStream<Void>
    ) async throws where Factory.Encoder.Frame == VideoFrame {
        let stream = try source.makeSource()
        var wakes = wake.makeAsyncIterator()
        let clock = ContinuousClock()
        var deadline = clock.now
        var index = 0
        while !Task.isCancelled {
            let status = await manager.status
            guard status.isStreaming, let size = status.size else {
                // Not streaming (waiting for the head unit, suspended, restarting): sleep until the next event.
                guard await wakes.next() != nil else { return }
                deadline = clock.now
                continue
            }
            guard let frame = try stream.nextFrame(index: index, size: size) else {
                throw StreamFailure("the source \(source) ended")
            }
            _ = await manager.send(frame)
            index += 1
            let rate = max(1, status.encoder?.frameRate ?? 15)
            deadline = max(deadline.advanced(by: .seconds(1) / rate), clock.now.advanced(by: .milliseconds(-200)))
            try await clock.sleep(until: deadline)
        }
    }

    /// Errors that no lifecycle change can fix for this run: exit with them.
    static func isFatal(_ error: VideoStreamingError) -> Bool {
        switch error.kind {
        case .notProjectionApp, .videoStreamingNotSupported, .noSupportedFormat, .noResolutionInRange,
            .noUsableResolution, .negotiationExhausted, .startServiceRejected, .invalidAcknowledgement, .encoderFailed:
            true
        case .connectionFailed, .transportClosed:
            // The connection watch reports these with the session's own reason.
            false
        }
    }

    static func log(_ event: VideoStreamEvent, to log: StreamEventLog) async {
        switch event {
        case .started(let stream):
            await log.write(
                "videoStarted",
                [
                    "width": .int(stream.size.width), "height": .int(stream.size.height),
                    "protocol": .string(stream.format.protocol.rawValue), "codec": .string(stream.format.codec.rawValue),
                    "scale": .double(stream.scale.factor), "encrypted": .bool(stream.isEncrypted),
                ])
        case .stopped(let reason): await log.write("videoStopped", ["reason": .string(Self.name(reason))])
        case .suspended: await log.write("videoSuspended")
        case .resumed: await log.write("videoResumed")
        case .resized(let size): await log.write("videoResized", ["width": .int(size.width), "height": .int(size.height)])
        case .error(let error): await log.write("error", ["message": .string(error.description)])
        case .touchesCancelled: break
        }
    }

    static func name(_ reason: VideoStreamStopReason) -> String {
        switch reason {
        case .requested: "requested"
        case .notStreamable: "notStreamable"
        case .headUnitEndedService: "headUnitEndedService"
        case .transportClosed: "transportClosed"
        case .restarting: "restarting"
        case .failed: "failed"
        }
    }

    /// SIGINT and SIGTERM end the run cleanly instead of killing the process.
    static func watchSignals(_ handler: @escaping @Sendable () -> Void) -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number)
            source.setEventHandler(handler: handler)
            source.resume()
            return source
        }
    }

    /// The manager logs every error; the CLI reports them as events and on stderr instead.
    static func quietLogger() -> Logger {
        var logger = Logger(label: "carwindow.video")
        logger.logLevel = .critical
        return logger
    }
}
