import Logging
import NIOCore
import SDLRPC
import SDLWire

/// The connection's task: reader, writer and job loops, and what happens to each frame.
extension SDLSession {
    nonisolated func runConnection(_ connector: @Sendable (SDLSession) async throws -> Void) async {
        do {
            try await connector(self)
            await connectionEnded(nil)
        } catch {
            await connectionEnded(error)
        }
    }

    /// Runs one open connection until it closes: the reader here, writer and jobs as child tasks.
    nonisolated func serve<Connection: SDLConnection>(_ connection: Connection) async throws {
        let (doorbell, jobs) = await attach(connection)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await self.writeLoop(connection, doorbell: doorbell) }
            group.addTask { await self.jobLoop(jobs) }
            do {
                for try await frame in connection.inbound {
                    await self.receive(frame)
                }
            } catch {
                group.cancelAll()
                throw error
            }
            group.cancelAll()
        }
    }

    func attach(_ connection: some SDLConnection) -> (AsyncStream<Void>, AsyncStream<Job>) {
        let (doorbellStream, doorbell) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let (jobStream, jobs) = AsyncStream<Job>.makeStream()
        self.connection = connection
        self.doorbell = doorbell
        self.jobs = jobs
        logger.debug("connected")
        if !outbound.isEmpty { doorbell.yield() }
        connectWaiter?.resume()
        connectWaiter = nil
        return (doorbellStream, jobStream)
    }

    /// The one ordered path to the wire: drains the queue, lowest service first, whenever the doorbell rings.
    nonisolated func writeLoop(_ connection: some SDLConnection, doorbell: AsyncStream<Void>) async {
        for await _ in doorbell {
            while true {
                let (frames, finished) = await nextOutboundBatch()
                guard !frames.isEmpty else { break }
                do {
                    try await connection.send(frames)
                } catch {
                    await fail(Self.sessionError(error))
                    return
                }
                await markSent(finished)
            }
        }
    }

    nonisolated func jobLoop(_ jobs: AsyncStream<Job>) async {
        for await job in jobs {
            switch job {
            case .awaitVideoCapability(let correlationID):
                await awaitVideoCapability(correlationID: correlationID)
            case .upgradeRPCProtection:
                await upgradeRPCProtection()
            case .moveToSecondary(let service):
                await moveToSecondary(service)
            }
        }
    }

    /// Queues frames for the writer.
    func enqueue(_ frames: [SDLFrame]) {
        nextTicket += 1
        outbound.enqueue(frames, ticket: nextTicket)
        outboundPressureTracker.queued(frames, ticket: nextTicket, at: .now)
        doorbell?.yield()
    }

    /// Queues frames and waits until the transport took them: the back-pressure path for video and audio data.
    func enqueueAndWait(_ frames: [SDLFrame]) async throws {
        guard connection != nil else { throw closingError ?? SDLSessionError(.connectionClosed) }
        nextTicket += 1
        let ticket = nextTicket
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            sendWaiters[ticket] = continuation
            outbound.enqueue(frames, ticket: ticket)
            outboundPressureTracker.queued(frames, ticket: ticket, at: .now)
            doorbell?.yield()
        }
    }

    func nextOutboundBatch() -> ([SDLFrame], [UInt64]) {
        // A batch bounded in bytes, taken only once the previous write completed, keeps priorities honest: an
        // audio frame or an RPC queued now waits for at most this batch, not for a whole video access unit.
        let (frames, finished) = outbound.nextBatch(maximumBytes: OutboundQueue.defaultBatchBytes)
        for frame in frames {
            logger.trace("send frame", metadata: ["header": "\(frame.header)"])
            if frame.header.frameType == .control {
                logger.debug("send control frame", metadata: ["header": "\(frame.header)"])
            }
        }
        return (frames, finished)
    }

    func markSent(_ tickets: [UInt64]) {
        outboundPressureTracker.taken(tickets, at: .now)
        for ticket in tickets { sendWaiters.removeValue(forKey: ticket)?.resume() }
    }

    /// Waits for a control reply registered with `controls.register(key)` before its frame was queued.
    func awaitControl(_ key: ControlKey, timeout: Duration, what: String) async throws -> ControlReply {
        try await withTimeout(
            timeout, what: what,
            wait: { try await self.waitControl(key) },
            expire: { error in await self.resolveControl(key, .failure(error)) }
        )
    }

    func waitControl(_ key: ControlKey) async throws -> ControlReply {
        try await withCheckedThrowingContinuation { continuation in controls.wait(key, continuation) }
    }

    func resolveControl(_ key: ControlKey, _ result: Result<ControlReply, any Error>) {
        controls.resolve(key, result)
    }

    // MARK: Incoming

    func receive(_ incoming: SDLFrame) async {
        // An encrypted frame before the handshake ends waits for it (SDL Core's TLS 1.3 ACK comes before its Finished).
        if holdUntilHandshakeCompletes(incoming) { return }
        // Decrypted one frame at a time, before reassembly: the assembler counts plaintext (PS §2.3, docs/wire.md).
        guard let frame = decryptIfNeeded(incoming) else { return }
        if frame.header.frameType == .control {
            logger.debug("received control frame", metadata: ["header": "\(frame.header)"])
        } else {
            logger.trace("received frame", metadata: ["header": "\(frame.header)"])
        }
        switch protocolMachine.receive(frame) {
        case .rpcStarted(let parameters):
            await connection?.setMaximumReceivePayload(parameters.mtu.maximumReceivePayload)
            controls.resolve(.start(.rpc), .success(.rpcStarted(parameters)))
        case .fail(let error):
            await fail(error)
        case .reply(let reply):
            enqueue([reply])
        case .rpc(let message):
            await handleRPC(message)
        case .data(let message):
            logger.debug("ignoring data from the head unit", metadata: ["service": "\(message.serviceType)"])
        case .serviceStarted(let service, let ack, let encrypted):
            // An RPC upgrade's ACK need not repeat the MTU; keep the negotiated one then.
            if service != .rpc || ack.mtu != nil { protocolMachine.setMTU(ack.mtu, for: service) }
            if let parameters = protocolMachine.parameters {
                await connection?.setMaximumReceivePayload(parameters.mtu.maximumReceivePayload)
            }
            startedServices.insert(service)
            let started = StartedService(service: service, ack: ack, isEncrypted: encrypted)
            if !controls.resolve(.start(service), .success(.serviceStarted(started))) {
                logger.error("StartServiceACK nobody asked for", metadata: ["service": "\(service)"])
            }
            if !encrypted, belongsOnSecondary(service) {
                // The secondary registered while this StartService was on its way on the primary.
                jobs?.yield(.moveToSecondary(service))
            }
        case .serviceStartRejected(let service, let nak):
            if !controls.resolve(.start(service), .failure(SDLSessionError(.serviceRejected(service, nak)))) {
                logger.error("StartServiceNAK nobody asked for", metadata: ["service": "\(service)"])
            }
        case .serviceEnded(let service):
            startedServices.remove(service)
            protection.services.remove(service)
            secondary.placement[service] = nil
            protocolMachine.setMTU(nil, for: service)
            if !controls.resolve(.end(service), .success(.ended)) {
                logger.debug("EndServiceACK nobody waits for", metadata: ["service": "\(service)"])
            }
        case .serviceEndRejected(let service, let nak):
            controls.resolve(.end(service), .failure(SDLSessionError(.endServiceRejected(service, nak))))
        case .headUnitEndedService(let service, let reply):
            logger.debug("head unit ended service", metadata: ["service": "\(service)"])
            startedServices.remove(service)
            protection.services.remove(service)
            protocolMachine.setMTU(nil, for: service)
            if secondary.placement.removeValue(forKey: service) == 2 {
                try? await secondary.connection?.send([reply])
            } else {
                enqueue([reply])
            }
            serviceEndEvents.send(ServiceEnd(service: service, cause: .headUnit))
        case .transportEventUpdate(let update):
            logger.debug("TransportEventUpdate", metadata: ["address": "\(update.tcpIPAddress ?? "-")"])
            await secondaryAddressChanged(update)
        case .securityQuery(let payload):
            receiveSecurityQuery(payload)
            await releaseHeldFrames()
        case .ignore(let why):
            logger.debug("ignored frame", metadata: ["why": "\(why)"])
        }
    }

    // MARK: Ending

    /// Ends the session with `error`: everything waiting fails with it, and the connection closes.
    func fail(_ error: SDLSessionError) async {
        guard closingError == nil else { return }
        logger.error("session failed", metadata: ["error": "\(error)"])
        closingError = error
        protocolMachine.end()
        failPending(error)
        await closeConnection()
    }

    func closeConnection() async {
        protection.reset()
        await closeSecondary()
        doorbell?.finish()
        jobs?.finish()
        await connection?.close()
    }

    func failPending(_ error: SDLSessionError) {
        requests.failAll(error)
        controls.failAll(error)
        connectWaiter?.resume(throwing: error)
        connectWaiter = nil
        _ = outbound.removeAll()
        outboundPressureTracker.reset()
        for waiter in sendWaiters.values { waiter.resume(throwing: error) }
        sendWaiters.removeAll()
    }

    /// The connection task finished, cleanly (`nil`) or not.
    func connectionEnded(_ error: (any Error)?) {
        let stopping: Bool
        switch lifecycle {
        case .stopping, .closed: stopping = true
        default: stopping = false
        }
        // While start() runs, it logs the failure itself ("session start failed") before it throws: logging here too
        // would report one failed connect twice.
        let starting: Bool
        switch lifecycle {
        case .connecting, .negotiating, .registering: starting = true
        default: starting = false
        }
        var failure = closingError
        if failure == nil, let error, !(error is CancellationError) {
            failure = Self.sessionError(error)
        }
        if failure == nil, !stopping {
            failure = SDLSessionError(.connectionClosed)
        }
        if let failure, closingError == nil {
            if !stopping, !starting { logger.error("connection lost", metadata: ["error": "\(failure)"]) }
            closingError = failure
        }
        logger.debug("disconnected")
        connection = nil
        doorbell?.finish()
        jobs?.finish()
        doorbell = nil
        jobs = nil
        protocolMachine.end()
        protection.reset()
        abandonSecondary()
        failPending(failure ?? SDLSessionError(.connectionClosed))
        switch lifecycle {
        case .ready:
            setState(.closed(error: failure))
            finishStreams()
        default:
            break  // start() and stop() set the final state themselves.
        }
    }
}
