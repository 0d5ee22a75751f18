package import NIOCore
package import SDLRPC
package import SDLWire

extension AppSession {
    /// Handles one frame from the app.
    package mutating func receive(_ frame: SDLFrame) -> [SessionAction] {
        let header = frame.header
        if rpcStarted, header.sessionID != sessionID {
            return [
                .emit(
                    .error(
                        HeadUnitError(
                            .protocolViolation("frame for unknown session \(header.sessionID): \(header)"), app: app)))
            ]
        }
        if !rpcStarted,
            !(header.frameType == .control && header.serviceType == .rpc
                && header.controlFrameInfo == .startService)
        {
            return [
                .emit(.error(HeadUnitError(.protocolViolation("\(header) before the RPC service started"), app: app)))
            ]
        }
        if rpcStarted, negotiated == nil, header.version != version {
            // An app settled the old way speaks its own version from now on (PS §4.2.1); answer in kind.
            version = header.version
        }
        let message: SDLMessage
        do {
            guard let complete = try assembler.append(frame) else { return [] }
            message = complete
        } catch {
            return [.emit(.error(HeadUnitError(.malformedFrame(error.description), app: app)))]
        }
        if let control = message.controlFrameInfo {
            return receiveControl(control, message: message, header: header)
        }
        switch message.serviceType {
        case .control: return [.securityQuery(message.payload)]
        case .rpc, .bulk: return receiveRPC(message)
        case .video: return receiveVideoData(message.payload)
        case .audio: return receiveAudioData(message.payload)
        default:
            return [
                .emit(.error(HeadUnitError(.protocolViolation("data on service \(message.serviceType)"), app: app)))
            ]
        }
    }

    private mutating func receiveControl(_ info: ControlFrameInfo, message: SDLMessage, header: FrameHeader)
        -> [SessionAction]
    {
        switch (info, message.serviceType) {
        case (.startService, .rpc) where rpcStarted && message.isEncrypted: return requestProtection(message)
        case (.startService, .video), (.startService, .audio):
            if message.isEncrypted { return requestProtection(message) }
            if let nak = forcedProtectionRefusal(message.serviceType) { return nak }
            return message.serviceType == .video ? startVideo(message) : startAudio()
        case (.startService, .rpc): return startRPC(message, header: header)
        case (.endService, .rpc): return endRPC(message)
        case (.endService, .video):
            guard case .active = video else {
                return [.send(control(.endServiceNAK, .video, ServiceNAK(reason: "Service not started")))]
            }
            video = .idle
            protectedServices.remove(.video)
            // The recording is closed before the ACK goes out, so an app that saw the ACK finds the file complete.
            return [
                .videoStopped(byHeadUnit: false), .cancel(.backgroundEnd),
                .send(control(.endServiceACK, .video, buffer: ByteBuffer())),
            ]
        case (.endService, .audio):
            guard audioActive else {
                return [.send(control(.endServiceNAK, .audio, ServiceNAK(reason: "Service not started")))]
            }
            audioActive = false
            protectedServices.remove(.audio)
            return [.audioStopped(byHeadUnit: false), .send(control(.endServiceACK, .audio, buffer: ByteBuffer()))]
        case (.endServiceACK, _):
            // The app acknowledges an EndService Core sent; nothing more to do.
            return []
        case (.heartbeat, _):
            // Core 8.2 sends no heartbeats, but answers one as the spec asks (PS §4.5).
            return [.send(control(.heartbeatACK, message.serviceType, buffer: ByteBuffer()))]
        case (.heartbeatACK, _):
            return []
        default:
            return [
                .emit(
                    .error(HeadUnitError(.protocolViolation("unexpected \(info) on \(message.serviceType)"), app: app)))
            ]
        }
    }

