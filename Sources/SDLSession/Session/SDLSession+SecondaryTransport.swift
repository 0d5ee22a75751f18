import Logging
import NIOCore
import SDLRPC
import SDLWire

/// The secondary transport (PS §4.6; sdl_ios `SDLSecondaryTransportManager`): a TCP link the head unit announces
/// in TransportEventUpdate, which the app registers with RegisterSecondaryTransport (the primary's session id) and
/// then streams on.
///
/// ```
///  primary:   RPC StartServiceACK {secondaryTransports: ["TCP_WIFI"], videoServiceTransports: [2, 1]}
///             TransportEventUpdate {tcpIpAddress, tcpPort}
///  secondary: connect ─► RegisterSecondaryTransport (control, 0x07) ─► ACK (0x08) | NAK (0x09 {reason})
///             StartService(video) ─► ACK ─► video frames          (RPCs always stay on the primary)
/// ```
///
/// ``SecondaryTransportMachine`` decides (connect, retry, give up); this extension feeds it and executes its actions.
/// Each link runs as a child task of the primary connection's task (``secondaryLinkLoop(_:)``), so none outlives
/// the primary; its timers are ``SessionTimers`` on the session's clock.
extension SDLSession {
    /// One link the machine asked for.
    struct SecondaryLinkRequest: Sendable {
        var host: String
        var port: Int
        var attempt: Int
    }

    // MARK: Deciding

    /// Whether `service` runs on the primary although the registered secondary is where the head unit wants it.
    func belongsOnSecondary(_ service: ServiceType) -> Bool {
        services.belongsOnSecondary(
            service, preferred: preferredTransport(for: service), isProtected: protection.services.contains(service))
    }

    /// The transport a streaming service should start on: the first entry of the head unit's list for it that is
    /// available (the primary always is; without a list, the primary). Numbers that name no transport are skipped.
    func preferredTransport(for service: ServiceType) -> TransportSlot {
        guard let parameters = protocolMachine.parameters else { return .primary }
        let list = (service == .video ? parameters.videoServiceTransports : parameters.audioServiceTransports) ?? [1]
        for number in list {
            switch TransportSlot(rawValue: Int(number)) {
            case .primary?: return .primary
            case .secondary? where secondary.isRegistered: return .secondary
            default: continue
            }
        }
        return .primary
    }

    /// Whether the head unit offers a secondary the session may use.
    var secondaryOffered: Bool {
        let options = configuration.secondaryTransport
        guard options.isEnabled, let parameters = protocolMachine.parameters else { return false }
        // Our only secondary is TCP; the primary is TCP on Linux in practice, and sdl_ios's
        // SDLSecondaryTransportManager disables a secondary of the primary's type, hence the option.
        return options.allowsTCPWhenPrimaryIsTCP && parameters.secondaryTransports.contains("TCP_WIFI")
    }

    /// What the session allows the machine right now.
    var secondaryContext: SecondaryTransportMachine.Context {
        let isOpen: Bool
        let registered: Bool
        switch lifecycle {
        case .registering, .ready: (isOpen, registered) = (true, true)
        case .stopping, .closed: (isOpen, registered) = (false, false)
        default: (isOpen, registered) = (true, false)
        }
        let open = isOpen && closingError == nil
        let level = hmiStatuses.current?.hmiLevel
        let mayConnect =
            open && registered && secondaryOffered && level != nil && level != SDLRPC.HMILevel.none
            && secondaryLinkRequests != nil
        return SecondaryTransportMachine.Context(mayConnect: mayConnect, isOpen: open, now: clock.now)
    }

    /// The HMI level (or anything else the machine's ``SecondaryTransportMachine/Context`` reads) changed.
    func considerSecondary() -> [SessionIO] {
        executeSecondary(secondary.conditionsChanged(secondaryContext))
    }

