import Logging
import NIOCore
import SDLRPC
import SDLSecurity
import SDLWire

/// Protected services: the TLS handshake SDL carries on the control service, protected starts with their fallback,
/// and the per-frame encryption and decryption (PS §7; docs/security.md).
///
/// ```
///  app                                   head unit (TLS client)
///  StartService(video, E=1)  ───────►
///                            ◄───────  security query Request  (ClientHello)         control service, Single, E=0
///  security query Response   ───────►  (ServerHello ...)                            answered by HandshakeStateMachine
///                            ◄───────  ... Finished
///                            ◄───────  StartServiceACK(video, E=1)    or a NAK / SendInternalError on failure
///  video frames, E=1, one TLS record each (First frames clear)
/// ```
extension SDLSession {
    // MARK: Starting protected

    /// A protected start with the configured fallback.
    func startProtected(_ service: ServiceType, payload: ByteBuffer) async throws -> StartedService {
        guard let security = configuration.security else {
            throw SDLSessionError(
                .invalidState("a protected \(service) service needs AppConfiguration.security"))
        }
        let failure: SDLSessionError
        do {
            try prepareProtection(security)
            let started = try await sendStartService(service, payload: payload, encrypted: true)
            if started.isEncrypted, !protection.isComplete {
                // Held ACKs are released only once the handshake completed; this one came without any handshake.
                // The head unit runs the service all the same, so it is ended below.
                protection.acknowledgedBeforeFailure.insert(service)
                throw SDLSessionError(
                    .security(SecurityError(.notProtected, context: "StartServiceACK with E = 1 before the handshake")),
                    context: "\(service)")
            }
            if started.isEncrypted {
                protection.services.insert(service)
                logger.debug("protected service started", metadata: ["service": "\(service)"])
                return started
            }
            // The ACK's E bit decides (sdl_ios trusts it too): the head unit runs the service in the clear.
            let unprotected = SDLSessionError(
                .security(SecurityError(.notProtected, context: "StartServiceACK without the encryption bit")),
                context: "\(service)"
            )
            if security.failurePolicy == .fallBackToUnprotected {
                logger.error("service runs unprotected", metadata: ["error": "\(unprotected)"])
                var fallback = started
                fallback.protectionError = unprotected
                protection.fallbacks[service] = unprotected
                return fallback
            }
            logger.error("protected service refused", metadata: ["error": "\(unprotected)"])
            try? await endService(service, payload: ByteBuffer(), timeout: configuration.timeouts.service)
            throw unprotected
        } catch let error as SDLSessionError {
            if case .timeout = error.kind, let stalled = handshakeStalledAfterACK(service) {
                failure = stalled
            } else {
                failure = explainProtectionFailure(error, service: service)
            }
        }
        if protection.acknowledgedBeforeFailure.remove(service) != nil {
            // The head unit runs the service and expects records the app cannot make: end it before anything else.
            try? await endService(service, payload: ByteBuffer(), timeout: configuration.timeouts.service)
        }
        guard security.failurePolicy == .fallBackToUnprotected, Self.allowsFallback(failure) else {
            logger.error("protected service refused", metadata: ["error": "\(failure)"])
            throw failure
        }
        logger.error(
            "protection failed, starting unprotected", metadata: ["service": "\(service)", "error": "\(failure)"])
        var started: StartedService
        do {
            started = try await sendStartService(service, payload: payload, encrypted: false)
        } catch let clear as SDLSessionError {
            // A refusal that names no parameter is final (SDL Core's forced protection): neither way works, and the
            // reason protection failed is the one that matters.
            guard case .serviceRejected(_, let nak) = clear.kind, nak.rejectedParams?.isEmpty ?? true else {
                throw clear
            }
            let context = [failure.context, "then the unprotected start was refused too: \(nak.reason ?? "no reason")"]
            throw SDLSessionError(failure.kind, context: context.compactMap { $0 }.joined(separator: "; "))
        }
        started.protectionError = failure
        protection.fallbacks[service] = failure
        return started
    }

