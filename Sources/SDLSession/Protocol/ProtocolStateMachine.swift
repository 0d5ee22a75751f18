import NIOCore
import SDLWire

/// The protocol layer of a session as a pure value: it builds the frames to send and classifies what arrives, and
/// returns what should happen; the ``SDLSession`` actor only executes the actions.
///
/// ```
///  idle --startRPCService()--> awaitingRPCStart --ACK--> started --RPC EndServiceACK / failure--> ended
///                                          \--NAK--> ended (serviceRejected)
/// ```
///
/// It negotiates the version (PS §4.2): the first frame has a version 1 header and BSON `protocolVersion`; a v5 head
/// unit answers with BSON, a v2-4 head unit with its own header version and a raw 4-byte hash id. Once started, every
/// frame must carry the session id, multi-frame messages are reassembled, Heartbeats are answered (PS §4.5: never
/// required, only answered), and a head unit's own EndService is acknowledged, as SDL Core expects
/// (Tests/HeadUnitTests/Fixtures/traces: core-8.2-hmi-levels.jsonl, core-8.2-background-keep-streaming.jsonl).
struct ProtocolStateMachine {
    enum State: Equatable {
        case idle
        case awaitingRPCStart
        case started(SessionParameters)
        case ended
    }

    enum Action: Equatable {
        /// The RPC service started.
        case rpcStarted(SessionParameters)
        /// The session cannot go on.
        case fail(SDLSessionError)
        /// Frames the protocol itself answers with (HeartbeatACK).
        case reply(SDLFrame)
        /// A whole RPC (0x07) or bulk (0x0F) message.
        case rpc(SDLMessage)
        /// A whole audio or video data message.
        case data(SDLMessage)
        case serviceStarted(ServiceType, MediaStartServiceACK, encrypted: Bool)
        case serviceStartRejected(ServiceType, ServiceNAK)
        case serviceEnded(ServiceType)
        case serviceEndRejected(ServiceType, ServiceNAK)
        /// The head unit ended a service on its own; `reply` is the EndServiceACK to send.
        case headUnitEndedService(ServiceType, reply: SDLFrame)
        case transportEventUpdate(TransportEventUpdate)
        /// A security query (handshake data or an internal error): a Single frame on the control service (PS §7.2.1).
        case securityQuery(ByteBuffer)
        /// Nothing to do; the reason is for the debug log.
        case ignore(String)
    }

    private(set) var state: State = .idle
    private var assembler = MessageAssembler()
    private var messageCounter: UInt32 = 0
    let ourVersion: ProtocolVersion

    init(ourVersion: ProtocolVersion = .supported) {
        self.ourVersion = ourVersion
    }

    var parameters: SessionParameters? {
        if case .started(let parameters) = state { return parameters }
        return nil
    }

    /// The app's first frame: RPC StartService, version 1 header, session 0, BSON `{protocolVersion}` (PS §4.2.2.2).
    mutating func startRPCService() -> SDLFrame {
        precondition(state == .idle, "the RPC service is started once")
        state = .awaitingRPCStart
        return SDLFrame.control(
            .startService, service: .rpc, version: 1, sessionID: 0,
            payload: RPCStartService(protocolVersion: ourVersion).buffer
        )
    }

    /// A new message id for an outgoing message (one counter for the session, as SDL Core's own).
    mutating func nextMessageID() -> UInt32 {
        messageCounter &+= 1
        return messageCounter
    }

    /// An outgoing control message of the started session.
    mutating func control(_ info: ControlFrameInfo, service: ServiceType, payload: ByteBuffer = ByteBuffer())
        -> SDLFrame?
    {
        guard let parameters else { return nil }
        return SDLFrame.control(
            info, service: service, version: parameters.headerVersion, sessionID: parameters.sessionID,
            messageID: nextMessageID(), payload: payload
        )
    }

    /// An outgoing data message of the started session, split to the service's MTU, or to `maximumFramePayload`
    /// when that is smaller (video frames are kept small so audio can get in between, PS §5).
    ///
    /// With `plaintextChunk` (a protected service) the message is marked encrypted and split into chunks of at most
    /// that many plaintext bytes: the First frame stays clear and declares the plaintext total, and every Single or
    /// Consecutive frame comes back with E = 1 and its plaintext, for the caller to encrypt one by one (PS §2.3).
    mutating func dataFrames(
        service: ServiceType,
        payload: ByteBuffer,
        plaintextChunk: Int? = nil,
        maximumFramePayload: Int = .max
    ) -> [SDLFrame] {
        guard let parameters else { return [] }
        var message = SDLMessage(
            version: parameters.headerVersion, serviceType: service, sessionID: parameters.sessionID,
            messageID: nextMessageID(), payload: payload
        )
        var maximum = min(parameters.mtu.maximumSendPayload(for: service), max(1, maximumFramePayload))
        if let plaintextChunk {
            message.isEncrypted = true
            maximum = min(maximum, plaintextChunk)
        }
        return MessageFragmenter.frames(for: message, maximumPayload: maximum)
    }

    /// A security query to the head unit: a Single frame on the control service, frame info 0, never encrypted.
    mutating func securityFrame(_ payload: ByteBuffer) -> SDLFrame? {
        guard let parameters else { return nil }
        let header = FrameHeader(
            version: parameters.headerVersion, frameType: .single, serviceType: .control, frameInfo: 0,
            sessionID: parameters.sessionID, dataSize: 0, messageID: nextMessageID()
        )
        return SDLFrame(header: header, payload: payload)
    }

    /// Records the MTU a service's StartServiceACK carried, or forgets it when the service ends.
    mutating func setMTU(_ mtu: Int64?, for service: ServiceType) {
        guard case .started(var parameters) = state else { return }
        if let mtu { parameters.mtu.set(mtu, for: service) } else { parameters.mtu.clear(service) }
        state = .started(parameters)
    }