    private mutating func startRPC(_ message: SDLMessage, header: FrameHeader) -> [SessionAction] {
        guard !rpcStarted else {
            return [
                .send(control(.startServiceNAK, .rpc, ServiceNAK(reason: "RPC service already started"))),
                .emit(.error(HeadUnitError(.protocolViolation("second RPC StartService"), app: app))),
            ]
        }
        let request: RPCStartService
        do {
            request = try RPCStartService(payload: message.payload)
        } catch {
            version = 5
            return [
                .send(control(.startServiceNAK, .rpc, ServiceNAK(rejectedParams: ["protocolVersion"]))),
                .emit(.error(HeadUnitError(.protocolViolation("RPC StartService: \(error)"), app: app))),
            ]
        }
        rpcStarted = true
        // A head unit limited to protocol 4 answers a protocol 5 app the old way too.
        guard let asked = request.protocolVersion, asked.major >= 5, configuration.protocolVersion.major >= 5 else {
            // The old way (PS §4.2.1): no BSON; a v2-4 header whose message id carries the hash id.
            version = header.version == 1 ? 4 : min(header.version, 4)
            let ack = SDLFrame.control(
                .startServiceACK, service: .rpc, version: version, sessionID: sessionID,
                messageID: UInt32(bitPattern: hashID))
            nextMessageID = 1
            return [
                .send(ack),
                .emit(.sessionStarted(app, sessionID: sessionID, protocolVersion: ProtocolVersion(Int(version)))),
            ]
        }
        let agreed = min(asked, configuration.protocolVersion)
        negotiated = agreed
        version = UInt8(clamping: min(agreed.major, Int(FrameHeader.highestVersion)))
        let offer = configuration.secondaryTransport
        let ack = RPCStartServiceACK(
            protocolVersion: agreed,
            hashID: hashID,
            mtu: configuration.mtu,
            secondaryTransports: offer == nil ? [] : ["TCP_WIFI"],
            audioServiceTransports: offer?.audioServiceTransports ?? [1],
            videoServiceTransports: offer?.videoServiceTransports ?? [1],
            // Core sends a cloud app's token from protocol 5.2 on, and only on the connection it dialed for it.
            authToken: agreed >= ProtocolVersion(5, 2, 0) ? cloudApp?.authToken : nil,
            vehicle: configuration.vehicle
        )
        nextMessageID = 0
        var actions: [SessionAction] = [
            .send(control(.startServiceACK, .rpc, ack)),
            .emit(.sessionStarted(app, sessionID: sessionID, protocolVersion: agreed)),
        ]
        if let offer {
            // Right after the RPC ACK, on the primary transport, as Core does.
            let update = TransportEventUpdate(tcpIPAddress: offer.host, tcpPort: Int32(clamping: offer.port))
            actions.append(.send(control(.transportEventUpdate, .control, update)))
        }
        return actions
    }

    private mutating func endRPC(_ message: SDLMessage) -> [SessionAction] {
        let request = try? EndService(payload: message.payload)
        // Protocol 5 names the session by hashId; old-way apps send it in the message id or not at all.
        if negotiated != nil, request?.hashID != hashID {
            return [
                .send(control(.endServiceNAK, .rpc, ServiceNAK(rejectedParams: ["hashId"]))),
                .emit(.error(HeadUnitError(.protocolViolation("RPC EndService with a wrong hashId"), app: app))),
            ]
        }
        var actions = teardown(unexpected: false)
        actions.append(.send(control(.endServiceACK, .rpc, buffer: ByteBuffer())))
        rpcStarted = false
        return actions
    }

    // MARK: Video and audio services

    /// The reason Core gives when a stream may not start, or `nil`.
    func streamRefusal(_ service: ServiceType) -> String? {
        let number = service.rawValue
        guard let registration else { return "Service type: \(number) disallowed, application not registered" }
        let allowedType = registration.navigation || (service == .audio && registration.isMedia)
        guard allowedType else { return "Service type: \(number) disallowed with current HMI type" }
        guard status.hmiLevel == .full || status.hmiLevel == .limited else {
            return "Service type: \(number) disallowed with current HMI level"
        }
        return nil
    }

    mutating func startVideo(_ message: SDLMessage) -> [SessionAction] {
        if case .idle = video {
        } else {
            return [.send(control(.startServiceNAK, .video, ServiceNAK(reason: "Service already started")))]
        }
        if let reason = streamRefusal(.video) {
            return nakVideo(ServiceNAK(reason: reason))
        }
        let request: VideoStartService
        do {
            request = try VideoStartService(payload: message.payload)
        } catch {
            return nakVideo(ServiceNAK(reason: "Invalid video parameters: \(error)"))
        }
        let preferred = configuration.video.preferredResolution
        let format = VideoFormat(
            codec: request.videoCodec ?? configuration.video.supportedFormats.first?.codec ?? "H264",
            protocol: request.videoProtocol ?? configuration.video.supportedFormats.first?.protocol ?? "RAW"
        )
        let size = VideoSize(
            width: Int(request.width ?? Int32(preferred.width)), height: Int(request.height ?? Int32(preferred.height)))
        var rejected = rejectedParams(for: format)
        if size.width <= 0 { rejected.append("width") }
        if size.height <= 0 { rejected.append("height") }
        if !rejected.isEmpty {
            return nakVideo(ServiceNAK(rejectedParams: rejected, reason: "Received SetVideoConfig failure response"))
        }
        video = .starting(format, size)
        return [.schedule(.videoStart, after: quirks.videoStartDelay)]
    }