    /// A TransportEventUpdate: a new address connects (or reconnects), an empty one closes the secondary.
    func secondaryAddressChanged(_ update: TransportEventUpdate) -> [SessionIO] {
        let host = update.isWithdrawal ? nil : update.tcpIPAddress
        let port = update.isWithdrawal ? nil : update.tcpPort.map(Int.init)
        return executeSecondary(secondary.addressChanged(host: host, port: port, secondaryContext))
    }

    // MARK: Executing

    /// Executes the machine's actions that need no waiting and returns the I/O that does, for ``perform(_:)``.
    func executeSecondary(_ actions: [SecondaryTransportMachine.Action]) -> [SessionIO] {
        var io: [SessionIO] = []
        for action in actions {
            switch action {
            case .connect(let host, let port, let attempt):
                logger.debug("connecting the secondary transport", metadata: ["address": "\(host):\(port)"])
                secondaryLinkRequests?.yield(SecondaryLinkRequest(host: host, port: port, attempt: attempt))
            case .register(let attempt):
                guard let link = secondaryLink, link.attempt == attempt, let parameters = protocolMachine.parameters
                else { continue }
                // PS §4.6: control service, frame info 0x07, the primary's session id, no payload.
                let frame = SDLFrame.control(
                    .registerSecondaryTransport, service: .control, version: parameters.headerVersion,
                    sessionID: parameters.sessionID, messageID: protocolMachine.nextMessageID())
                io.append(.sendOnSecondary([frame], link.connection))
            case .closeLink(let attempt):
                if let link = secondaryLink, link.attempt == attempt { io.append(.closeSecondary(link.connection)) }
            case .armTimer(let timer, let deadline):
                secondaryTimers.arm(timer, deadline: deadline, on: clock) { token in
                    await self.secondaryTimerFired(timer, token: token)
                }
            case .cancelTimer(let timer):
                secondaryTimers.cancel(timer)
            case .registered(let host, let port):
                logger.debug("secondary transport registered", metadata: ["address": "\(host):\(port)"])
                secondaryEvents.send(.registered(host: host, port: port))
                for service in [ServiceType.video, .audio] where belongsOnSecondary(service) {
                    jobs?.yield(.moveToSecondary(service))
                }
            case .linkGone(let failure, let report):
                secondaryLinkGone(failure: failure, report: report)
            }
        }
        return io
    }

    /// The services on the secondary end with it, and the streaming layer hears that they move to the primary.
    func secondaryLinkGone(failure: SDLSessionError?, report: Bool) {
        for service in services.services(on: .secondary) {
            let ending = serviceEnded(service)
            controls.resolve(.start(service), .failure(failure ?? SDLSessionError(.secondaryTransport("closed"))))
            controls.resolve(.end(service), .success(.ended))
            if ending.wasRunning {
                logger.debug("service ended with the secondary transport", metadata: ["service": "\(service)"])
                serviceEndEvents.send(ServiceEnd(service: service, cause: .movingTransport(to: .primary)))
                secondaryEvents.send(.serviceMoved(service, restartOn: .primary))
            }
        }
        guard report else { return }
        if let failure {
            logger.error("secondary transport failed", metadata: ["error": "\(failure)"])
            secondaryEvents.send(.failed(failure))
        } else {
            secondaryEvents.send(.closed)
        }
    }

    func secondaryTimerFired(_ timer: SecondaryTransportMachine.Timer, token: UInt64) async {
        guard secondaryTimers.fired(timer, token: token) else { return }
        await perform(executeSecondary(secondary.timerFired(timer, secondaryContext)))
    }

    /// The primary is closing or gone: the machine forgets the secondary, and its timers stop.
    func closeSecondaryWithPrimary() -> [SessionIO] {
        let io = executeSecondary(secondary.primaryClosed())
        secondaryTimers.cancelAll()
        secondaryLinkRequests?.finish()
        secondaryLinkRequests = nil
        return io
    }

    // MARK: The links

    /// Runs every link the machine asks for, as child tasks: they end with the primary connection's task.
    nonisolated func secondaryLinkLoop(_ requests: AsyncStream<SecondaryLinkRequest>) async {
        await withDiscardingTaskGroup { group in
            for await request in requests {
                group.addTask { await self.runSecondaryLink(request) }
            }
        }
    }

