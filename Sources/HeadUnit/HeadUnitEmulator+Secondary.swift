import Logging
import NIOCore
import SDLWire

/// One app's registered secondary transport.
final class SecondaryLink {
    let channel: any Channel
    let outbox: AsyncStream<SDLFrame>.Continuation

    init(channel: any Channel, outbox: AsyncStream<SDLFrame>.Continuation) {
        self.channel = channel
        self.outbox = outbox
    }
}

/// The secondary transport (PS §4.6): a second TCP listener; a connection on it names the primary session
/// in RegisterSecondaryTransport and gets an ACK or NAK there. Services started on it are answered on it; when it
/// closes, they end, and the app restarts them on the primary.
extension HeadUnitEmulator {
    func startSecondaryListener() async throws(HeadUnitError) {
        guard let offer = configuration.secondaryTransport else { return }
        let listener = try await Self.bindServer(
            host: offer.host, port: offer.port, maximumPayload: Int(configuration.mtu),
            partialFrameTimeout: configuration.partialFrameTimeout, logger: logger)
        secondaryListener = listener
        let port = listener.port ?? offer.port
        // Apps learn the real port from the ACK's TransportEventUpdate, built from the configuration.
        updateConfiguration { $0.secondaryTransport?.port = port }
        secondaryTask = Task(executorPreference: threads.taskExecutor) { [self] in
            try await listener.executeThenClose { connections in
                try await withThrowingDiscardingTaskGroup { group in
                    for try await connection in connections {
                        group.addTask { await self.serveSecondary(connection) }
                    }
                }
            }
        }
        logger.info("secondary transport listening", metadata: ["address": "\(offer.host):\(port)"])
    }

    func stopSecondaryListener() async {
        secondaryListener?.close()
        for connection in allConnections { connection.secondary?.channel.close(promise: nil) }
        secondaryTask?.cancel()
        _ = await secondaryTask?.result
        secondaryTask = nil
        secondaryListener = nil
    }

    /// The secondary transport's port, once listening.
    public var secondaryTransportPort: Int? {
        secondaryListener == nil ? nil : configuration.secondaryTransport?.port
    }

    private func serveSecondary(_ channel: NIOAsyncChannel<SDLFrame, SDLFrame>) async {
        let (outbox, continuation) = AsyncStream<SDLFrame>.makeStream(
            bufferingPolicy: .bufferingOldest(Self.maximumQueuedFrames))
        var registered: AppID?
        let end = await runLink(channel, outbox: outbox, finishing: continuation) { emulator, frame in
            if let app = registered {
                emulator.handleSecondary(frame, from: app)
            } else {
                registered = emulator.register(frame, channel: channel.channel, outbox: continuation)
            }
        }
        switch end {
        case .unreadable(let error):
            logger.debug("secondary transport closed", metadata: ["error": "\(error)"])
        case .webSocket(let failure):
            logger.debug("secondary transport closed", metadata: ["error": "\(failure)"])
        case .readFailed(let error):
            logger.debug("secondary transport closed", metadata: ["error": "\(error)"])
        case .writeFailed(let error):
            logger.debug("secondary transport ended", metadata: ["error": "\(error)"])
        case .closed:
            break
        }
        if let registered { secondaryClosed(registered, channel: channel.channel) }
    }

    /// RegisterSecondaryTransport: ACK when it names a started session without a secondary, NAK otherwise.
    private func register(
        _ frame: SDLFrame, channel: any Channel, outbox: AsyncStream<SDLFrame>.Continuation
    ) -> AppID? {
        let header = frame.header
        func refuse(_ reason: String) -> AppID? {
            outbox.yield(
                SDLFrame.control(
                    .registerSecondaryTransportNAK, service: .control, version: header.version,
                    sessionID: header.sessionID, messageID: header.messageID,
                    payload: RegisterSecondaryTransportNAK(reason: reason).buffer))
            outbox.finish()
            emit(.error(HeadUnitError(.protocolViolation("secondary transport refused: \(reason)"))))
            return nil
        }
        guard header.frameType == .control, header.serviceType == .control,
            header.controlFrameInfo == .registerSecondaryTransport
        else { return refuse("Expected RegisterSecondaryTransport, got \(header)") }
        guard
            let connection = allConnections.first(where: {
                $0.session.sessionID == header.sessionID && $0.session.rpcStarted
            })
        else { return refuse("Unknown session \(header.sessionID)") }
        guard connection.secondary == nil else { return refuse("A secondary transport is already registered") }
        connection.secondary = SecondaryLink(channel: channel, outbox: outbox)
        outbox.yield(
            SDLFrame.control(
                .registerSecondaryTransportACK, service: .control, version: header.version,
                sessionID: header.sessionID, messageID: header.messageID))
        emit(.secondaryTransportRegistered(connection.app))
        return connection.app
    }

