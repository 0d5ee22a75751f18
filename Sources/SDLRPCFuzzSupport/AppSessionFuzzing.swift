import HeadUnit
import NIOCore
import SDLRPC
import SDLWire

/// Drives one emulated app session with arbitrary input, as a connected app could, and checks the invariants the
/// emulator must keep whatever the app sends.
///
/// `AppSession` is a pure value (frames in, actions out), so the harness needs no network and no clock: timers are
/// actions, fired here when the input asks. It lives with the fuzz support, not in the emulator: `AppSession` and
/// the few members it drives are `package` in `HeadUnit`, so the harness reaches them without being part of the
/// emulator's library or its API. The libFuzzer target (`SDLRPCFuzz`) and the bounded randomized test in
/// `HeadUnitTests` both run it through ``RPCFuzzHarness``.
///
/// The input is a settings byte, then records of `op, arg, length (2 bytes, big-endian), body`, so the fuzzer can
/// reach deep states (registered, streaming, keyboard open) instead of spending itself on the first frame:
///
/// | op % 11 | record |
/// |---|---|
/// | 0 | raw wire bytes, split into frames by `SDLFrameDecoder` |
/// | 1, 2, 3 | an RPC request, notification or response; `arg` picks the function, the body is its JSON |
/// | 4 | a control frame; `arg` picks the frame info and service, the body is its (BSON) payload |
/// | 5 | video (even `arg`) or audio data |
/// | 6 | fire a timer the session scheduled (`arg` picks which) |
/// | 7 | the HMI sets a level (`arg` picks it) |
/// | 8 | the connection closes (teardown) or one transport is lost |
/// | 9 | the head unit's keyboard: type the body, delete, submit or cancel |
/// | 10 | a protocol 1 RPC: the body is its JSON envelope |
///
/// ```swift
/// let violations = AppSessionFuzzing.exercise(bytes)
/// precondition(violations.isEmpty, violations.joined(separator: "\n"))
/// ```
enum AppSessionFuzzing {
    /// The functions a record can name: every RPC the emulator answers, one it does not know, and one that no spec
    /// has.
    static let functions: [FunctionID] = [
        CoreRPC.registerAppInterface, CoreRPC.unregisterAppInterface, CoreRPC.getSystemCapability,
        CoreRPC.sendHapticData, CoreRPC.onAppCapabilityUpdated, CoreRPC.subscribeVehicleData,
        CoreRPC.getVehicleData, CoreRPC.setGlobalProperties, CoreRPC.performInteraction, CoreRPC.genericResponse,
        FunctionID(rawValue: 0x0D), FunctionID(rawValue: 0x0FFF_FFFF),
    ]

    static let services: [ServiceType] = [.control, .rpc, .audio, .video, .bulk]

    /// More than this many bytes sent for one record is a runaway answer (the largest, OnPermissionsChange, is
    /// about 16 KB).
    static let maximumBytesPerStep = 256 << 10

    /// The session id the emulator gives the fuzzed app.
    static let sessionID: UInt8 = 1

    /// Runs `input` through a fresh session; returns the invariants that did not hold (empty when all is well).
    static func exercise(_ input: some Collection<UInt8>) -> [String] {
        var reader = Array(input)[...]
        guard let settings = reader.popFirst() else { return [] }
        var run = Run(settings: settings)
        if settings & 0x01 != 0 { run.register() }
        while let op = reader.popFirst() {
            let arg = reader.popFirst() ?? 0
            let high = Int(reader.popFirst() ?? 0)
            let low = Int(reader.popFirst() ?? 0)
            let count = min((high << 8) | low, reader.count)
            let body = Array(reader.prefix(count))
            reader = reader.dropFirst(count)
            run.step(op: op, arg: arg, body: body)
        }
        run.step(op: 8, arg: 0, body: [])
        return run.violations
    }

    /// One session and what the harness has seen of it.
    struct Run {
        var session: AppSession
        var violations: [String] = []
        var scheduled: Set<SessionTimer> = []
        /// Correlation ids of the RPCs the app sent: a response may only carry one of them (or 0, Core's answer to
        /// an RPC whose header it could not read). The emulator never makes one up.
        var correlations: Set<UInt32> = [0]
        var nextCorrelation: UInt32 = 1
        var correlationsKnown = true