    /// Creates this connection's TLS engine and starts waiting for the head unit's handshake, unless one is
    /// already running or complete (one handshake per connection, PS §7).
    func prepareProtection(_ security: AppConfiguration.Security) throws(SDLSessionError) {
        if protection.isUsable { return }
        protection.reset(keepingUpgrade: true)
        let make = protocolMachine.parameters?.vehicle.make ?? registration?.vehicleType?.make
        guard security.factory.serves(vehicleMake: make) else {
            throw SDLSessionError(
                .security(SecurityError(.configuration("no security manager for vehicle make \(make ?? "-")"))))
        }
        let appID = configuration.fullAppID ?? configuration.appID
        if let mismatch = Self.certificateMismatch(security.factory.presentedCertificate, appID: appID) {
            logger.warning(
                "the certificate does not name the app; SDL Core will refuse it", metadata: ["why": "\(mismatch)"])
        }
        do {
            protection.manager = try security.factory.makeManager(
                role: .app, appID: appID, vehicleMake: make)
        } catch {
            throw SDLSessionError(.security(error))
        }
        var machine = HandshakeStateMachine<SessionClock.Instant>(role: .app, timeout: security.handshakeTimeout)
        _ = machine.start(now: clock.now)
        protection.handshake = machine
        armHandshakeTimer()
    }

    /// A NAK or timeout that followed a failed handshake is reported as the handshake's error, with the NAK's reason.
    /// When the head unit refused the certificate and the certificate does not name the app, the context says so.
    func explainProtectionFailure(_ error: SDLSessionError, service: ServiceType) -> SDLSessionError {
        guard let handshakeError = protection.failure else { return error }
        var hint = ""
        if handshakeError.code == .invalidCertificate, let security = configuration.security,
            let mismatch = Self.certificateMismatch(
                security.factory.presentedCertificate, appID: configuration.fullAppID ?? configuration.appID)
        {
            hint = "; \(mismatch)"
        }
        switch error.kind {
        case .serviceRejected(_, let nak):
            return SDLSessionError(
                .security(handshakeError), context: "\(service) NAK: \(nak.reason ?? "no reason")\(hint)")
        case .timeout:
            return SDLSessionError(
                .security(handshakeError), context: "\(service): no answer after the handshake\(hint)")
        case .security(let security) where security == handshakeError:
            return hint.isEmpty ? error : SDLSessionError(error.kind, context: (error.context ?? "\(service)") + hint)
        default:
            return error
        }
    }

    /// Why SDL Core would refuse `certificate` for `appID`: its subject `serialNumber` must be the app's policy id.
    /// `nil` when it matches or the certificate is unknown.
    static func certificateMismatch(_ certificate: CertificateSummary?, appID: String) -> String? {
        guard let certificate, certificate.subjectSerialNumber != appID else { return nil }
        let found = certificate.subjectSerialNumber.map { "\"\($0)\"" } ?? "no serialNumber"
        return "the certificate's subject serialNumber must be the app id \"\(appID)\"; it has \(found)"
    }

    /// Falls back only when the head unit is still there: not after the connection or the session went away.
    static func allowsFallback(_ error: SDLSessionError) -> Bool {
        switch error.kind {
        case .security, .serviceRejected, .timeout: true
        default: false
        }
    }

    // MARK: The handshake

    func receiveSecurityQuery(_ payload: ByteBuffer) {
        guard var machine = protection.handshake, let manager = protection.manager else {
            // No protected start asked for a handshake: answer as the spec's table says and go on.
            logger.error("security query without a protected service")
            var refusal = HandshakeStateMachine<SessionClock.Instant>(role: .app, timeout: .seconds(1))
            execute(refusal.receive(payload, now: clock.now))
            return
        }
        let actions: [HandshakeAction]
        if let overwritten = overwrittenByHeldACK(payload) {
            // Fed to the engine, these bytes would only make it wait for the rest of a record that never comes.
            logger.error("the head unit's last handshake message is its encrypted StartServiceACK")
            actions = machine.fail(SecurityError(.handshakeFailed, context: overwritten))
        } else {
            actions = machine.receive(payload, now: clock.now, using: manager)
        }
        protection.handshake = machine
        execute(actions)
        armHandshakeTimer()
    }

