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
/// Connecting waits for an address, the head unit's offer of `TCP_WIFI` and an HMI level other than NONE. A
/// registration that is not answered in ``AppConfiguration/SecondaryTransport/registrationTimeout``, a NAK or a
/// broken link fails the attempt; the next one comes after ``AppConfiguration/SecondaryTransport/retryDelay``.
extension SDLSession {
    // MARK: Deciding

    /// The transport a streaming service should start on: the first entry of the head unit's list for it that is
    /// available (1 is always available; without a list, the primary).
    /// Whether `service` runs on the primary although the registered secondary is where the head unit wants it.
    /// Protected services stay on the primary: their TLS session is the primary's.
    func belongsOnSecondary(_ service: ServiceType) -> Bool {
        startedServices.contains(service) && secondary.placement[service] == 1 && preferredTransport(for: service) == 2
            && !protection.services.contains(service)
    }

    func preferredTransport(for service: ServiceType) -> Int {
        guard let parameters = protocolMachine.parameters else { return 1 }
        let list = (service == .video ? parameters.videoServiceTransports : parameters.audioServiceTransports) ?? [1]
        for transport in list {
            if transport == 1 { return 1 }
            if transport == 2, secondary.isRegistered { return 2 }
        }
        return 1
    }

    /// Whether the head unit offers a secondary the session may use.
    var secondaryOffered: Bool {
        let options = configuration.secondaryTransport
        guard options.isEnabled, let parameters = protocolMachine.parameters else { return false }
        // Our only secondary is TCP; the primary is TCP on Linux in practice, and sdl_ios's
        // SDLSecondaryTransportManager disables a secondary of the primary's type, hence the option.
        return options.allowsTCPWhenPrimaryIsTCP && parameters.secondaryTransports.contains("TCP_WIFI")
    }

    /// Connects when everything allows it and nothing is connected or waiting.
    func considerSecondary() {
        guard case .idle = secondary.phase, secondaryOffered, closingError == nil,
            let host = secondary.host, let port = secondary.port, (1...65_535).contains(port),
            let level = hmiStatuses.current?.hmiLevel, level != .none
        else { return }
        switch lifecycle {
        case .registering, .ready: break
        default: return
        }
        secondary.generation += 1
        let generation = secondary.generation
        secondary.phase = .connecting(generation: generation)
        secondary.closingOnPurpose = false
        let options = configuration.secondaryTransport
        let transport = TCPTransport(
            host: host, port: port,
            configuration: TCPTransport.Configuration(connectTimeout: options.connectTimeout))
        logger.debug("connecting the secondary transport", metadata: ["address": "\(host):\(port)"])
        secondary.task = Task { await self.runSecondary(transport, generation: generation) }
        let clock = self.clock
        secondary.timer = Task {
            do {
                try await clock.sleep(for: options.registrationTimeout)
            } catch {
                return
            }
            await self.registrationTimedOut(generation: generation)
        }
    }

    /// A TransportEventUpdate: a new address connects (or reconnects), an empty one closes the secondary.
    func secondaryAddressChanged(_ update: TransportEventUpdate) async {
        if update.isWithdrawal {
            secondary.host = nil
            secondary.port = nil
            if secondary.connection != nil { await closeSecondary(onPurpose: true) }
            if secondary.phase == .waitingToRetry { secondary.timer?.cancel(); secondary.phase = .idle }
            return
        }
        let port = update.tcpPort.map(Int.init)
        let changed = update.tcpIPAddress != secondary.host || port != secondary.port
        secondary.host = update.tcpIPAddress
        secondary.port = port
        if changed, secondary.connection != nil {
            // A new address while connected: disconnect, then connect to the new one (sdl_ios does the same).
            await closeSecondary(onPurpose: true)
        } else {
            considerSecondary()
        }
    }

    // MARK: The link

    nonisolated func runSecondary(_ transport: TCPTransport, generation: Int) async {
        do {
            try await transport.withConnection { connection in
                try await self.serveSecondary(connection, generation: generation)
            }
            await secondaryEnded(generation: generation, error: nil)
        } catch {
            await secondaryEnded(generation: generation, error: error)
        }
    }

    /// Runs one secondary connection: registers, then hands every frame to the session's receive path.
    nonisolated func serveSecondary<Connection: SDLConnection>(_ connection: Connection, generation: Int) async throws
    {
        guard let frame = await secondaryAttached(connection, generation: generation) else { return }
        try await connection.send([frame])
        for try await frame in connection.inbound {
            guard await receiveSecondary(frame, generation: generation) else { break }
        }
    }

    func secondaryAttached(_ connection: some SDLConnection, generation: Int) -> SDLFrame? {
        guard secondary.isCurrent(generation), let parameters = protocolMachine.parameters else { return nil }
        secondary.connection = connection
        // PS §4.6: control service, frame info 0x07, the primary's session id, no payload.
        return SDLFrame.control(
            .registerSecondaryTransport, service: .control, version: parameters.headerVersion,
            sessionID: parameters.sessionID, messageID: protocolMachine.nextMessageID())
    }

