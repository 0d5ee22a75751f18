import Logging
import NIOCore
import SDLRPC
import SDLWire

/// The connection's task: reader, writer, job and secondary-link loops, and what happens to each frame.
///
/// A frame is handled in two halves: ``decide(_:)`` changes the session's state without awaiting and returns the
/// I/O left to do, which ``perform(_:)`` then awaits. Another call into the actor can only run during that I/O, when
/// the frame's state changes are complete.
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
        let (doorbell, jobs, links) = await attach(connection)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await self.writeLoop(connection, doorbell: doorbell) }
            group.addTask { await self.jobLoop(jobs) }
            group.addTask { await self.secondaryLinkLoop(links) }
            group.addTask { await self.watchLiveness() }
            do {
                for try await frame in connection.inbound {
                    await self.receive(frame)
                }
            } catch {
                // The secondary never outlives the primary; closing it lets its child task end.
                await self.readerEnded()
                group.cancelAll()
                throw error
            }
            await self.readerEnded()
            group.cancelAll()
        }
    }

    func attach(_ connection: some SDLConnection)
        -> (AsyncStream<Void>, AsyncStream<Job>, AsyncStream<SecondaryLinkRequest>)
    {
        let (doorbellStream, doorbell) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let (jobStream, jobs) = AsyncStream<Job>.makeStream()
        let (linkStream, links) = AsyncStream<SecondaryLinkRequest>.makeStream()
        self.connection = connection
        self.doorbell = doorbell
        self.jobs = jobs
        self.secondaryLinkRequests = links
        logger.debug("connected")
        if !outbound.isEmpty { doorbell.yield() }
        connectWaiter?.resume()
        connectWaiter = nil
        return (doorbellStream, jobStream, linkStream)
    }

    func readerEnded() async {
        await perform(closeSecondaryWithPrimary())
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
                    // Cancelled with the connection's other tasks: the reader ended it and reports why. This write's
                    // own error (CancellationError, or a closed channel) would hide that reason.
                    if Task.isCancelled { return }
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

    /// Queues a control reply the head unit asked for (HeartbeatACK, EndServiceACK), bounded: a HeartbeatACK already
    /// waiting answers every Heartbeat that arrives before it goes out, and past ``maximumQueuedReplies`` waiting
    /// replies the session fails with `.outboundQueueFull` rather than grow with every frame of a head unit that asks
    /// and never reads.
    func queueReply(_ reply: SDLFrame) -> [SessionIO] {
        let info = reply.header.controlFrameInfo
        if info == .heartbeatACK, outbound.contains(controlFrame: .heartbeatACK) {
            coalescedHeartbeatACKs += 1
            if coalescedHeartbeatACKs == 1 || coalescedHeartbeatACKs.isMultiple(of: 10_000) {
                logger.warning(
                    "Heartbeats arrive faster than their answers go out: one HeartbeatACK answers them",
                    metadata: ["coalesced": "\(coalescedHeartbeatACKs)"])
            }
            return []
        }
        guard outbound.queuedControlFrames(on: reply.header.serviceType) < Self.maximumQueuedReplies else {
            return failNow(
                SDLSessionError(
                    .outboundQueueFull(
                        "\(Self.maximumQueuedReplies) replies wait on the \(reply.header.serviceType) service and the "
                            + "head unit asks for more (\(info.map { "\($0)" } ?? "a reply")) without reading")))
        }
        enqueue([reply])
        return []
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
            if let service = frames.first?.header.serviceType { enqueuedObserver?.yield(service) }
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
            timeout, on: clock, what: what,
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
        frameArrived()
        await perform(decide(incoming))
    }

    /// Everything one frame changes, decided without awaiting; returns the I/O it leaves to do, in order.
    func decide(_ incoming: SDLFrame) -> [SessionIO] {
        // An encrypted frame before the handshake ends waits for it (SDL Core's TLS 1.3 ACK comes before its Finished).
        if holdUntilHandshakeCompletes(incoming) { return [] }
        // Decrypted one frame at a time, before reassembly: the assembler counts plaintext (PS §2.3, docs/wire.md).
        guard let frame = decryptIfNeeded(incoming) else { return [] }
        if frame.header.frameType == .control {
            logger.debug("received control frame", metadata: ["header": "\(frame.header)"])
        } else {
            logger.trace("received frame", metadata: ["header": "\(frame.header)"])
        }
        switch protocolMachine.receive(frame) {
        case .rpcStarted(let parameters):
            // The receive limit is raised before start() hears of the ACK and sends what brings longer frames.
            return [
                .setReceiveLimit(parameters.mtu.maximumReceivePayload),
                .resolve(.start(.rpc), .rpcStarted(parameters)),
            ]
        case .fail(let error):
            return failNow(error)
        case .reply(let reply):
            return queueReply(reply)
        case .rpc(let message):
            return handleRPC(message)
        case .data(let message):
            logger.debug("ignoring data from the head unit", metadata: ["service": "\(message.serviceType)"])
        case .serviceStarted(let service, let ack, let encrypted):
            // An RPC upgrade's ACK need not repeat the MTU; keep the negotiated one then.
            if service != .rpc || ack.mtu != nil { protocolMachine.setMTU(ack.mtu, for: service) }
            services.started(service)
            if !encrypted, belongsOnSecondary(service) {
                // The secondary registered while this StartService was on its way on the primary.
                jobs?.yield(.moveToSecondary(service))
            }
            var io: [SessionIO] = []
            if let parameters = protocolMachine.parameters {
                io.append(.setReceiveLimit(parameters.mtu.maximumReceivePayload))
            }
            let started = StartedService(service: service, ack: ack, isEncrypted: encrypted)
            return io + [.resolve(.start(service), .serviceStarted(started))]
        case .serviceStartRejected(let service, let nak):
            if !controls.resolve(.start(service), .failure(SDLSessionError(.serviceRejected(service, nak)))) {
                logger.error("StartServiceNAK nobody asked for", metadata: ["service": "\(service)"])
            }
        case .serviceEnded(let service):
            // Only an answer to our own EndService ends a service: one nobody asked for would make the session
            // forget a running service while the head unit still shows it (a silent stall).
            let asked = endServicesUnanswered.remove(service) != nil
            if controls.resolve(.end(service), .success(.ended)) || asked {
                serviceEnded(service)
            } else {
                logger.warning("EndServiceACK nobody asked for: ignored", metadata: ["service": "\(service)"])
            }
        case .serviceEndRejected(let service, let nak):
            endServicesUnanswered.remove(service)
            controls.resolve(.end(service), .failure(SDLSessionError(.endServiceRejected(service, nak))))
        case .headUnitEndedService(.rpc, let reply):
            // PS §6.1: EndService on the RPC service closes the whole session. Answered, then ended.
            logger.error("the head unit ended the session (EndService on the RPC service)")
            return [.sendBeforeClosing([reply])] + failNow(SDLSessionError(.headUnitEndedSession))
        case .headUnitEndedService(let service, let reply):
            logger.debug("head unit ended service", metadata: ["service": "\(service)"])
            let ending = serviceEnded(service)
            var io: [SessionIO] = []
            if ending.transport == .secondary {
                // Answered where the service ran; a secondary already gone needs no answer.
                if let link = secondaryLink { io.append(.sendOnSecondary([reply], link.connection)) }
            } else {
                io += queueReply(reply)
            }
            serviceEndEvents.send(ServiceEnd(service: service, cause: .headUnit))
            return io
        case .transportEventUpdate(let update):
            logger.debug("TransportEventUpdate", metadata: ["address": "\(update.tcpIPAddress ?? "-")"])
            return secondaryAddressChanged(update)
        case .securityQuery(let payload):
            receiveSecurityQuery(payload)
            return releaseHeldFrames()
        case .ignore(let why):
            logger.debug("ignored frame", metadata: ["why": "\(why)"])
        }
        return []
    }

    /// The one place a media service ends, whoever ended it: it no longer runs, is placed on no transport, is
    /// protected no more and has no MTU of its own.
    @discardableResult
    func serviceEnded(_ service: ServiceType) -> ServiceRegistry.Ending {
        protection.services.remove(service)
        protocolMachine.setMTU(nil, for: service)
        return services.end(service)
    }

    /// Carries out the I/O a decision left, in order.
    func perform(_ io: [SessionIO]) async {
        for item in io {
            switch item {
            case .setReceiveLimit(let bytes):
                await connection?.setMaximumReceivePayload(bytes)
            case .resolve(let key, let reply):
                if !controls.resolve(key, .success(reply)), case .start(let service) = key {
                    logger.error("StartServiceACK nobody asked for", metadata: ["service": "\(service)"])
                }
            case .sendOnSecondary(let frames, let link):
                do {
                    try await link.send(frames)
                } catch {
                    logger.debug("secondary link send failed", metadata: ["error": "\(error)"])
                    await link.close()
                }
            case .closeSecondary(let link):
                await link.close()
            case .sendBeforeClosing(let frames):
                // Written directly: the writer's queue is emptied by the failure that follows.
                try? await connection?.send(frames)
            case .closeConnection:
                await connection?.close()
            }
        }
    }

    // MARK: Ending

    /// Ends the session with `error`: everything waiting fails with it, and the connection closes.
    func fail(_ error: SDLSessionError) async {
        await perform(failNow(error))
    }

    /// The part of failing that changes state: the rest is the returned I/O (closing the links).
    func failNow(_ error: SDLSessionError) -> [SessionIO] {
        guard closingError == nil else { return [] }
        logger.error("session failed", metadata: ["error": "\(error)"])
        closingError = error
        protocolMachine.end()
        failPending(error)
        return beginClosing()
    }

    func closeConnection() async {
        await perform(beginClosing())
    }

    /// Stops the TLS engine, the secondary and the loops; the returned I/O closes the links.
    func beginClosing() -> [SessionIO] {
        protection.reset()
        let io = closeSecondaryWithPrimary()
        doorbell?.finish()
        jobs?.finish()
        return io + [.closeConnection]
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
        // The link loop has ended with the connection's task, so the link is closed already.
        _ = closeSecondaryWithPrimary()
        secondaryLink = nil
        services.forgetPlacements()
        endServicesUnanswered.removeAll()
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