        init(settings: UInt8) {
            var configuration = HeadUnitConfiguration(port: 0)
            if settings & 0x02 != 0 {
                // Core's quirks off: the spec's behaviour, whose paths differ (no NONE after a NAK, and so on).
                configuration.quirks = CoreQuirks(
                    duplicateTouchEvents: false, staleSystemCapability: false, noneAfterVideoNAK: nil,
                    ackVideoStartRacingNONE: false, backgroundEndServiceDelay: nil,
                    messageIDResetsAfterEndServiceACK: false, dropAppCapabilityInNONE: false,
                    coreForcedProtectionRefusal: false)
            }
            if settings & 0x04 != 0 { configuration.protocolVersion = ProtocolVersion(4, 0, 0) }
            session = AppSession(
                app: AppID(1), sessionID: AppSessionFuzzing.sessionID, hashID: 65_537, configuration: configuration,
                startupVideoCapability: configuration.video)
        }

        /// Starts the RPC service and registers a navigation app, so short inputs begin where streaming does.
        mutating func register() {
            let start = RPCStartService(protocolVersion: ProtocolVersion(5, 4, 0))
            let frame = SDLFrame.control(.startService, service: .rpc, version: 5, sessionID: 0, payload: start.buffer)
            check(session.receive(frame))
            let registration =
                #"{"appHMIType":["NAVIGATION"],"appID":"fuzz","appName":"Fuzz","#
                + #""isMediaApplication":false,"languageDesired":"EN-US","hmiDisplayLanguageDesired":"EN-US","#
                + #""syncMsgVersion":{"majorVersion":8,"minorVersion":0}}"#
            step(op: 1, arg: 0, body: Array(registration.utf8))
        }

        mutating func step(op: UInt8, arg: UInt8, body: [UInt8]) {
            switch op % 11 {
            case 0:
                var decoder = SDLFrameDecoder()
                var buffer = ByteBuffer(bytes: body)
                // A typed refusal ends the stream, as it ends the connection.
                while let frame = try? decoder.decode(buffer: &buffer) {
                    noteCorrelation(frame)
                    check(session.receive(frame))
                }
            case 1, 2, 3:
                let type: [RPCMessageType] = [.request, .notification, .response]
                let function = functions[Int(arg) % functions.count]
                let correlation = nextCorrelation
                nextCorrelation &+= 1
                correlations.insert(correlation)
                let payload = RPCPayload(
                    type: type[Int(op % 11) - 1], functionID: function, correlationID: correlation, json: body)
                check(session.receive(frame(.rpc, payload.buffer, encrypted: arg & 0x80 != 0)))
            case 4:
                let info = ControlFrameInfo(rawValue: arg & 0x0F)
                let service = services[Int(arg >> 4) % services.count]
                check(
                    session.receive(
                        .control(
                            info, service: service, version: session.version, sessionID: AppSessionFuzzing.sessionID,
                            payload: ByteBuffer(bytes: body))))
            case 5:
                check(session.receive(frame(arg & 1 == 0 ? .video : .audio, ByteBuffer(bytes: body), encrypted: false)))
            case 6:
                fire(arg)
            case 7:
                let levels: [HMILevel] = [.full, .limited, .background, .none]
                let navigation = session.registration?.navigation ?? false
                let level = levels[Int(arg) % levels.count]
                check(session.setStatus(.core(level: level, navigation: navigation, media: false)))
            case 8:
                if arg & 1 == 0 {
                    check(session.teardown(unexpected: arg & 2 != 0))
                    if session.registration != nil { violations.append("still registered after teardown") }
                    if case .idle = session.video {} else { violations.append("video not idle after teardown") }
                } else {
                    check(session.transportLost([.video, .audio]))
                }
            case 9:
                let actions: [SessionAction]?
                switch arg % 4 {
                // Typing is the operator's console, not the app: a line's worth (each key resends the entry).
                case 0: actions = session.typeOnKeyboard(String(decoding: body.prefix(64), as: UTF8.self))
                case 1: actions = session.deleteOnKeyboard()
                case 2: actions = session.keyboard == nil ? nil : session.closeKeyboard(result: "SUCCESS")
                default: actions = session.keyboard == nil ? nil : session.closeKeyboard(result: "ABORTED")
                }
                if let actions { check(actions) }
            default:
                let header = FrameHeader(
                    version: 1, frameType: .single, serviceType: .rpc, frameInfo: 0,
                    sessionID: AppSessionFuzzing.sessionID, dataSize: 0)
                let frame = SDLFrame(header: header, payload: ByteBuffer(bytes: body))
                noteCorrelation(frame)
                check(session.receive(frame))
            }
        }