    /// Which of `videoCodec` / `videoProtocol` the emulated HMI rejects for `format` (Core's names, Core's order).
    func rejectedParams(for format: VideoFormat) -> [String] {
        let accepted = configuration.video.supportedFormats.filter { !rejectedFormats.contains($0) }
        if accepted.contains(format) { return [] }
        let codecKnown = accepted.contains { $0.codec == format.codec }
        let protocolKnown = accepted.contains { $0.protocol == format.protocol }
        switch (codecKnown, protocolKnown) {
        case (true, false): return ["videoProtocol"]
        case (false, true): return ["videoCodec"]
        default: return ["videoCodec", "videoProtocol"]
        }
    }

    mutating func nakVideo(_ nak: ServiceNAK) -> [SessionAction] {
        startingProtected.remove(.video)
        var actions: [SessionAction] = [
            .send(control(.startServiceNAK, .video, nak)),
            .emit(.videoRejected(app, reason: nak.reason ?? "", rejectedParams: nak.rejectedParams ?? [])),
        ]
        // A NAK for an app already in NONE (a retry that came after the first NAK's NONE) must not arm another NONE
        // that would undo the HMI's next activation.
        if registration != nil, !isAlreadyInNone, let delay = quirks.noneAfterVideoNAK {
            actions.append(.schedule(.noneAfterVideoNAK, after: delay))
        }
        return actions
    }

    /// The NONE after a video NAK is due: move the app to NONE, unless it is there already.
    package mutating func noneAfterVideoNAKFired() -> [SessionAction] {
        isAlreadyInNone ? [] : setStatus(.core(level: .none, navigation: false, media: false))
    }

    /// Core sends OnHMIStatus only when the level changes, so a move to NONE for an app in NONE sends nothing: the
    /// one place both ends of the NONE-after-NAK rule (arming the timer, and its firing) ask.
    private var isAlreadyInNone: Bool { status.hmiLevel == .none }

    /// The emulated HMI answered SetVideoConfig: ACK the pending video StartService.
    package mutating func completeVideoStart() -> [SessionAction] {
        guard case .starting(let format, let size) = video else { return [] }
        if !quirks.ackVideoStartRacingNONE, let reason = streamRefusal(.video) {
            video = .idle
            return nakVideo(ServiceNAK(reason: reason))
        }
        video = .active(format, size, dataSinceBackground: false)
        let ack = MediaStartServiceACK(
            mtu: configuration.mtu,
            videoProtocol: format.protocol,
            width: Int32(clamping: size.width),
            videoCodec: format.codec,
            height: Int32(clamping: size.height)
        )
        return [.send(startServiceACK(.video, ack)), .videoStarted(format, size)]
    }

    mutating func startAudio() -> [SessionAction] {
        guard !audioActive else {
            return [.send(control(.startServiceNAK, .audio, ServiceNAK(reason: "Service already started")))]
        }
        if let reason = streamRefusal(.audio) {
            startingProtected.remove(.audio)
            return [.send(control(.startServiceNAK, .audio, ServiceNAK(reason: reason)))]
        }
        audioActive = true
        // Core answers audio at once, without asking the HMI (`audio`: about 3 ms), with `mtu` only.
        return [.send(startServiceACK(.audio, MediaStartServiceACK(mtu: configuration.mtu))), .audioStarted]
    }

    private mutating func receiveVideoData(_ payload: ByteBuffer) -> [SessionAction] {
        guard case .active(let format, let size, _) = video else {
            return [.emit(.error(HeadUnitError(.protocolViolation("video data without a video service"), app: app)))]
        }
        if status.hmiLevel == .background || status.hmiLevel == .none {
            // background-keep-streaming: Core writes none of it.
            video = .active(format, size, dataSinceBackground: true)
            return []
        }
        return [.videoData(payload)]
    }

    private mutating func receiveAudioData(_ payload: ByteBuffer) -> [SessionAction] {
        guard audioActive else {
            return [.emit(.error(HeadUnitError(.protocolViolation("audio data without an audio service"), app: app)))]
        }
        if status.hmiLevel == .background || status.hmiLevel == .none {
            audioDataSinceBackground = true
            return []
        }
        return [.audioData(payload)]
    }

    /// The BACKGROUND timer fired: end the streams the app kept feeding.
    package mutating func backgroundTimerFired() -> [SessionAction] {
        guard status.hmiLevel == .background else { return [] }
        var actions: [SessionAction] = []
        if case .active(_, _, let fed) = video, fed { actions += endVideoByHeadUnit() }
        if audioActive, audioDataSinceBackground { actions += endAudioByHeadUnit() }
        return actions
    }
}