    /// SDL Core's TLS 1.3 race (docs/security.md): Core encrypts the protocol-5 StartServiceACK into the buffer
    /// that still holds its last handshake message and sends that buffer afterwards, so the "handshake data" is the
    /// start of the ACK's record, which came first and is held here. The reason, or `nil` for any other message.
    /// Compares at least a record header and 16 bytes of ciphertext, so a genuine message cannot match by chance.
    func overwrittenByHeldACK(_ payload: ByteBuffer) -> String? {
        guard let query = try? SecurityQuery(decoding: payload), query.queryID == .sendHandshakeData else {
            return nil
        }
        for frame in protection.held
        where frame.header.frameType == .control && frame.header.controlFrameInfo == .startServiceACK {
            let record = Array(frame.payload.readableBytesView)
            let overlap = min(record.count, query.binary.count)
            guard overlap >= 21, query.binary.prefix(overlap).elementsEqual(record.prefix(overlap)) else { continue }
            return "the head unit's last handshake message is the first \(query.binary.count) bytes of its encrypted "
                + "StartServiceACK (\(frame.header.serviceType)), not its Finished: SDL Core's TLS 1.3 race, so "
                + "this handshake cannot complete. Cap TLS at 1.2 (OpenSSLSecurityConfiguration.maximumVersion = "
                + ".tls1_2; carwindow stream --tls-max 1.2)"
        }
        return nil
    }

    /// A protected start timed out although its StartServiceACK came: the ACK waits for a handshake the head unit
    /// did not finish. That is the handshake's failure, not a missing answer; failing it lets
    /// ``startProtected(_:payload:)`` end the service the head unit thinks is running.
    func handshakeStalledAfterACK(_ service: ServiceType) -> SDLSessionError? {
        let isACK = { (frame: SDLFrame) in
            frame.header.frameType == .control && frame.header.controlFrameInfo == .startServiceACK
                && frame.header.serviceType == service
        }
        guard protection.failure == nil, protection.held.contains(where: isACK), var machine = protection.handshake
        else { return nil }
        protection.held.removeAll(where: isACK)
        protection.acknowledgedBeforeFailure.insert(service)
        let error = SecurityError(
            .handshakeFailed,
            context: "the head unit acknowledged \(service) with E = 1 but did not finish the TLS handshake within "
                + "\(configuration.timeouts.service)")
        let actions = machine.fail(error)
        protection.handshake = machine
        execute(actions)
        armHandshakeTimer()
        return SDLSessionError(.security(error), context: "\(service)")
    }

    func execute(_ actions: [HandshakeAction]) {
        for action in actions {
            switch action {
            case .send(let query):
                guard let frame = protocolMachine.securityFrame(query.buffer) else { continue }
                enqueue([frame])
            case .completed:
                logger.debug("TLS handshake complete")
            case .failed(let error):
                // PS §7.3: the TLS session and every service it protected are gone. Waiting starts fail when the
                // head unit's NAK (or the service timeout) arrives, with this error as the reason.
                logger.error("TLS handshake failed", metadata: ["error": "\(error)"])
                protection.timer?.cancel()
                protection.failure = error
                protection.manager?.stop()
                protection.services.removeAll()
                failHeldFrames(error)
                if protection.rpcStatus == .protected {
                    setRPCProtection(.failed(SDLSessionError(.security(error), context: "rpc: TLS session lost")))
                }
            case .rejected(let error):
                logger.warning("security query refused", metadata: ["error": "\(error)"])
            case .runHandshake:
                break  // already run by receive(_:now:using:)
            }
        }
    }

    /// (Re)arms the one handshake timer for the machine's current deadline.
    func armHandshakeTimer() {
        protection.timer?.cancel()
        protection.timer = nil
        guard let deadline = protection.handshake?.deadline else { return }
        let clock = self.clock
        protection.timer = Task {
            do {
                try await clock.sleep(until: deadline, tolerance: nil)
            } catch {
                return
            }
            self.handshakeDeadlineReached()
        }
    }

    func handshakeDeadlineReached() {
        guard var machine = protection.handshake else { return }
        let actions = machine.deadlineReached(now: clock.now)
        protection.handshake = machine
        execute(actions)
    }

    // MARK: Frames

