import Foundation
import NIOCore
import SDLSecurity
import SDLWire

/// Protected services, the actor's half: the head unit is the TLS client. It starts the handshake when an app asks
/// for a protected service, answers the waiting starts once it completes (StartServiceACK with E = 1) or fails
/// (StartServiceNAK, PS §7), and decrypts every encrypted frame before the session reassembles and records it, so
/// recordings hold the decrypted stream.
extension HeadUnitEmulator {
    func protectStart(_ message: SDLMessage, on connection: Connection) {
        if connection.tls != nil, connection.handshake?.isComplete == true {
            execute(connection.session.startAfterProtection(message), on: connection)
            return
        }
        connection.awaitingProtection.append(message)
        if connection.tls != nil, connection.handshake?.failure == nil { return }  // running: answered when done
        beginHandshake(on: connection)
    }

    private func beginHandshake(on connection: Connection) {
        guard let security = configuration.security else { return }
        connection.tls?.stop()
        connection.handshakeStalled = false
        connection.heldHandshakeMessages = []
        let factory =
            configuration.quirks.negotiatesTLS13DespiteConfiguredMaximum
            ? security.factoryIgnoringMaximumVersion ?? security.factory : security.factory
        let manager: any SecurityManager
        do {
            manager = try factory.makeManager(
                role: .headUnit, appID: connection.session.registration?.policyAppID ?? "",
                vehicleMake: configuration.vehicle.make)
        } catch {
            failWaiting(on: connection, reason: "no TLS engine: \(error)")
            return
        }
        connection.tls = manager
        var machine = HandshakeStateMachine<ContinuousClock.Instant>(
            role: .headUnit, timeout: security.handshakeTimeout)
        var actions = machine.start(now: .now, using: manager)
        connection.handshake = machine
        switch security.fault {
        case .garbage:
            // The ClientHello's place is taken by bytes no TLS engine accepts.
            actions = actions.map { action in
                guard case .send(var query) = action else { return action }
                query.binary = Array("this is not a TLS record".utf8)
                return .send(query)
            }
        case .stall:
            connection.handshakeStalled = true
        case .dropFinalMessage, nil:
            break
        }
        runHandshake(actions, on: connection)
    }

    func receiveSecurityQuery(_ payload: ByteBuffer, on connection: Connection) {
        guard var machine = connection.handshake, let manager = connection.tls else {
            emit(.error(HeadUnitError(.protocolViolation("security query without a handshake"), app: connection.app)))
            return
        }
        if connection.handshakeStalled {
            // Stopped mid-handshake: handshake data goes unanswered; the app's internal error still ends it.
            guard let query = try? SecurityQuery(decoding: payload), query.queryID == .sendInternalError else {
                return
            }
        }
        let actions = machine.receive(payload, now: .now, using: manager)
        connection.handshake = machine
        runHandshake(actions, on: connection)
    }

    func handshakeDeadlineReached(on connection: Connection) {
        guard var machine = connection.handshake else { return }
        let actions = machine.deadlineReached(now: .now)
        connection.handshake = machine
        runHandshake(actions, on: connection)
    }

    private func runHandshake(_ input: [HandshakeAction], on connection: Connection) {
        var actions = input
        let completes = actions.contains { if case .completed = $0 { true } else { false } }
        var holdLastMessage = completes && configuration.quirks.protectedACKBeforeFinalHandshakeMessage
        if completes, let refusal = certificateRefusal(on: connection), var machine = connection.handshake {
            // Core checks the certificate once its TLS engine is done, and then sends no last handshake message.
            actions = machine.fail(refusal.error, text: refusal.text)
            connection.handshake = machine
            holdLastMessage = false
        }
        for action in actions {
            switch action {
            case .send(let query) where holdLastMessage:
                // TLS 1.3: the client's Finished. Core answers the protected starts first (the ACK goes out before
                // it); TLS 1.2 ends with the app's Finished, so nothing is held there.
                connection.heldHandshakeMessages.append(query.buffer)
            case .send(let query):
                execute([.send(connection.session.securityFrame(query.buffer))], on: connection)
            case .completed:
                emit(.handshakeCompleted(connection.app))
                let waiting = connection.awaitingProtection
                connection.awaitingProtection = []
                for message in waiting {
                    execute(connection.session.startAfterProtection(message), on: connection)
                }
            case .failed(let error):
                // PS §7.3: the TLS session is gone with every service it protected; a new protected start
                // begins a new handshake.
                connection.tls?.stop()
                connection.session.protectedServices.removeAll()
                failWaiting(on: connection, reason: "TLS handshake failed: \(error)")
            case .rejected(let error):
                emit(.error(HeadUnitError(.protocolViolation("security query refused: \(error)"), app: connection.app)))
            case .runHandshake:
                break
            }
        }
        releaseHeldHandshake(on: connection)
        if let deadline = connection.handshake?.deadline {
            execute([.schedule(.handshake, after: max(.zero, deadline - .now))], on: connection)
        } else {
            execute([.cancel(.handshake)], on: connection)
        }
    }

    /// Sends the held last handshake message once no protected start waits for its ACK (or NAK) any more.
    func releaseHeldHandshake(on connection: Connection) {
        guard !connection.heldHandshakeMessages.isEmpty, connection.session.startingProtected.isEmpty,
            connection.awaitingProtection.isEmpty
        else { return }
        let held = connection.heldHandshakeMessages
        connection.heldHandshakeMessages = []
        if configuration.security?.fault == .dropFinalMessage { return }
        for message in held {
            execute([.send(connection.session.securityFrame(message))], on: connection)
        }
    }