        /// Notes the correlation id an RPC in a raw frame carries, so that its answer is not taken for one that answers
        /// nothing. A multi-frame RPC is not read here: the check is off for the rest of the run.
        mutating func noteCorrelation(_ frame: SDLFrame) {
            guard frame.header.serviceType == .rpc || frame.header.serviceType == .bulk else { return }
            guard frame.header.frameType == .single else {
                if frame.header.frameType != .control { correlationsKnown = false }
                return
            }
            if frame.header.version == 1 {
                let envelope = try? RPCEnvelopeV1(decoding: Array(frame.payload.readableBytesView))
                if let envelope { correlations.insert(UInt32(clamping: envelope.correlationID ?? 0)) }
            } else if let correlation = frame.payload.getInteger(
                at: frame.payload.readerIndex + 4, endianness: .big, as: UInt32.self)
            {
                // The header's second word, read as the emulator reads it: a request whose JSON size runs past its
                // bytes is answered (INVALID_DATA) under the correlation id it carries.
                correlations.insert(correlation)
            }
        }

        func frame(_ service: ServiceType, _ payload: ByteBuffer, encrypted: Bool) -> SDLFrame {
            let header = FrameHeader(
                version: session.version, isEncrypted: encrypted, frameType: .single, serviceType: service,
                frameInfo: 0, sessionID: AppSessionFuzzing.sessionID, dataSize: 0, messageID: 7)
            return SDLFrame(header: header, payload: payload)
        }

        /// Fires one of the timers the session scheduled, as the emulator's clock would.
        mutating func fire(_ arg: UInt8) {
            let pending = scheduled.sorted { "\($0)" < "\($1)" }
            guard !pending.isEmpty else { return }
            let timer = pending[Int(arg) % pending.count]
            scheduled.remove(timer)
            switch timer {
            case .activation:
                let navigation = session.registration?.navigation ?? false
                check(session.setStatus(.core(level: .full, navigation: navigation, media: false)))
            case .noneAfterVideoNAK: check(session.noneAfterVideoNAKFired())
            case .videoStart: check(session.completeVideoStart())
            case .backgroundEnd: check(session.backgroundTimerFired())
            case .keyboardTimeout: check(session.closeKeyboard(result: "TIMED_OUT"))
            case .handshake: break  // The emulator's TLS code handles it; there is no handshake here.
            }
        }

        /// Checks one step's actions: every frame the emulator sends must be one it could read back, for this session,
        /// answering only what was asked, and the step must stay small.
        mutating func check(_ actions: [SessionAction]) {
            var sentBytes = 0
            for action in actions {
                switch action {
                case .schedule(let timer, _): scheduled.insert(timer)
                case .cancel(let timer): scheduled.remove(timer)
                case .send(let frame), .sendEncrypted(let frame):
                    sentBytes += frame.wireSize
                    checkSent(frame)
                default: break
                }
            }
            if sentBytes > maximumBytesPerStep {
                violations.append("one step sent \(sentBytes) bytes > \(maximumBytesPerStep)")
            }
            if session.assembler.pendingDeclaredBytes > session.assembler.maximumBufferedBytes {
                violations.append(
                    "assembler holds \(session.assembler.pendingDeclaredBytes) > "
                        + "\(session.assembler.maximumBufferedBytes)")
            }
            if session.registration == nil, session.keyboard != nil {
                violations.append("keyboard open for an unregistered app")
            }
        }

        mutating func checkSent(_ frame: SDLFrame) {
            var decoder = SDLFrameDecoder()
            var written = ByteBuffer(bytes: frame.bytes)
            guard (try? decoder.decode(buffer: &written)) == frame else {
                violations.append("sent frame \(frame.header) does not decode from its own bytes")
                return
            }
            if frame.header.sessionID != AppSessionFuzzing.sessionID {
                violations.append("sent frame for session \(frame.header.sessionID): \(frame.header)")
            }
            guard frame.header.serviceType == .rpc, frame.header.frameType == .single else { return }
            let json: [UInt8]
            if frame.header.version == 1 {
                guard let envelope = try? RPCEnvelopeV1(decoding: Array(frame.payload.readableBytesView)) else {
                    violations.append("sent a protocol 1 RPC that does not decode")
                    return
                }
                json = envelope.parameters
            } else {
                guard let payload = try? RPCPayload(decoding: frame.payload) else {
                    violations.append("sent an RPC payload that does not decode")
                    return
                }
                if payload.type == .response, correlationsKnown, !correlations.contains(payload.correlationID) {
                    violations.append("response correlation id \(payload.correlationID) matches no RPC the app sent")
                }
                json = payload.json
            }
            if (try? JSONValue(parsing: json))?.objectValue == nil {
                violations.append("sent RPC JSON that is not an object: \(String(decoding: json, as: UTF8.self))")
            }
        }
    }
}
