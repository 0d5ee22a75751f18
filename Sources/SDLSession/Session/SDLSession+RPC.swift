import Logging
import NIOCore
public import SDLRPC
import SDLWire

/// Requests, responses and notifications.
extension SDLSession {
    /// Sends a request and waits for its response.
    ///
    /// ```swift
    /// let response = try await session.send(SendHapticData(hapticRectData: rects))
    /// if response.resultCode != .success { ... }
    /// ```
    ///
    /// - Parameters:
    ///   - request: any typed request.
    ///   - timeout: overrides ``AppConfiguration/Timeouts/response``.
    /// - Returns: the typed response, whatever its `resultCode` (only registration and ENCRYPTION_NEEDED turn
    ///   failure into an error).
    /// - Throws: ``SDLSessionError``: `.timeout`, `.genericResponse` (the head unit did not understand the request),
    ///   `.encryptionNeeded` (the head unit requires the request encrypted; the context says why it was not),
    ///   `.unexpectedFunctionID`, `.rpcCoding` (the response's JSON does not fit), `.connectionClosed`, ...
    public func send<Request: RPCRequest>(
        _ request: Request,
        timeout: Duration? = nil
    ) async throws -> Request.Response {
        let correlationID = try beginRequest(request)
        return try await finishRequest(Request.self, correlationID: correlationID, timeout: timeout)
    }

    /// Queues a request and opens its reply slot; no suspension, so requests keep the order they were made in.
    func beginRequest<Request: RPCRequest>(_ request: Request) throws(SDLSessionError) -> UInt32 {
        try checkSessionOpen(for: Request.functionID)
        let json: [UInt8]
        do {
            json = try RPCCoder().encode(request)
        } catch {
            throw SDLSessionError(.rpcCoding(error))
        }
        correlationCounter = correlationCounter == UInt32(Int32.max) ? 1 : correlationCounter + 1
        let correlationID = correlationCounter
        _ = requests.register(correlationID)
        logger.debug(
            "send request",
            metadata: [
                "function": "\(Request.functionID.name ?? "\(Request.functionID)")", "correlation": "\(correlationID)",
            ]
        )
        enqueueRPC(RPCPayload(type: .request, functionID: Request.functionID, correlationID: correlationID, json: json))
        return correlationID
    }

    /// Waits for the response to a request queued by ``beginRequest(_:)``.
    func finishRequest<Request: RPCRequest>(
        _ request: Request.Type,
        correlationID: UInt32,
        timeout: Duration?
    ) async throws -> Request.Response {
        let name = Request.functionID.name ?? Request.functionID.description
        let payload = try await withTimeout(
            timeout ?? configuration.timeouts.response, on: clock,
            what: "\(name) response (correlation \(correlationID))",
            wait: { try await self.waitResponse(correlationID) },
            expire: { error in await self.abandonResponse(correlationID, error) }
        )
        let result = Result { () throws(SDLSessionError) in try Self.decodeResponse(payload, for: Request.self) }
        if case .failure(let error) = result, error.kind.isEncryptionNeeded {
            throw SDLSessionError(error.kind, context: encryptionContext)
        }
        return try result.get()
    }

    /// Why a request went out in the clear, for an ENCRYPTION_NEEDED error.
    var encryptionContext: String {
        guard configuration.security != nil else { return "the app has no AppConfiguration.security" }
        return "sent in the clear; RPC service protection: \(protection.rpcStatus)"
    }

    /// Sends a notification to the head unit (for example OnAppCapabilityUpdated). No answer comes.
    public func send<Notification: RPCNotification>(_ notification: Notification) throws {
        try checkSessionOpen(for: Notification.functionID)
        let json: [UInt8]
        do {
            json = try RPCCoder().encode(notification)
        } catch {
            throw SDLSessionError(.rpcCoding(error))
        }
        logger.debug("send notification", metadata: ["function": "\(Notification.functionID.name ?? "-")"])
        enqueueRPC(
            RPCPayload(
                type: .notification, functionID: Notification.functionID,
                correlationID: RPCPayload.notificationCorrelationID, json: json
            )
        )
    }

