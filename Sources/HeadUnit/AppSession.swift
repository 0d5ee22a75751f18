package import NIOCore
package import SDLRPC
package import SDLWire

/// What the actor must do after the session state changed.
package enum SessionAction {
    case send(SDLFrame)
    /// An RPC message, built as one plaintext Single frame, to send on the protected RPC service: the actor splits
    /// it into frames of one TLS record each, with E = 1 (PS §2.3, §7).
    case sendEncrypted(SDLFrame)
    case schedule(SessionTimer, after: Duration)
    case cancel(SessionTimer)
    case emit(HeadUnitEvent)
    case videoStarted(VideoFormat, VideoSize)
    case videoData(ByteBuffer)
    case videoStopped(byHeadUnit: Bool)
    case audioStarted
    case audioData(ByteBuffer)
    case audioStopped(byHeadUnit: Bool)
    /// Close this app's connection (hostile input, or a runtime control).
    case close(HeadUnitError?)
    /// A StartService with the E bit: run (or reuse) the TLS handshake, then answer it.
    case protectStart(SDLMessage)
    /// A security query from the app (handshake data or an internal error).
    case securityQuery(ByteBuffer)
    /// Make a TLS engine and start a handshake for the starts waiting on it.
    case beginHandshake
    /// The handshake failed: drop the TLS engine.
    case stopTLS
    /// The handshake's deadline timer fired: let its state machine decide.
    case handshakeDeadline
}

extension SessionAction {
    /// A frame goes to the app (clear or encrypted).
    var isSend: Bool {
        switch self {
        case .send, .sendEncrypted: true
        default: false
        }
    }
}

/// A delayed step of Core's behaviour, owned by one session and cancelled with it.
package enum SessionTimer: Hashable {
    /// The HMI activates the app after registration.
    case activation
    /// Core moves the app to NONE after a video NAK.
    case noneAfterVideoNAK
    /// Core ACKs a video StartService once the HMI answered SetVideoConfig.
    case videoStart
    /// Core ends a video service the app keeps feeding in BACKGROUND.
    case backgroundEnd
    /// The app stayed silent during the TLS handshake.
    case handshake
    /// The keyboard's PerformInteraction ran out of time.
    case keyboardTimeout
}

