import NIOCore
import SDLSecurity
import SDLWire

/// Where the TLS handshake of one connection stands, as the actor that runs the engine sees it.
enum HandshakeProgress {
    /// No engine, or the last handshake failed: a protected start begins a new one.
    case none
    /// An engine is handshaking: a protected start waits for it.
    case running
    /// The TLS session is up: a protected start is answered at once.
    case complete
}

/// Protected services, Core's decisions about the handshake: which starts wait for it, the deliberate faults
/// (``HeadUnitSecurity/fault``), which handshake message is held back, and what Core checks in the app's certificate.
/// The TLS engine and the handshake's state machine stay with the connection in ``HeadUnitEmulator``, which feeds
/// their output through these functions and executes what they return.
extension AppSession {
    /// A protected StartService the session handed to the actor (``SessionAction/protectStart(_:)``): answered at
    /// once when TLS is up, else kept until the handshake ends; `.beginHandshake` when none runs.
    mutating func protectStart(_ message: SDLMessage, handshake: HandshakeProgress) -> [SessionAction] {
        if handshake == .complete { return startAfterProtection(message) }
        awaitingProtection.append(message)
        return handshake == .running ? [] : [.beginHandshake]
    }

    /// The engine Core runs: with ``CoreQuirks/negotiatesTLS13DespiteConfiguredMaximum`` the one without the
    /// configured maximum version, when there is one.
    func handshakeFactory(_ security: HeadUnitSecurity) -> any SecurityManagerFactory {
        quirks.negotiatesTLS13DespiteConfiguredMaximum
            ? security.factoryIgnoringMaximumVersion ?? security.factory : security.factory
    }

    /// A new handshake starts with the engine's first `actions`: they are returned with the configured fault applied.
    mutating func handshakeStarted(_ actions: [HandshakeAction]) -> [HandshakeAction] {
        handshakeStalled = false
        heldHandshakeMessages = []
        heldMessageLosesRace = false
        ackRecordWhileHolding = nil
        switch configuration.security?.fault {
        case .garbage:
            // The ClientHello's place is taken by bytes no TLS engine accepts.
            return actions.map { action in
                guard case .send(var query) = action else { return action }
                query.binary = Array("this is not a TLS record".utf8)
                return .send(query)
            }
        case .stall:
            handshakeStalled = true
            return actions
        case .dropFinalMessage, nil:
            return actions
        }
    }

    /// Whether a security query from the app goes to the handshake. A stalled head unit answers no handshake data;
    /// the app's internal error still ends the handshake.
    func acceptsSecurityQuery(_ payload: ByteBuffer) -> Bool {
        guard handshakeStalled else { return true }
        guard let query = try? SecurityQuery(decoding: payload) else { return false }
        return query.queryID == .sendInternalError
    }

    /// What SDL Core checks in the app's certificate after its TLS engine accepted the chain: the subject
    /// `serialNumber` names the app, and the certificate is already valid by Core's clock (an hour behind). `nil`
    /// when both hold, the quirks are off, or the engine cannot describe the certificate.
    ///
    /// - Parameter unixTime: the head unit's wall-clock time, in seconds since 1970.
    func certificateRefusal(peer: CertificateSummary?, chain: [CertificateSummary], unixTime: Int64)
        -> (error: SecurityError, text: String)?
    {
        guard let peer else { return nil }
        let appID = registration?.policyAppID ?? ""
        if quirks.certificateMustNameApp, peer.subjectSerialNumber != appID {
            let text = "App ID does not match certificate"
            let found = peer.subjectSerialNumber.map { "\"\($0)\"" } ?? "no serialNumber"
            let why = "\(text): the subject has \(found), the app's policy id is \"\(appID)\""
            return (SecurityError(.invalidCertificate, context: why), text)
        }
        if let behind = quirks.clockBehindHMI {
            // Core verifies the whole chain at its own time: a CA made a minute ago fails as its leaf would.
            let coreNow = unixTime - behind.components.seconds
            if let young = (chain.isEmpty ? [peer] : chain).first(where: { $0.notBefore > coreNow }) {
                let text = "Certificate is not yet valid"
                let name = young.commonName.map { "\"\($0)\"" } ?? "a certificate"
                let why = "\(text): \(name) starts \(young.notBefore - coreNow) s after Core's clock (\(behind) behind)"
                return (SecurityError(.invalidCertificate, context: why), text)
            }
        }
        return nil
    }