    /// Checks and decodes a response: GenericResponse and answers for other functions become errors.
    static func decodeResponse<Request: RPCRequest>(
        _ payload: RPCPayload,
        for request: Request.Type
    ) throws(SDLSessionError) -> Request.Response {
        if payload.functionID != Request.functionID {
            if payload.functionID == GenericResponse.functionID {
                let generic = try? RPCCoder().decode(GenericResponse.self, from: payload.json)
                throw SDLSessionError(
                    .genericResponse(
                        request: Request.functionID, resultCode: generic?.resultCode ?? ResultCode(rawValue: "?"),
                        info: generic?.info
                    )
                )
            }
            throw SDLSessionError(.unexpectedFunctionID(expected: Request.functionID, got: payload.functionID))
        }
        let response: Request.Response
        do {
            response = try RPCCoder().decode(Request.Response.self, from: payload.json)
        } catch {
            // A negative answer need not carry the response's mandatory fields; ENCRYPTION_NEEDED still wins.
            if let generic = try? RPCCoder().decode(GenericResponse.self, from: payload.json),
                generic.resultCode == .encryptionNeeded
            {
                throw SDLSessionError(.encryptionNeeded(request: Request.functionID, info: generic.info))
            }
            throw SDLSessionError(.rpcCoding(error))
        }
        if response.resultCode == .encryptionNeeded {
            throw SDLSessionError(.encryptionNeeded(request: Request.functionID, info: response.info))
        }
        return response
    }

    func checkSessionOpen(for function: FunctionID) throws(SDLSessionError) {
        if let closingError { throw closingError }
        switch lifecycle {
        case .registering, .ready, .stopping:
            guard connection != nil, protocolMachine.parameters != nil else {
                throw closingError ?? SDLSessionError(.connectionClosed)
            }
        default:
            throw SDLSessionError(.invalidState("cannot send \(function.name ?? "\(function)") while \(lifecycle)"))
        }
    }

    func enqueueRPC(_ payload: RPCPayload) {
        do {
            let encrypt = rpcRequiresEncryption(payload.functionID)
            enqueue(try outgoingFrames(service: .rpc, payload: payload.buffer, encrypt: encrypt))
        } catch {
            // Only reachable when the TLS engine refuses a record; the reply slot fails by timeout, and the
            // error is logged here where it happened.
            logger.error("RPC could not be encrypted", metadata: ["error": "\(error)"])
        }
    }

    func waitResponse(_ correlationID: UInt32) async throws -> RPCPayload {
        try await withCheckedThrowingContinuation { continuation in requests.wait(correlationID, continuation) }
    }

    func resolveResponse(_ correlationID: UInt32, _ result: Result<RPCPayload, any Error>) {
        requests.resolve(correlationID, result)
    }

    /// The caller stopped waiting (timeout or cancellation); the head unit's answer may still come.
    func abandonResponse(_ correlationID: UInt32, _ error: any Error) {
        requests.abandon(correlationID, error)
    }

    // MARK: Incoming

    /// One whole RPC message from the head unit; decided without awaiting, the I/O it needs is returned.
    func handleRPC(_ message: SDLMessage) -> [SessionIO] {
        let payload: RPCPayload
        do {
            payload = try RPCPayload(decoding: message.payload)
        } catch {
            logger.error("malformed RPC payload", metadata: ["error": "\(error)"])
            // A response whose header still names its request fails that request now, with the reason, rather
            // than leaving it to time out as "not answered" (a broken RegisterAppInterface response, say).
            var header = message.payload
            if let word: UInt32 = header.readInteger(endianness: .big),
                let correlation: UInt32 = header.readInteger(endianness: .big),
                RPCMessageType(rawValue: UInt8(word >> 28)) == .response
            {
                let function = FunctionID(rawValue: word & 0x0FFF_FFFF)
                _ = requests.resolve(
                    correlation,
                    .failure(
                        SDLSessionError(
                            .wire(error), context: "the response to \(function.name ?? function.description)")))
            }
            return []
        }
        let name = payload.functionID.name ?? payload.functionID.description
        logger.debug(
            "received \(payload.type)",
            metadata: ["function": "\(name)", "correlation": "\(payload.correlationID)"]
        )
        switch payload.type {
        case .response, .erroneousResponse:
            if payload.functionID == GetSystemCapability.functionID {
                // Applied here, in wire order, so a notification that came after this answer wins over it.
                applyCapabilityAnswer(payload)
            }
            if requests.resolve(payload.correlationID, .success(payload)) {
                // Delivered.
            } else if requests.takeAbandoned(payload.correlationID) {
                // Asked for, then given up on (a stream that stopped cancels its haptic update): expected.
                logger.debug(
                    "late response to a request given up on",
                    metadata: ["function": "\(name)", "correlation": "\(payload.correlationID)"]
                )
            } else {
                logger.error(
                    "response nobody waits for",
                    metadata: ["function": "\(name)", "correlation": "\(payload.correlationID)"]
                )
            }
        case .notification:
            return handleNotification(payload)
        default:
            logger.debug("ignoring \(payload.type) from the head unit", metadata: ["function": "\(name)"])
        }
        return []
    }

