import Foundation
import NIOCore
import SDLSecurity
import SDLWire

/// Protected services, the actor's half: the head unit is the TLS client. It starts the handshake when an app asks
/// for a protected service, answers the waiting starts once it completes (StartServiceACK with E = 1) or fails
/// (StartServiceNAK, PS §7), and decrypts every encrypted frame before the session reassembles and records it, so
/// recordings hold the decrypted stream.
extension HeadUnitEmulator {
    /// Where this connection's handshake stands, for ``AppSession/protectStart(_:handshake:)``.
    func handshakeProgress(on connection: Connection) -> HandshakeProgress {
        guard connection.tls != nil, let handshake = connection.handshake else { return .none }
        if handshake.isComplete { return .complete }
        return handshake.failure == nil ? .running : .none
    }

    func beginHandshake(on connection: Connection) {
        guard let security = configuration.security else { return }
        connection.tls?.stop()
        let manager: any SecurityManager
        do {
            manager = try connection.session.handshakeFactory(security).makeManager(
                role: .headUnit, appID: connection.session.registration?.policyAppID ?? "",
                vehicleMake: configuration.vehicle.make)
        } catch {
            execute(connection.session.protectionUnavailable(reason: "no TLS engine: \(error)"), on: connection)
            return
        }
        connection.tls = manager
        var machine = HandshakeStateMachine<CoreClock.Instant>(role: .headUnit, timeout: security.handshakeTimeout)
        let actions = machine.start(now: clock.now, using: manager)
        connection.handshake = machine
        runHandshake(connection.session.handshakeStarted(actions), on: connection)
    }

    func receiveSecurityQuery(_ payload: ByteBuffer, on connection: Connection) {
        guard var machine = connection.handshake, let manager = connection.tls else {
            emit(.error(HeadUnitError(.protocolViolation("security query without a handshake"), app: connection.app)))
            return
        }
        guard connection.session.acceptsSecurityQuery(payload) else { return }
        let actions = machine.receive(payload, now: clock.now, using: manager)
        connection.handshake = machine
        runHandshake(actions, on: connection)
    }

    func handshakeDeadlineReached(on connection: Connection) {
        guard var machine = connection.handshake else { return }
        let actions = machine.deadlineReached(now: clock.now)
        connection.handshake = machine
        runHandshake(actions, on: connection)
    }

    /// Carries out the handshake machine's `input`, one action at a time, as the session decides.
    private func runHandshake(_ input: [HandshakeAction], on connection: Connection) {
        var actions = input
        let completes = actions.contains { if case .completed = $0 { true } else { false } }
        var holdLastMessage = completes && configuration.quirks.protectedACKBeforeFinalHandshakeMessage
        if completes, var machine = connection.handshake,
            let refusal = connection.session.certificateRefusal(
                peer: connection.tls?.peerCertificate, chain: connection.tls?.peerCertificateChain ?? [],
                unixTime: Int64(Date().timeIntervalSince1970))
        {
            // Core checks the certificate once its TLS engine is done, and then sends no last handshake message.
            actions = machine.fail(refusal.error, text: refusal.text)
            connection.handshake = machine
            holdLastMessage = false
        }
        if holdLastMessage {
            let rate = configuration.quirks.encryptedACKOverwritesFinalHandshakeMessage
            connection.session.heldMessageLosesRace = rate >= 1 || (rate > 0 && Double.random(in: 0..<1) < rate)
        }
        for action in actions {
            execute(connection.session.handshakeStep(action, holdingLastMessage: holdLastMessage), on: connection)
        }
        execute(connection.session.releaseHeldHandshake(), on: connection)
        if let deadline = connection.handshake?.deadline {
            execute([.schedule(.handshake, after: max(.zero, clock.now.duration(to: deadline)))], on: connection)
        } else {
            execute([.cancel(.handshake)], on: connection)
        }
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
            emit(
                .error(HeadUnitError(.protocolViolation("encrypted frame without TLS: \(header)"), app: connection.app))
            )
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