    /// One step of the handshake's output, as Core carries it out. `holdingLastMessage`: the handshake completes in
    /// this batch and ``CoreQuirks/protectedACKBeforeFinalHandshakeMessage`` holds its last message back.
    mutating func handshakeStep(_ action: HandshakeAction, holdingLastMessage: Bool) -> [SessionAction] {
        switch action {
        case .send(let query) where holdingLastMessage:
            // TLS 1.3: the client's Finished. Core answers the protected starts first (the ACK goes out before
            // it); TLS 1.2 ends with the app's Finished, so nothing is held there.
            heldHandshakeMessages.append(query.buffer)
            return []
        case .send(let query):
            return [.send(securityFrame(query.buffer))]
        case .completed:
            let waiting = awaitingProtection
            awaitingProtection = []
            // Each start is answered when its turn comes, so a held message can go out between two ACKs.
            return [.emit(.handshakeCompleted(app))] + waiting.map { .protectStart($0) }
        case .failed(let error):
            // PS §7.3: the TLS session is gone with every service it protected; a new protected start begins a
            // new handshake.
            protectedServices.removeAll()
            return [.stopTLS] + protectionUnavailable(reason: "TLS handshake failed: \(error)")
        case .rejected(let error):
            return [.emit(.error(HeadUnitError(.protocolViolation("security query refused: \(error)"), app: app)))]
        case .runHandshake:
            return []
        }
    }

    /// No TLS session can protect the waiting starts: each gets its NAK.
    mutating func protectionUnavailable(reason: String) -> [SessionAction] {
        let waiting = awaitingProtection
        awaitingProtection = []
        return protectionFailed(waiting, reason: reason)
    }

    /// The held last handshake message, once no protected start waits for its ACK (or NAK) any more; never with
    /// ``HeadUnitSecurity/HandshakeFault/dropFinalMessage``.
    mutating func releaseHeldHandshake() -> [SessionAction] {
        guard !heldHandshakeMessages.isEmpty, startingProtected.isEmpty, awaitingProtection.isEmpty else { return [] }
        let held = heldHandshakeMessages.map { overwrittenByACK($0) }
        heldHandshakeMessages = []
        heldMessageLosesRace = false
        ackRecordWhileHolding = nil
        if configuration.security?.fault == .dropFinalMessage { return [] }
        return held.map { .send(securityFrame($0)) }
    }

    /// A protected ACK went out encrypted (`record`, its payload) while a handshake message was held: Core's
    /// encryption wrote it into the buffer that message is still in.
    mutating func encryptedACKSent(record: ByteBuffer) {
        guard !heldHandshakeMessages.isEmpty else { return }
        ackRecordWhileHolding = Array(record.readableBytesView)
    }

    /// The held security query as Core sends it when the ACK's encryption won the race: the TLS bytes keep their
    /// length (Core sends as many bytes as its handshake step produced), but the buffer they are read from now starts
    /// with the ACK's record; bytes past the record's end are still the handshake message's.
    /// (`SSLContextImpl::Encrypt` and `ReadHandshakeData` share `buffer_`, docs/security.md.)
    func overwrittenByACK(_ message: ByteBuffer) -> ByteBuffer {
        guard heldMessageLosesRace, let record = ackRecordWhileHolding,
            var query = try? SecurityQuery(decoding: message), !query.binary.isEmpty
        else { return message }
        let overlap = min(record.count, query.binary.count)
        query.binary.replaceSubrange(0..<overlap, with: record[0..<overlap])
        return query.buffer
    }
}