    /// The frames of one outgoing data message; encrypted when the service is protected (or `encrypt` says so).
    func outgoingFrames(service: ServiceType, payload: ByteBuffer, encrypt: Bool? = nil) throws(SDLSessionError)
        -> [SDLFrame]
    {
        // Video frames are kept small so audio and RPC frames, which go first (PS §5), can get in between.
        let cap =
            service == .video
            ? max(AppConfiguration.minimumVideoFramePayload, configuration.maximumVideoFramePayload) : Int.max
        let protect = encrypt ?? protection.services.contains(service)
        guard protect, let manager = protection.manager, let parameters = protocolMachine.parameters else {
            return protocolMachine.dataFrames(service: service, payload: payload, maximumFramePayload: cap)
        }
        let chunk = EncryptedChunkLimit.plaintextChunkSize(
            for: service, maximumFramePayload: parameters.mtu.maximumSendPayload(for: service))
        var frames = protocolMachine.dataFrames(
            service: service, payload: payload, plaintextChunk: chunk, maximumFramePayload: cap)
        for index in frames.indices where frames[index].header.isEncrypted {
            do {
                let ciphertext = try manager.encrypt(frames[index].payload)
                frames[index] = SDLFrame(header: frames[index].header, payload: ciphertext)
            } catch {
                throw SDLSessionError(.security(error), context: "encrypting \(service)")
            }
        }
        return frames
    }

    /// Decrypts an encrypted frame: Single and Consecutive frames, and control frames whose payload is a TLS record
    /// (SDL Core encrypts the payload of a protected StartServiceACK on protocol 5). First frames stay clear, and so
    /// does a control frame with the E bit whose payload is BSON, as the spec has it. `nil` drops a frame that does
    /// not decrypt.
    func decryptIfNeeded(_ frame: SDLFrame) -> SDLFrame? {
        let header = frame.header
        guard header.isEncrypted, header.frameType != .first else { return frame }
        if header.frameType == .control, !Self.isTLSRecords(frame.payload) { return frame }
        guard let manager = protection.manager, protection.failure == nil else {
            logger.error("encrypted frame without a TLS session", metadata: ["header": "\(header)"])
            return nil
        }
        do {
            return SDLFrame(header: header, payload: try manager.decrypt(frame.payload))
        } catch {
            logger.error("frame does not decrypt", metadata: ["header": "\(header)", "error": "\(error)"])
            return nil
        }
    }

    /// Whether a payload is made of whole TLS application-data records: content type 23, version 3.x, and lengths
    /// that account for every byte (SDL Core sends one). A BSON document cannot be mistaken for one: read as BSON,
    /// a record header gives a document length of at least 197,399, never the payload's own size.
    static func isTLSRecords(_ payload: ByteBuffer) -> Bool {
        var offset = payload.readerIndex
        let end = payload.writerIndex
        guard payload.readableBytes > 5 else { return false }
        // Bounded: every pass moves past at least one 5-byte header.
        while offset < end {
            guard end - offset > 5, payload.getInteger(at: offset, as: UInt8.self) == 0x17,
                payload.getInteger(at: offset + 1, as: UInt8.self) == 0x03,
                let length = payload.getInteger(at: offset + 3, as: UInt16.self)
            else { return false }
            offset += 5 + Int(length)
        }
        return offset == end
    }

    /// Keeps an encrypted frame that arrived while this connection's handshake is still running; `true` if kept
    /// (or dropped because too many wait). It is handled once the handshake completes. A protected ACK that comes
    /// after the handshake failed fails its start at once, like a held one.
    func holdUntilHandshakeCompletes(_ frame: SDLFrame) -> Bool {
        guard frame.header.isEncrypted, frame.header.frameType != .first, protection.manager != nil else {
            return false
        }
        if let failure = protection.failure, frame.header.controlFrameInfo == .startServiceACK {
            failAcknowledgedStart(frame.header.serviceType, failure)
            return true
        }
        guard protection.failure == nil, !protection.isComplete else { return false }
        guard protection.held.count < ProtectionState.maximumHeldFrames else {
            logger.error(
                "too many encrypted frames before the TLS handshake completed; dropped",
                metadata: ["header": "\(frame.header)"])
            return true
        }
        logger.debug("encrypted frame held until the TLS handshake completes", metadata: ["header": "\(frame.header)"])
        protection.held.append(frame)
        return true
    }

    /// Decides the held frames, in order, once the handshake has completed.
    func releaseHeldFrames() -> [SessionIO] {
        guard protection.isComplete, !protection.held.isEmpty else { return [] }
        let held = protection.held
        protection.held = []
        return held.flatMap { decide($0) }
    }