    /// The session ended: nothing more is accepted.
    mutating func end() {
        state = .ended
        assembler.reset()
    }

    /// Classifies one frame from the head unit.
    mutating func receive(_ frame: SDLFrame) -> Action {
        switch state {
        case .idle, .ended:
            return .ignore("frame outside a session: \(frame.header)")
        case .awaitingRPCStart:
            return receiveDuringStart(frame)
        case .started(let parameters):
            guard frame.header.sessionID == parameters.sessionID else {
                state = .ended
                return .fail(
                    SDLSessionError(
                        .unexpectedSessionID(expected: parameters.sessionID, got: frame.header.sessionID),
                        context: frame.header.description
                    )
                )
            }
            let message: SDLMessage
            do {
                guard let whole = try assembler.append(frame) else { return .ignore("part of a multi-frame message") }
                message = whole
            } catch {
                state = .ended
                return .fail(SDLSessionError(.wire(error)))
            }
            return classify(message, parameters: parameters)
        }
    }

    private mutating func receiveDuringStart(_ frame: SDLFrame) -> Action {
        let header = frame.header
        guard header.frameType == .control, header.serviceType == .rpc else {
            return .ignore("frame before the RPC StartServiceACK: \(header)")
        }
        switch header.controlFrameInfo {
        case .startServiceACK:
            do {
                let parameters = try negotiate(frame)
                state = .started(parameters)
                return .rpcStarted(parameters)
            } catch {
                state = .ended
                return .fail(error)
            }
        case .startServiceNAK:
            state = .ended
            do {
                return .fail(SDLSessionError(.serviceRejected(.rpc, try ServiceNAK(payload: frame.payload))))
            } catch {
                return .fail(SDLSessionError(.wire(error), context: "RPC StartServiceNAK"))
            }
        default:
            return .ignore("control frame before the RPC StartServiceACK: \(header)")
        }
    }

    /// Reads the RPC StartServiceACK: BSON from v5 head units; v2-4 head units answer the old way (PS §4.2.1.1-3).
    private func negotiate(_ frame: SDLFrame) throws(SDLSessionError) -> SessionParameters {
        let header = frame.header
        guard header.version >= 2 else {
            throw SDLSessionError(
                .unsupportedProtocolVersion("\(header.version)"), context: "RPC StartServiceACK header")
        }
        var theirs = ProtocolVersion(Int(header.version))
        var ack = RPCStartServiceACK()
        if header.version >= 5 {
            do {
                ack = try RPCStartServiceACK(payload: frame.payload)
            } catch {
                throw SDLSessionError(.wire(error), context: "RPC StartServiceACK")
            }
            if let version = ack.protocolVersion { theirs = version }
        } else if let raw: UInt32 = frame.payload.getInteger(at: frame.payload.readerIndex),
            frame.payload.readableBytes == 4
        {
            ack.hashID = Int32(bitPattern: raw)
        }
        let negotiated = min(ourVersion, theirs)
        guard (2...Int(FrameHeader.highestVersion)).contains(negotiated.major) else {
            throw SDLSessionError(.unsupportedProtocolVersion(negotiated.description), context: "RPC StartServiceACK")
        }
        let headerVersion = UInt8(negotiated.major)
        var mtu = MTU(version: headerVersion)
        if let value = ack.mtu { mtu.set(value, for: .rpc) }
        return SessionParameters(
            protocolVersion: negotiated,
            headerVersion: headerVersion,
            sessionID: header.sessionID,
            hashID: ack.hashID,
            mtu: mtu,
            secondaryTransports: ack.secondaryTransports ?? [],
            audioServiceTransports: ack.audioServiceTransports,
            videoServiceTransports: ack.videoServiceTransports,
            vehicle: ack.vehicle,
            authToken: ack.authToken.map(CloudAuthToken.init)
        )
    }

    private mutating func classify(_ message: SDLMessage, parameters: SessionParameters) -> Action {
        guard let info = message.controlFrameInfo else {
            switch message.serviceType {
            case .rpc, .bulk: return .rpc(message)
            case .audio, .video: return .data(message)
            case .control: return .securityQuery(message.payload)
            default: return .ignore("data on service \(message.serviceType)")
            }
        }
        let service = message.serviceType
        do {
            switch info {
            case .heartbeat:
                return .reply(
                    SDLFrame.control(
                        .heartbeatACK, service: .control, version: parameters.headerVersion,
                        sessionID: parameters.sessionID
                    )
                )
            case .heartbeatACK, .serviceDataACK:
                return .ignore("\(info)")
            case .startServiceACK:
                return .serviceStarted(
                    service, try MediaStartServiceACK(payload: message.payload), encrypted: message.isEncrypted
                )
            case .startServiceNAK:
                return .serviceStartRejected(service, try ServiceNAK(payload: message.payload))
            case .endServiceACK:
                return .serviceEnded(service)
            case .endServiceNAK:
                return .serviceEndRejected(service, try ServiceNAK(payload: message.payload))
            case .endService:
                let reply = SDLFrame.control(
                    .endServiceACK, service: service, version: parameters.headerVersion,
                    sessionID: parameters.sessionID, messageID: nextMessageID()
                )
                return .headUnitEndedService(service, reply: reply)
            case .transportEventUpdate:
                return .transportEventUpdate(try TransportEventUpdate(payload: message.payload))
            default:
                return .ignore("control frame \(info) on \(service)")
            }
        } catch {
            state = .ended
            return .fail(SDLSessionError(.wire(error), context: "\(info) on \(service)"))
        }
    }
}