    private func handleSecondary(_ frame: SDLFrame, from app: AppID) {
        guard let connection = connectionsByApp[app] else { return }
        log(frame, .appToCore, connection)
        publishReceived(ReceivedFrame(app: app, transport: .secondary, frame: frame))
        let header = frame.header
        if header.frameType == .control, header.controlFrameInfo == .startService,
            header.serviceType == .video || header.serviceType == .audio
        {
            connection.secondaryServices.insert(header.serviceType)
        }
        guard let plaintext = decryptIfNeeded(frame, on: connection) else { return }
        execute(connection.session.receive(plaintext), on: connection)
    }

    /// A StartService on the primary for a service still placed on the secondary: the app moved it (its secondary
    /// closed, and this side may not have noticed yet). Each service runs on one transport (PS §4.6), so the old
    /// stream ends here and the answer goes to the primary.
    func reclaimFromSecondary(_ frame: SDLFrame, on connection: Connection) {
        let header = frame.header
        guard header.frameType == .control, header.controlFrameInfo == .startService,
            connection.secondaryServices.remove(header.serviceType) != nil
        else { return }
        execute(connection.session.transportLost([header.serviceType]), on: connection)
    }

    /// An app that stops reading while the emulator keeps answering would make its queue grow without bound: once
    /// ``maximumQueuedFrames`` wait, the emulator reports it and closes the connection, as a head unit drops a peer
    /// that does not read, rather than lose frames silently or buffer for ever.
    func stoppedReading(_ connection: Connection) {
        // Every frame queued until the close takes effect is dropped too: report and close once, not once each.
        guard !connection.stoppedReading else { return }
        connection.stoppedReading = true
        emit(
            .error(
                HeadUnitError(
                    .protocolViolation("the app stopped reading: \(Self.maximumQueuedFrames) frames queued; closing"),
                    app: connection.app)))
        connection.close()
    }

    /// Sends a frame on the transport its service runs on.
    func route(_ frame: SDLFrame, on connection: Connection) {
        let service = frame.header.serviceType
        guard connection.secondaryServices.contains(service), let secondary = connection.secondary else {
            if case .dropped = connection.outbox.yield(frame) { stoppedReading(connection) }
            return
        }
        if case .dropped = secondary.outbox.yield(frame) { stoppedReading(connection) }
        switch frame.header.controlFrameInfo {
        case .endServiceACK?, .endService?, .startServiceNAK?:
            if frame.header.frameType == .control { connection.secondaryServices.remove(service) }
        default:
            break
        }
    }

    private func secondaryClosed(_ app: AppID, channel: any Channel) {
        guard let connection = connectionsByApp[app], connection.secondary?.channel === channel else { return }
        connection.secondary = nil
        let services = connection.secondaryServices
        connection.secondaryServices = []
        emit(.secondaryTransportClosed(app))
        execute(connection.session.transportLost(services), on: connection)
    }

    /// Closes an app's secondary transport, as a lost Wi-Fi link would.
    public func dropSecondaryTransport(of app: AppID) throws(HeadUnitError) {
        let connection = try connection(app)
        guard let secondary = connection.secondary else {
            throw HeadUnitError(.invalidControl("\(app) has no secondary transport"))
        }
        secondary.channel.close(promise: nil)
    }

    /// Announces that the secondary transport is gone (TransportEventUpdate with an empty address).
    public func withdrawSecondaryTransport(for app: AppID) throws(HeadUnitError) {
        let connection = try connection(app)
        let update = TransportEventUpdate(tcpIPAddress: "", tcpPort: nil)
        execute([.send(connection.session.control(.transportEventUpdate, .control, update))], on: connection)
    }
}