/// One app connection's protocol state: a pure value; ``HeadUnitEmulator`` executes the actions it returns.
///
/// ```
///  connected --RPC StartService--> rpcStarted --RAI--> registered (NONE) --activation--> FULL ...
///                                                       video: idle -> starting -> active -> idle
/// ```
package struct AppSession {
    package enum VideoState {
        case idle
        /// Waiting for the (emulated) HMI's SetVideoConfig answer.
        case starting(VideoFormat, VideoSize)
        case active(VideoFormat, VideoSize, dataSinceBackground: Bool)
    }

    package struct Registration {
        var appName: String
        var appID: String
        /// Core's policy id: `fullAppID` when the app sent one, else `appID`. The certificate must name it.
        var policyAppID: String
        var hmiTypes: [String]
        var isMedia: Bool
        package var navigation: Bool { hmiTypes.contains("NAVIGATION") || hmiTypes.contains("PROJECTION") }
        /// Core's `is_navi`: only the NAVIGATION type counts (the map buttons are refused to a PROJECTION app).
        var navigationType: Bool { hmiTypes.contains("NAVIGATION") }
    }

    let app: AppID
    let sessionID: UInt8
    let hashID: Int32
    var configuration: HeadUnitConfiguration
    /// What GetSystemCapability reports while ``CoreQuirks/staleSystemCapability`` is on.
    let startupVideoCapability: VideoCapability
    /// Rejected at runtime on top of the configuration's formats.
    var rejectedFormats: Set<VideoFormat> = []

    var rpcStarted = false
    /// The header version Core answers with.
    package var version: UInt8 = 5
    var negotiated: ProtocolVersion?
    var nextMessageID: UInt32 = 0
    package var registration: Registration?
    var status = HMIStatus.core(level: .none, navigation: false, media: false)
    var subscribedToVideoCapability = false
    /// The rects of the app's last SendHapticData. Core keeps none (it forwards them to the HMI); the emulator keeps
    /// the last set as an HMI would, for its console and its users' tests.
    var hapticRects: [HapticRect] = []
    /// SubscribeVehicleData `headLampStatus` succeeded: OnVehicleData follows light changes.
    var subscribedToHeadLamps = false
    /// The buttons the app subscribed to (SubscribeButton answered SUCCESS).
    var subscribedButtons: Set<ButtonName> = []
    /// The id of the haptic rect the knob highlights; `nil` before the first turn.
    var knobHighlight: Int?
    /// SetGlobalProperties keyboardProperties, as last set.
    var keyboardProperties: JSONValue?
    /// The open keyboard, if any.
    package var keyboard: OpenKeyboard?
    package var video: VideoState = .idle
    var audioActive = false
    var audioDataSinceBackground = false
    /// "Stop answering": frames are still read and logged, nothing is sent.
    var silent = false
    /// The cloud app this connection was dialed for (``HeadUnitEmulator/activateCloudApp(_:)``): its token goes in
    /// the RPC StartServiceACK, only its policy app id may register, and it is activated once registered.
    var cloudApp: CloudApp?
    /// The hashIDs the emulator gave with OnHashChange, by policy app id, when this connection opened: a
    /// RegisterAppInterface with one of them resumes (SUCCESS), with any other gets RESUME_FAILED.
    var resumptionHashes: [String: String] = [:]
    package var assembler = MessageAssembler()
    /// Services whose StartServiceACK had the E bit.
    var protectedServices: Set<ServiceType> = []
    /// Protected starts past the handshake whose ACK is still to come (with the E bit).
    var startingProtected: Set<ServiceType> = []
    /// Protected starts waiting for the handshake to end.
    var awaitingProtection: [SDLMessage] = []
    /// ``HeadUnitSecurity/HandshakeFault/stall``: this handshake answers no more handshake data.
    var handshakeStalled = false
    /// The head unit's last handshake message, held until the protected ACKs are out
    /// (``CoreQuirks/protectedACKBeforeFinalHandshakeMessage``).
    var heldHandshakeMessages: [ByteBuffer] = []
    /// Core's race is lost for the held message (``CoreQuirks/encryptedACKOverwritesFinalHandshakeMessage``): the
    /// protected ACK encrypted while it is held overwrites it.
    var heldMessageLosesRace = false
    /// The TLS record of the last protected ACK encrypted while a handshake message was held.
    var ackRecordWhileHolding: [UInt8]?

    package init(
        app: AppID,
        sessionID: UInt8,
        hashID: Int32,
        configuration: HeadUnitConfiguration,
        startupVideoCapability: VideoCapability
    ) {
        self.startupVideoCapability = startupVideoCapability
        self.app = app
        self.sessionID = sessionID
        self.hashID = hashID
        self.configuration = configuration
    }

    var quirks: CoreQuirks { configuration.quirks }

    // MARK: Building frames

    mutating func takeMessageID() -> UInt32 {
        defer { nextMessageID &+= 1 }
        return nextMessageID
    }

    mutating func control(_ info: ControlFrameInfo, _ service: ServiceType, _ payload: some ControlPayload) -> SDLFrame
    {
        control(info, service, buffer: payload.buffer)
    }

    mutating func control(_ info: ControlFrameInfo, _ service: ServiceType, buffer: ByteBuffer = ByteBuffer())
        -> SDLFrame
    {
        let frame = SDLFrame.control(
            info,
            service: service,
            version: version,
            sessionID: sessionID,
            // A version 1 header has no message id (as in `rpc`): one taken here would never reach the wire.
            messageID: version == 1 ? 0 : takeMessageID(),
            payload: buffer
        )
        if info == .endServiceACK, quirks.messageIDResetsAfterEndServiceACK { nextMessageID = 0 }
        return frame
    }

    /// An RPC frame, always a single frame as Core sends them (even the 16 KB OnPermissionsChange).
    mutating func rpc(_ type: RPCMessageType, _ function: FunctionID, correlationID: UInt32, _ body: JSONValue)
        -> SDLFrame
    {
        let payload: ByteBuffer
        if version == 1 {
            let envelope = RPCEnvelopeV1(
                type: type,
                name: FunctionNames.name(function),
                correlationID: type == .notification ? nil : Int(correlationID),
                parameters: body.bytes
            )
            payload = ByteBuffer(bytes: envelope.encoded())
        } else {
            payload =
                RPCPayload(type: type, functionID: function, correlationID: correlationID, json: body.bytes).buffer
        }
        let header = FrameHeader(
            version: version,
            frameType: .single,
            serviceType: .rpc,
            frameInfo: 0,
            sessionID: sessionID,
            dataSize: 0,
            messageID: version == 1 ? 0 : takeMessageID()
        )
        return SDLFrame(header: header, payload: payload)
    }

    mutating func notification(_ function: FunctionID, _ body: JSONValue) -> SDLFrame {
        rpc(.notification, function, correlationID: RPCPayload.notificationCorrelationID, body)
    }

    /// The RPC protection Core applies to this app (``HeadUnitSecurity/requireEncryptedRPCs``).
    var rpcProtection: RPCProtectionPolicy { RPCProtectionPolicy(configuration.security) }

    /// A notification to the app, as RPC protection allows: in the clear, encrypted, or withheld (with an event)
    /// when it requires encryption and the RPC service is not protected yet.
    mutating func notify(_ function: FunctionID, _ body: JSONValue) -> [SessionAction] {
        let name = FunctionNames.name(function)
        switch rpcProtection.notification(name, rpcServiceProtected: protectedServices.contains(.rpc)) {
        case .send(encrypted: false): return [.send(notification(function, body))]
        case .send(encrypted: true): return [.sendEncrypted(notification(function, body))]
        case .withhold: return [.emit(.notificationWithheld(app, notification: name))]
        }
    }

    // MARK: HMI status

    /// Sends OnHMIStatus for `status` and does what Core does to the streams at the new level.
    package mutating func setStatus(_ newStatus: HMIStatus) -> [SessionAction] {
        guard registration != nil else { return [] }
        let old = status
        status = newStatus
        var actions = notify(CoreRPC.onHMIStatus, newStatus.json)
        actions.append(.emit(.hmiChanged(app, newStatus)))
        switch newStatus.hmiLevel {
        case .none:
            // hmi-levels: EndService (video) 0.3-8 ms after the OnHMIStatus(NONE).
            actions += endVideoByHeadUnit()
            actions += endAudioByHeadUnit()
            actions.append(.cancel(.backgroundEnd))
        case .background where old.hmiLevel != .background:
            if case .active(let format, let size, _) = video {
                video = .active(format, size, dataSinceBackground: false)
            }
            audioDataSinceBackground = false
            if let delay = quirks.backgroundEndServiceDelay { actions.append(.schedule(.backgroundEnd, after: delay)) }
        case .full, .limited:
            actions.append(.cancel(.backgroundEnd))
        default:
            break
        }
        return actions
    }

    mutating func endVideoByHeadUnit() -> [SessionAction] {
        switch video {
        case .idle:
            return []
        case .starting:
            // Core's answer is still pending on the HMI; the ACK will come (the nak-fallback race).
            return []
        case .active:
            video = .idle
            protectedServices.remove(.video)
            return [.send(control(.endService, .video, buffer: ByteBuffer())), .videoStopped(byHeadUnit: true)]
        }
    }

    mutating func endAudioByHeadUnit() -> [SessionAction] {
        guard audioActive else { return [] }
        audioActive = false
        protectedServices.remove(.audio)
        return [.send(control(.endService, .audio, buffer: ByteBuffer())), .audioStopped(byHeadUnit: true)]
    }

    /// The transport `services` ran on closed: they end without an EndService (there is nobody to send it to).
    package mutating func transportLost(_ services: Set<ServiceType>) -> [SessionAction] {
        var actions: [SessionAction] = []
        if services.contains(.video), case .active = video {
            video = .idle
            protectedServices.remove(.video)
            actions.append(.videoStopped(byHeadUnit: true))
        }
        if services.contains(.audio), audioActive {
            audioActive = false
            protectedServices.remove(.audio)
            actions.append(.audioStopped(byHeadUnit: true))
        }
        return actions
    }

    /// Every stream ends and the app is forgotten (UnregisterAppInterface, EndService RPC, or the app vanished).
    package mutating func teardown(unexpected: Bool) -> [SessionAction] {
        var actions: [SessionAction] = [.cancel(.activation), .cancel(.noneAfterVideoNAK), .cancel(.backgroundEnd)]
        if case .active = video { actions.append(.videoStopped(byHeadUnit: unexpected)) }
        if audioActive { actions.append(.audioStopped(byHeadUnit: unexpected)) }
        video = .idle
        audioActive = false
        protectedServices.subtract([.video, .audio])
        startingProtected.removeAll()
        if let open = keyboard {
            // The keyboard belongs to the registration: without this it stayed open (the viewer kept showing it) and
            // its timeout later answered a PerformInteraction of an app that had unregistered. No response: the app
            // is gone or has just unregistered.
            keyboard = nil
            actions += [.cancel(.keyboardTimeout), .emit(.keyboardClosed(app, result: "ABORTED", text: open.entry))]
        }
        if registration != nil { actions.append(.emit(.appUnregistered(app, unexpected: unexpected))) }
        registration = nil
        subscribedToVideoCapability = false
        status = HMIStatus.core(level: .none, navigation: false, media: false)
        return actions
    }
}