    nonisolated func runSecondaryLink(_ request: SecondaryLinkRequest) async {
        let transport = TCPTransport(
            host: request.host, port: request.port,
            configuration: TCPTransport.Configuration(connectTimeout: configuration.secondaryTransport.connectTimeout))
        var failure: String?
        do {
            try await transport.withConnection { connection in
                try await self.serveSecondary(connection, attempt: request.attempt)
            }
        } catch {
            failure = "\(error)"
        }
        await secondaryLinkEnded(attempt: request.attempt, error: failure)
    }

    /// Runs one secondary connection: registers, then hands every frame to the session's receive path.
    nonisolated func serveSecondary<Connection: SDLConnection>(_ connection: Connection, attempt: Int) async throws {
        guard await secondaryLinkOpened(connection, attempt: attempt) else { return }
        for try await frame in connection.inbound {
            guard await receiveSecondary(frame, attempt: attempt) else { break }
        }
    }

    /// The link of `attempt` is open; `false` closes it again (the attempt is no longer wanted).
    func secondaryLinkOpened(_ connection: some SDLConnection, attempt: Int) async -> Bool {
        let actions = secondary.linkOpened(attempt: attempt)
        guard secondary.phase == .registering(attempt: attempt) else { return false }
        secondaryLink = (attempt, connection)
        await perform(executeSecondary(actions))
        return secondaryLink?.attempt == attempt
    }

    /// One frame from the secondary; `false` ends the link.
    func receiveSecondary(_ frame: SDLFrame, attempt: Int) async -> Bool {
        guard secondaryLink?.attempt == attempt else { return false }
        guard secondary.phase == .registering(attempt: attempt) else {
            await receive(frame)
            return true
        }
        let header = frame.header
        switch (header.frameType, header.controlFrameInfo) {
        case (.control, .registerSecondaryTransportACK?):
            await perform(executeSecondary(secondary.registrationAcknowledged(attempt: attempt)))
        case (.control, .registerSecondaryTransportNAK?):
            let reason = (try? RegisterSecondaryTransportNAK(payload: frame.payload))?.reason
            await perform(executeSecondary(secondary.registrationRefused(attempt: attempt, reason: reason)))
        default:
            logger.debug("frame before RegisterSecondaryTransportACK", metadata: ["header": "\(header)"])
        }
        return true
    }

    /// The link of `attempt` ended (or never opened).
    func secondaryLinkEnded(attempt: Int, error: String?) async {
        if secondaryLink?.attempt == attempt { secondaryLink = nil }
        await perform(executeSecondary(secondary.linkEnded(attempt: attempt, error: error, secondaryContext)))
    }

    // MARK: Sending

    /// Sends control or data frames on the primary (through the ordered queue) or the secondary (straight to its link).
    func send(_ frames: [SDLFrame], on transport: TransportSlot) async throws {
        guard transport == .secondary else {
            if frames.first?.header.frameType == .control {
                enqueue(frames)
            } else {
                try await enqueueAndWait(frames)
            }
            return
        }
        guard let link = secondaryLink, secondary.isRegistered else {
            throw SDLSessionError(.secondaryTransport("not connected"))
        }
        try await link.connection.send(frames)
    }

    /// Ends a service on the primary so the streaming layer restarts it on the secondary (a full stop and start,
    /// as in sdl_ios: there is no hand-over).
    func moveToSecondary(_ service: ServiceType) async {
        guard belongsOnSecondary(service) else { return }
        do {
            try await endService(service, payload: ByteBuffer(), timeout: configuration.timeouts.service)
            serviceEndEvents.send(ServiceEnd(service: service, cause: .movingTransport(to: .secondary)))
            secondaryEvents.send(.serviceMoved(service, restartOn: .secondary))
        } catch {
            logger.error("could not move \(service) to the secondary", metadata: ["error": "\(error)"])
        }
    }
}