    /// What SDL Core checks in the app's certificate after its TLS engine accepted the chain: the subject
    /// `serialNumber` names the app, and the certificate is already valid by Core's clock (an hour behind). `nil`
    /// when both hold, the quirks are off, or the engine cannot describe the certificate.
    private func certificateRefusal(on connection: Connection) -> (error: SecurityError, text: String)? {
        let quirks = configuration.quirks
        guard let peer = connection.tls?.peerCertificate else { return nil }
        let appID = connection.session.registration?.policyAppID ?? ""
        if quirks.certificateMustNameApp, peer.subjectSerialNumber != appID {
            let text = "App ID does not match certificate"
            let found = peer.subjectSerialNumber.map { "\"\($0)\"" } ?? "no serialNumber"
            let why = "\(text): the subject has \(found), the app's policy id is \"\(appID)\""
            return (SecurityError(.invalidCertificate, context: why), text)
        }
        if let behind = quirks.clockBehindHMI {
            // Core verifies the whole chain at its own time: a CA made a minute ago fails as its leaf would.
            let coreNow = Int64(Date().timeIntervalSince1970) - behind.components.seconds
            let chain = connection.tls?.peerCertificateChain ?? [peer]
            if let young = (chain.isEmpty ? [peer] : chain).first(where: { $0.notBefore > coreNow }) {
                let text = "Certificate is not yet valid"
                let name = young.commonName.map { "\"\($0)\"" } ?? "a certificate"
                let why = "\(text): \(name) starts \(young.notBefore - coreNow) s after Core's clock (\(behind) behind)"
                return (SecurityError(.invalidCertificate, context: why), text)
            }
        }
        return nil
    }

    /// A StartServiceACK with E = 1 as Core sends it on protocol 5: its BSON payload encrypted into one TLS record
    /// (``CoreQuirks/encryptedProtectedACKPayload``). Any other frame is returned as it is.
    func protectedACK(_ frame: SDLFrame, on connection: Connection) -> SDLFrame {
        let header = frame.header
        guard configuration.quirks.encryptedProtectedACKPayload, header.frameType == .control,
            header.controlFrameInfo == .startServiceACK, header.isEncrypted, header.version >= 5,
            frame.payload.readableBytes > 0
        else { return frame }
        guard let manager = connection.tls, connection.handshake?.isComplete == true else {
            emit(.error(HeadUnitError(.stream("no TLS session to encrypt \(header)"), app: connection.app)))
            return frame
        }
        do {
            return SDLFrame(header: header, payload: try manager.encrypt(frame.payload))
        } catch {
            emit(.error(HeadUnitError(.stream("cannot encrypt \(header): \(error)"), app: connection.app)))
            return frame
        }
    }

    private func failWaiting(on connection: Connection, reason: String) {
        let waiting = connection.awaitingProtection
        connection.awaitingProtection = []
        execute(connection.session.protectionFailed(waiting, reason: reason), on: connection)
    }

    /// An RPC message for the protected RPC service as it goes on the wire: split into chunks of at most one TLS
    /// record's plaintext (``EncryptedChunkLimit/rpc``, less with a small MTU), the First frame clear with the
    /// plaintext total, every Single and Consecutive payload one record with E = 1 (PS §2.3). Empty, with an error
    /// event, when the TLS session is gone or refuses to encrypt.
    func encryptedFrames(_ frame: SDLFrame, on connection: Connection) -> [SDLFrame] {
        guard let manager = connection.tls, connection.handshake?.isComplete == true else {
            emit(.error(HeadUnitError(.stream("no TLS session to encrypt \(frame.header)"), app: connection.app)))
            return []
        }
        var message = SDLMessage(frame: frame)
        message.isEncrypted = true
        let chunk = EncryptedChunkLimit.plaintextChunkSize(
            for: message.serviceType, maximumFramePayload: Int(clamping: configuration.mtu))
        var frames = MessageFragmenter.frames(for: message, maximumPayload: chunk)
        for index in frames.indices where frames[index].header.isEncrypted {
            do {
                // A new frame, so `dataSize` counts the ciphertext.
                let ciphertext = try manager.encrypt(frames[index].payload)
                frames[index] = SDLFrame(header: frames[index].header, payload: ciphertext)
            } catch {
                emit(.error(HeadUnitError(.stream("cannot encrypt \(frame.header): \(error)"), app: connection.app)))
                return []
            }
        }
        return frames
    }

    /// An encrypted Single or Consecutive frame, decrypted; `nil` when it cannot be (reported as an error).
    func decryptIfNeeded(_ frame: SDLFrame, on connection: Connection) -> SDLFrame? {
        let header = frame.header
        guard header.isEncrypted, header.frameType == .single || header.frameType == .consecutive else {
            return frame
        }
        guard let manager = connection.tls, connection.handshake?.isComplete == true else {
            emit(.error(HeadUnitError(.protocolViolation("encrypted frame without TLS: \(header)"), app: connection.app)))
            return nil
        }
        do {
            return SDLFrame(header: header, payload: try manager.decrypt(frame.payload))
        } catch {
            emit(.error(HeadUnitError(.stream("frame does not decrypt: \(error)"), app: connection.app)))
            return nil
        }
    }
}
