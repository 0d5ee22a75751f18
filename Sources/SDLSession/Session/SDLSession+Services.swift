import Logging
public import NIOCore
import SDLSecurity
public import SDLWire

/// Video and audio services for the streaming layer.
extension SDLSession {
    /// Starts the video service with the size and format the app would like (PS §3.1.3.3).
    ///
    /// ```swift
    /// let started = try await session.startVideoService(
    ///     VideoStartService(height: 480, width: 800, videoProtocol: "RAW", videoCodec: "H264"))
    /// started.ack.width   // the accepted width
    /// ```
    ///
    /// - Throws: ``SDLSessionError`` `.serviceRejected(.video, nak)` with the NAK's `rejectedParams` and `reason`,
    ///   `.timeout`, `.connectionClosed`.
    public func startVideoService(_ parameters: VideoStartService, encrypted: Bool = false) async throws
        -> StartedService
    {
        try await startService(.video, payload: parameters.buffer, encrypted: encrypted)
    }

    /// Starts the audio (PCM) service; its StartService carries no parameters.
    public func startAudioService(encrypted: Bool = false) async throws -> StartedService {
        try await startService(.audio, payload: ByteBuffer(), encrypted: encrypted)
    }

    /// Starts a service with a raw control payload (BSON or empty) and waits for its ACK or NAK.
    ///
    /// With `encrypted`, the StartService carries the E bit and the session answers the head unit's TLS handshake
    /// (``AppConfiguration/security`` must be set). The ACK's E bit decides: when protection fails (a NAK, a
    /// handshake error, an ACK without the bit) the configured `SDLSecurity/ProtectionFailurePolicy` either throws
    /// `.security` / `.serviceRejected`, or starts the service unprotected and reports why in
    /// ``StartedService/protectionError`` (and ``unprotectedReason(for:)``). When that unprotected start is refused
    /// too (a head unit that forces protection), it throws the protection error, its context naming both refusals.
    ///
    /// - Parameters:
    ///   - service: `.video`, `.audio` (the RPC service is started by ``start()``).
    ///   - payload: the StartService payload.
    ///   - encrypted: asks for a protected service (the E bit).
    public func startService(
        _ service: ServiceType,
        payload: ByteBuffer,
        encrypted: Bool = false
    ) async throws -> StartedService {
        try checkServicesOpen()
        guard service != .rpc, service != .control else {
            throw SDLSessionError(.invalidState("the \(service) service is not started with startService"))
        }
        protection.fallbacks[service] = nil
        if encrypted { return try await startProtected(service, payload: payload) }
        return try await sendStartService(service, payload: payload, encrypted: false)
    }

    /// Sends one StartService and waits for its answer.
    func sendStartService(_ service: ServiceType, payload: ByteBuffer, encrypted: Bool) async throws
        -> StartedService
    {
        guard controls.register(.start(service)) else {
            throw SDLSessionError(.invalidState("a StartService for \(service) is already waiting"))
        }
        guard var frame = protocolMachine.control(.startService, service: service, payload: payload) else {
            controls.remove(.start(service))
            throw closingError ?? SDLSessionError(.connectionClosed)
        }
        frame.header.isEncrypted = encrypted
        // Protected streams stay on the primary: its TLS session is the one the handshake ran on.
        let transport = encrypted || service == .rpc ? TransportSlot.primary : preferredTransport(for: service)
        services.place(service, on: transport)
        do {
            try await send([frame], on: transport)
        } catch {
            controls.remove(.start(service))
            services.unplace(service)
            throw error
        }
        let reply = try await awaitControl(
            .start(service), timeout: configuration.timeouts.service, what: "StartServiceACK (\(service))"
        )
        guard case .serviceStarted(var started) = reply else {
            throw SDLSessionError(.invalidState("unexpected reply to StartService \(service)"))
        }
        if !encrypted, started.isEncrypted {
            // The E bit on an answer to a StartService in the clear protects nothing: no handshake ran, and the
            // service's frames go out unencrypted. What the app reports must be what it sends.
            logger.warning(
                "StartServiceACK with the encryption bit for a service started in the clear: it runs unencrypted",
                metadata: ["service": "\(service)"])
            started.isEncrypted = false
        }
        return started
    }

    /// Why `service`, started with protection and `SDLSecurity/ProtectionFailurePolicy/fallBackToUnprotected`,
    /// runs in the clear: the error of its protected start. `nil` when it is protected, was not asked to be, or is not
    /// running.
    ///
    /// ```swift
    /// if let why = await session.unprotectedReason(for: .video) { print("video in the clear: \(why)") }
    /// ```
    public func unprotectedReason(for service: ServiceType) -> SDLSessionError? {
        services.isRunning(service) ? protection.fallbacks[service] : nil
    }

    /// Ends a service and waits for EndServiceACK.
    ///
    /// - Throws: ``SDLSessionError`` `.endServiceRejected` on EndServiceNAK, `.timeout`, `.connectionClosed`.
    public func endService(_ service: ServiceType) async throws {
        try checkServicesOpen()
        try await endService(service, payload: ByteBuffer(), timeout: configuration.timeouts.service)
    }

    func endService(_ service: ServiceType, payload: ByteBuffer, timeout: Duration) async throws {
        guard controls.register(.end(service)) else {
            throw SDLSessionError(.invalidState("an EndService for \(service) is already waiting"))
        }
        guard let frame = protocolMachine.control(.endService, service: service, payload: payload) else {
            controls.remove(.end(service))
            throw closingError ?? SDLSessionError(.connectionClosed)
        }
        do {
            try await send([frame], on: services.transport(of: service))
        } catch {
            controls.remove(.end(service))
            throw error
        }
        endServicesUnanswered.insert(service)
        _ = try await awaitControl(.end(service), timeout: timeout, what: "EndServiceACK (\(service))")
    }

    /// Sends one data message (an access unit, an RTP packet, a PCM chunk) on a started service, split into frames of
    /// that service's MTU (video: at most ``AppConfiguration/maximumVideoFramePayload``). Returns once the transport
    /// took every frame, so a producer is paced by the link. Frames of lower services (RPC, audio) queued meanwhile
    /// go out between this message's frames.
    ///
    /// - Throws: ``SDLSessionError`` `.invalidState` when the service is not started (or the head unit ended it),
    ///   `.connectionClosed` (or the session's failure) when it cannot be sent.
    public func sendData(_ payload: ByteBuffer, on service: ServiceType) async throws {
        try checkServicesOpen()
        guard services.isRunning(service) else {
            throw SDLSessionError(.invalidState("the \(service) service is not started"))
        }
        let frames = try outgoingFrames(service: service, payload: payload)
        guard !frames.isEmpty else { throw closingError ?? SDLSessionError(.connectionClosed) }
        if services.transport(of: service) == .secondary {
            try await send(frames, on: .secondary)
        } else {
            try await enqueueAndWait(frames)
        }
    }

    func checkServicesOpen() throws(SDLSessionError) {
        if let closingError { throw closingError }
        guard case .ready = lifecycle else {
            throw closingError ?? SDLSessionError(.invalidState("services need a registered session, not \(lifecycle)"))
        }
    }
}