    /// The handshake failed (or timed out) while encrypted frames waited for it: the protected starts they answer
    /// fail with its error. The wait is bounded by the handshake's own deadline.
    func failHeldFrames(_ error: SecurityError) {
        let held = protection.held
        protection.held = []
        for frame in held {
            guard frame.header.frameType == .control, frame.header.controlFrameInfo == .startServiceACK else {
                logger.error(
                    "encrypted frame dropped: the TLS handshake failed", metadata: ["header": "\(frame.header)"])
                continue
            }
            failAcknowledgedStart(frame.header.serviceType, error)
        }
    }

    /// The head unit acknowledged a protected start, but this side's handshake failed: the start fails with the
    /// handshake's error, and ``startProtected(_:payload:)`` ends the service the head unit thinks is running.
    private func failAcknowledgedStart(_ service: ServiceType, _ error: SecurityError) {
        protection.acknowledgedBeforeFailure.insert(service)
        let failure = SDLSessionError(
            .security(error), context: "\(service): acknowledged with E = 1, but the TLS handshake failed")
        if !controls.resolve(.start(service), .failure(failure)) {
            logger.error("protected StartServiceACK nobody asked for", metadata: ["service": "\(service)"])
        }
    }

    // MARK: RPC protection

    /// Whether an RPC goes out encrypted: the RPC service is protected and the RPC requires encryption
    /// (``rpcRequiresEncryption(_:in:)``).
    func rpcRequiresEncryption(_ function: FunctionID) -> Bool {
        guard protection.services.contains(.rpc), let permissions = permissionChanges.current else { return false }
        return Self.rpcRequiresEncryption(function, in: permissions)
    }

    /// Whether `permissions` make `function` require encryption, as SDL Core decides (SDL-0207): its permission item
    /// says `requireEncryption: true` and the app-level `requireEncryption` is not `false`. An item without the flag
    /// never requires it, whatever the app-level flag says (Core's function-group flag defaults to false; sdl_ios's
    /// `rpcRequiresEncryption:` reads only the item).
    static func rpcRequiresEncryption(_ function: FunctionID, in permissions: OnPermissionsChange) -> Bool {
        guard permissions.requireEncryption != false, let name = function.name else { return false }
        return permissions.permissionItem.contains { $0.rpcName == name && $0.requireEncryption == true }
    }

    /// Whether `permissions` ask the app to protect its RPC service: some RPC requires encryption (sdl_ios's
    /// `sdl_appRequiresEncryption`: the app-level flag, absent meaning true, and at least one item).
    static func asksForRPCProtection(_ permissions: OnPermissionsChange) -> Bool {
        permissions.requireEncryption != false && permissions.permissionItem.contains { $0.requireEncryption == true }
    }

    func setRPCProtection(_ status: RPCProtectionStatus) {
        guard protection.rpcStatus != status else { return }
        protection.rpcStatus = status
        rpcProtectionStatuses.send(status)
    }

    /// Starts the RPC upgrade once OnPermissionsChange asks for encryption and the HMI level is not NONE.
    func considerRPCUpgrade() {
        guard protection.rpcStatus == .unprotected, let permissions = permissionChanges.current,
            Self.asksForRPCProtection(permissions), let level = hmiStatuses.current?.hmiLevel, level != .none,
            jobs != nil
        else { return }
        guard configuration.security != nil else {
            if !protection.reportedMissingSecurity {
                protection.reportedMissingSecurity = true
                logger.error("the head unit requires encrypted RPCs, but AppConfiguration.security is not set")
            }
            return
        }
        setRPCProtection(.upgrading)
        jobs?.yield(.upgradeRPCProtection)
    }

    /// The RPC service started unprotected; StartService(rpc, E = 1) upgrades it (PS §4.2.5).
    func upgradeRPCProtection() async {
        guard let security = configuration.security else { return }
        do {
            try prepareProtection(security)
            let started = try await sendStartService(.rpc, payload: ByteBuffer(), encrypted: true)
            if started.isEncrypted {
                protection.services.insert(.rpc)
                setRPCProtection(.protected)
                logger.debug("RPC service protected")
            } else {
                let error = SDLSessionError(
                    .security(SecurityError(.notProtected, context: "StartServiceACK without the encryption bit")),
                    context: "rpc")
                setRPCProtection(.failed(error))
                logger.error("RPC upgrade acknowledged without the encryption bit")
            }
        } catch {
            let failure = explainProtectionFailure(Self.sessionError(error), service: .rpc)
            setRPCProtection(.failed(failure))
            logger.error("RPC service upgrade failed", metadata: ["error": "\(failure)"])
        }
    }
}
