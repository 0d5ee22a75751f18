import NIOCore
import SDLWire

/// Protected services, the state-machine half: which starts need the handshake, their ACKs with the E bit, and the
/// NAKs when protection fails. The TLS engine and the handshake itself live with the connection in ``HeadUnitEmulator``.
extension AppSession {
    /// A StartService with the E bit: refused at once when protection is not configured or the stream could not
    /// start anyway; otherwise handed to the actor, which runs the handshake first (PS §7: once per connection).
    mutating func requestProtection(_ message: SDLMessage) -> [SessionAction] {
        let service = message.serviceType
        guard configuration.security != nil else {
            return [
                .send(control(.startServiceNAK, service, ServiceNAK(reason: "Protected services are not supported"))),
                .emit(.protectionFailed(app, service: service, reason: "no security configured")),
            ]
        }
        if service != .rpc, let reason = streamRefusal(service) {
            return [.send(control(.startServiceNAK, service, ServiceNAK(reason: reason)))]
        }
        return [.protectStart(message)]
    }

    /// The handshake completed: answer a protected start as an unprotected one would be, with E = 1 on the ACK.
    mutating func startAfterProtection(_ message: SDLMessage) -> [SessionAction] {
        let service = message.serviceType
        startingProtected.insert(service)
        switch service {
        case .rpc:
            return [.send(startServiceACK(.rpc, MediaStartServiceACK(mtu: configuration.mtu)))]
        case .video:
            guard case .idle = video else {
                startingProtected.remove(.video)
                return [.send(control(.startServiceNAK, .video, ServiceNAK(reason: "Service already started")))]
            }
            return startVideo(message)
        default:
            guard !audioActive else {
                startingProtected.remove(service)
                return [.send(control(.startServiceNAK, service, ServiceNAK(reason: "Service already started")))]
            }
            return startAudio()
        }
    }

    /// The handshake failed: the spec's answer is a StartServiceNAK for every start that waited on it (PS §7).
    mutating func protectionFailed(_ starts: [SDLMessage], reason: String) -> [SessionAction] {
        var actions: [SessionAction] = []
        for message in starts {
            let service = message.serviceType
            startingProtected.remove(service)
            actions.append(.send(control(.startServiceNAK, service, ServiceNAK(reason: reason))))
            actions.append(.emit(.protectionFailed(app, service: service, reason: reason)))
        }
        return actions
    }

    /// Like SDL Core's `ForceProtectedService`: an unprotected start of a listed service is refused. With
    /// ``CoreQuirks/coreForcedProtectionRefusal`` the reason is Core's, and a refused video start moves the app to
    /// NONE like every video NAK.
    mutating func forcedProtectionRefusal(_ service: ServiceType) -> [SessionAction]? {
        guard let security = configuration.security, security.forceProtectedServices.contains(service) else {
            return nil
        }
        let core = quirks.coreForcedProtectionRefusal
        let reason =
            core
            ? "Service type: \(service.rawValue) disallowed by settings. Allowed only in protected mode"
            : "Service type: \(service.rawValue) must be protected"
        let refused = SessionAction.emit(.protectionFailed(app, service: service, reason: reason))
        if core, service == .video { return nakVideo(ServiceNAK(reason: reason)) + [refused] }
        return [.send(control(.startServiceNAK, service, ServiceNAK(reason: reason))), refused]
    }

    /// A StartServiceACK; with the E bit when the start was protected. Protocol 4 and older ACKs carry no BSON
    /// (PS §4.2.1), as Core limited to protocol 4 sends them.
    mutating func startServiceACK(_ service: ServiceType, _ ack: MediaStartServiceACK) -> SDLFrame {
        var frame = version >= 5 ? control(.startServiceACK, service, ack) : control(.startServiceACK, service)
        if startingProtected.remove(service) != nil {
            frame.header.isEncrypted = true
            protectedServices.insert(service)
        }
        return frame
    }

    /// A security query to the app: a Single frame on the control service, E = 0 (PS §7.2.1).
    mutating func securityFrame(_ payload: ByteBuffer) -> SDLFrame {
        let header = FrameHeader(
            version: version, frameType: .single, serviceType: .control, frameInfo: 0, sessionID: sessionID,
            dataSize: 0, messageID: takeMessageID()
        )
        return SDLFrame(header: header, payload: payload)
    }
}