    func handleNotification(_ payload: RPCPayload) -> [SessionIO] {
        var io: [SessionIO] = []
        let message = RPCNotificationMessage(
            functionID: payload.functionID, json: payload.json, bulkData: payload.bulkData)
        do {
            switch payload.functionID {
            case OnHMIStatus.functionID:
                io = apply(try message.decode(OnHMIStatus.self))
            case OnPermissionsChange.functionID:
                permissionChanges.send(try message.decode(OnPermissionsChange.self))
                considerRPCUpgrade()
            case OnSystemCapabilityUpdated.functionID:
                let update = try message.decode(OnSystemCapabilityUpdated.self)
                if update.systemCapability.systemCapabilityType == .videoStreaming,
                    let video = update.systemCapability.videoStreamingCapability,
                    capability.applyNotification(video), let current = capability.current
                {
                    videoCapabilities.send(current)
                }
            case OnHashChange.functionID:
                // Kept for the next registration: with it the head unit can resume the app's data.
                resumptionHashID = try message.decode(OnHashChange.self).hashID
            case OnAppInterfaceUnregistered.functionID:
                let reason = try message.decode(OnAppInterfaceUnregistered.self).reason
                notificationEvents.send(message)
                return failNow(SDLSessionError(.appUnregistered(reason)))
            default:
                break
            }
        } catch {
            logger.error("notification does not decode", metadata: ["error": "\(error)"])
        }
        publish(message)
        return io
    }

    func apply(_ status: OnHMIStatus) -> [SessionIO] {
        guard status.isMainWindow else {
            logger.debug("ignoring OnHMIStatus of window \(status.windowID ?? 0)")
            return []
        }
        // The request is queued before the status is published, so it goes out before anything an observer of
        // the new level sends (a video StartService, say): the order SDL Core's traces show.
        if status.hmiLevel != .none, capabilityFetch == .notStarted, jobs != nil,
            let correlationID = try? beginRequest(videoCapabilityRequest)
        {
            capabilityFetch = .inFlight
            jobs?.yield(.awaitVideoCapability(correlationID: correlationID))
        }
        hmiStatuses.send(HMIStatus(status))
        considerRPCUpgrade()
        return considerSecondary()
    }

    // MARK: Capabilities

    /// Asks the head unit for its video streaming capability and subscribes to its updates.
    ///
    /// The session does this by itself once the HMI level first leaves NONE; call it to refresh. A newer value from
    /// OnSystemCapabilityUpdated is never replaced by an answer (Core keeps answering with its start-up value).
    ///
    /// - Returns: the capability now known.
    /// - Throws: ``SDLSessionError`` `.notAllowedInHMILevel` in HMI level NONE (or before any OnHMIStatus), or the
    ///   request's errors.
    @discardableResult
    public func fetchVideoStreamingCapability() async throws -> VideoStreamingCapability? {
        let level = hmiStatuses.current?.hmiLevel ?? .none
        guard level != .none else {
            throw SDLSessionError(.notAllowedInHMILevel(function: GetSystemCapability.functionID, level: level))
        }
        let response = try await send(videoCapabilityRequest)
        return checkCapabilityResponse(response)
    }

    var videoCapabilityRequest: GetSystemCapability {
        GetSystemCapability(systemCapabilityType: .videoStreaming, subscribe: true)
    }

    func applyCapabilityAnswer(_ payload: RPCPayload) {
        guard let response = try? RPCCoder().decode(GetSystemCapabilityResponse.self, from: payload.json),
            response.success, let video = response.systemCapability?.videoStreamingCapability
        else { return }
        if capability.applyResponse(video), let current = capability.current {
            videoCapabilities.send(current)
        }
    }

    func checkCapabilityResponse(_ response: GetSystemCapabilityResponse) -> VideoStreamingCapability? {
        if !response.success {
            logger.error("GetSystemCapability refused", metadata: ["result": "\(response.resultCode)"])
        }
        return capability.current
    }

    /// The automatic fetch once the HMI level first leaves NONE: its request is already queued.
    func awaitVideoCapability(correlationID: UInt32) async {
        do {
            let response = try await finishRequest(GetSystemCapability.self, correlationID: correlationID, timeout: nil)
            _ = checkCapabilityResponse(response)
            capabilityFetch = .done
        } catch {
            logger.error("video capability fetch failed", metadata: ["error": "\(error)"])
            capabilityFetch = .notStarted
        }
    }
}