    /// One frame from the secondary; `false` ends the link.
    func receiveSecondary(_ frame: SDLFrame, generation: Int) async -> Bool {
        guard secondary.isCurrent(generation) else { return false }
        guard case .connecting = secondary.phase else {
            await receive(frame)
            return true
        }
        let header = frame.header
        switch (header.frameType, header.controlFrameInfo) {
        case (.control, .registerSecondaryTransportACK?):
            secondary.timer?.cancel()
            secondary.phase = .registered(generation: generation)
            let host = secondary.host ?? "-"
            let port = secondary.port ?? 0
            logger.debug("secondary transport registered", metadata: ["address": "\(host):\(port)"])
            secondaryEvents.send(.registered(host: host, port: port))
            for service in [ServiceType.video, .audio] where belongsOnSecondary(service) {
                jobs?.yield(.moveToSecondary(service))
            }
            return true
        case (.control, .registerSecondaryTransportNAK?):
            let reason = (try? RegisterSecondaryTransportNAK(payload: frame.payload))?.reason
            secondaryFailure = SDLSessionError(
                .secondaryTransport("RegisterSecondaryTransportNAK: \(reason ?? "no reason")"))
            return false
        default:
            logger.debug("frame before RegisterSecondaryTransportACK", metadata: ["header": "\(header)"])
            return true
        }
    }

    func registrationTimedOut(generation: Int) async {
        guard secondary.isCurrent(generation), case .connecting = secondary.phase else { return }
        secondaryFailure = SDLSessionError(.timeout("RegisterSecondaryTransportACK"))
        await secondary.connection?.close()
    }

    /// The secondary connection ended (or never opened): services on it end, and a retry is scheduled.
    func secondaryEnded(generation: Int, error: (any Error)?) async {
        guard generation == secondary.generation else { return }
        secondary.timer?.cancel()
        secondary.connection = nil
        let onPurpose = secondary.closingOnPurpose
        secondary.closingOnPurpose = false
        var failure = secondaryFailure
        secondaryFailure = nil
        if failure == nil, !onPurpose {
            failure = SDLSessionError(.secondaryTransport(error.map { "closed: \($0)" } ?? "the head unit closed it"))
        }
        for (service, transport) in secondary.placement where transport == 2 {
            secondary.placement[service] = nil
            protocolMachine.setMTU(nil, for: service)
            controls.resolve(.start(service), .failure(failure ?? SDLSessionError(.secondaryTransport("closed"))))
            controls.resolve(.end(service), .success(.ended))
            if startedServices.remove(service) != nil {
                logger.debug("service ended with the secondary transport", metadata: ["service": "\(service)"])
                serviceEndEvents.send(ServiceEnd(service: service, cause: .movingTransport(to: 1)))
                secondaryEvents.send(.serviceMoved(service, restartOn: 1))
            }
        }
        secondary.phase = .idle
        guard closingError == nil, lifecycle != .stopping else { return }
        if let failure {
            logger.error("secondary transport failed", metadata: ["error": "\(failure)"])
            secondaryEvents.send(.failed(failure))
            secondary.phase = .waitingToRetry
            let delay = configuration.secondaryTransport.retryDelay
            let clock = self.clock
            secondary.timer = Task {
                do {
                    try await clock.sleep(for: delay)
                } catch {
                    return
                }
                self.retrySecondary()
            }
        } else {
            secondaryEvents.send(.closed)
            considerSecondary()
        }
    }

    func retrySecondary() {
        guard secondary.phase == .waitingToRetry else { return }
        secondary.phase = .idle
        considerSecondary()
    }

    /// Closes the secondary link; `onPurpose` means no error and no retry delay.
    func closeSecondary(onPurpose: Bool = false) async {
        secondary.closingOnPurpose = onPurpose
        if let connection = secondary.connection {
            await connection.close()
        }
        if !onPurpose {
            secondary.timer?.cancel()
            secondary.task?.cancel()
        }
    }

    /// The primary is gone: nothing on the secondary outlives it (PS §4.6).
    func abandonSecondary() {
        secondary.timer?.cancel()
        secondary.phase = .idle
        secondary.generation += 1
        if let connection = secondary.connection {
            secondary.connection = nil
            Task { await connection.close() }
        }
        secondary.placement.removeAll()
    }

    /// Sends control or data frames on transport 1 (through the ordered queue) or 2 (straight to the link).
    func send(_ frames: [SDLFrame], on transport: Int) async throws {
        guard transport == 2 else {
            if frames.first?.header.frameType == .control {
                enqueue(frames)
            } else {
                try await enqueueAndWait(frames)
            }
            return
        }
        guard let connection = secondary.connection, secondary.isRegistered else {
            throw SDLSessionError(.secondaryTransport("not connected"))
        }
        try await connection.send(frames)
    }

    /// Ends a service on the primary so the streaming layer restarts it on the secondary (a full stop and start,
    /// as in sdl_ios: there is no hand-over).
    func moveToSecondary(_ service: ServiceType) async {
        guard belongsOnSecondary(service) else { return }
        do {
            try await endService(service, payload: ByteBuffer(), timeout: configuration.timeouts.service)
            serviceEndEvents.send(ServiceEnd(service: service, cause: .movingTransport(to: 2)))
            secondaryEvents.send(.serviceMoved(service, restartOn: 2))
        } catch {
            logger.error("could not move \(service) to the secondary", metadata: ["error": "\(error)"])
        }
    }
}
