import NIOCore
import SDLRPC
import SDLWire
import Testing

@testable import HeadUnit

/// The session state machine without a network: frames in, actions out. Timers are actions too, so the timing
/// rules are checked by firing them by hand.
@Suite("App session state machine")
struct AppSessionTests {
    static func registeredSession(_ quirks: CoreQuirks = CoreQuirks()) throws -> AppSession {
        var configuration = HeadUnitConfiguration(port: 0)
        configuration.quirks = quirks
        var session = AppSession(
            app: AppID(1), sessionID: 1, hashID: 65_537, configuration: configuration,
            startupVideoCapability: configuration.video)
        _ = session.receive(
            .control(
                .startService, service: .rpc, version: 1, sessionID: 0,
                payload: RPCStartService(protocolVersion: ProtocolVersion(5, 4, 0)).buffer))
        let json = Array(TestApp.navigationRegistration.utf8)
        let payload = RPCPayload(type: .request, functionID: FunctionID(rawValue: 1), correlationID: 1, json: json)
        _ = session.receive(rpcFrame(payload.buffer))
        try #require(session.registration != nil)
        _ = session.setStatus(.core(level: .full, navigation: true, media: false))
        return session
    }

    static func rpcFrame(_ payload: ByteBuffer) -> SDLFrame {
        SDLFrame(
            header: FrameHeader(
                version: 5, frameType: .single, serviceType: .rpc, frameInfo: 0, sessionID: 1,
                dataSize: 0, messageID: 1),
            payload: payload)
    }

    static func startVideo(_ session: inout AppSession) -> [SessionAction] {
        let start = VideoStartService(height: 480, width: 800, videoProtocol: "RAW", videoCodec: "H264")
        return session.receive(
            .control(.startService, service: .video, version: 5, sessionID: 1, payload: start.buffer))
    }

    static func sent(_ actions: [SessionAction]) -> [SDLFrame] {
        actions.compactMap { if case .send(let frame) = $0 { frame } else { nil } }
    }

    static let data = SDLFrame(
        header: FrameHeader(
            version: 5, frameType: .single, serviceType: .video, frameInfo: 0, sessionID: 1,
            dataSize: 0, messageID: 9),
        payload: ByteBuffer(bytes: [0, 0, 0, 1, 0x65, 1]))

    @Test(
        "BACKGROUND drops video; the timer ends a service the app kept feeding, not an idle one",
        arguments: [true, false])
    func background(feeds: Bool) throws {
        var session = try Self.registeredSession()
        let scheduled = Self.startVideo(&session)
        #expect(scheduled.contains { if case .schedule(.videoStart, _) = $0 { true } else { false } })
        #expect(Self.sent(session.completeVideoStart()).first?.header.controlFrameInfo == .startServiceACK)

        let toBackground = session.setStatus(.core(level: .background, navigation: true, media: false))
        #expect(toBackground.contains { if case .schedule(.backgroundEnd, .seconds(1)) = $0 { true } else { false } })
        if feeds {
            let dropped = session.receive(Self.data)
            #expect(!dropped.contains { if case .videoData = $0 { true } else { false } })
        }
        let fired = session.backgroundTimerFired()
        #expect(Self.sent(fired).map(\.header.controlFrameInfo) == (feeds ? [.endService] : []))
    }

    @Test("a retry that races the NONE after a NAK is still ACKed, unless the quirk is off", arguments: [true, false])
    func nakRace(quirk: Bool) throws {
        var quirks = CoreQuirks()
        quirks.ackVideoStartRacingNONE = quirk
        var session = try Self.registeredSession(quirks)
        session.rejectedFormats = [.h264RAW]
        let nak = Self.startVideo(&session)
        #expect(Self.sent(nak).first?.header.controlFrameInfo == .startServiceNAK)
        #expect(nak.contains { if case .schedule(.noneAfterVideoNAK, _) = $0 { true } else { false } })

        session.rejectedFormats = []
        _ = Self.startVideo(&session)  // the retry arrives before the NONE
        _ = session.setStatus(.core(level: .none, navigation: false, media: false))
        let answer = Self.sent(session.completeVideoStart()).first?.header.controlFrameInfo
        #expect(answer == (quirk ? .startServiceACK : .startServiceNAK))
    }

    @Test("a NAK for an app already in NONE arms no second NONE that would undo the HMI's next activation")
    func nakInNoneArmsNothing() throws {
        var session = try Self.registeredSession(CoreQuirks())
        _ = session.setStatus(.core(level: .full, navigation: true, media: false))
        session.rejectedFormats = [.h264RAW]
        let first = Self.startVideo(&session)
        #expect(first.contains { if case .schedule(.noneAfterVideoNAK, _) = $0 { true } else { false } })
        _ = session.setStatus(.core(level: .none, navigation: false, media: false))
        let second = Self.startVideo(&session)  // the retry after the NONE: refused for the HMI level
        #expect(Self.sent(second).first?.header.controlFrameInfo == .startServiceNAK)
        #expect(!second.contains { if case .schedule(.noneAfterVideoNAK, _) = $0 { true } else { false } })
    }

    @Test("the NONE after a NAK moves the app to NONE once; for an app already in NONE it sends nothing")
    func noneAfterNAKFiresOnce() throws {
        var session = try Self.registeredSession(CoreQuirks())
        session.rejectedFormats = [.h264RAW]
        _ = Self.startVideo(&session)
        let fired = session.noneAfterVideoNAKFired()
        #expect(session.status.hmiLevel == .none)
        let movedToNone = fired.contains {
            if case .emit(.hmiChanged(_, let status)) = $0 { status.hmiLevel == .none } else { false }
        }
        #expect(movedToNone)
        #expect(session.noneAfterVideoNAKFired().isEmpty, "a second NONE would be an identical OnHMIStatus")
    }

    @Test("message ids: the ACK has 0, then they count, and restart after an EndServiceACK", arguments: [true, false])
    func messageIDs(resets: Bool) throws {
        var quirks = CoreQuirks()
        quirks.messageIDResetsAfterEndServiceACK = resets
        var session = try Self.registeredSession(quirks)
        _ = Self.startVideo(&session)
        _ = session.completeVideoStart()
        let end = Self.sent(session.receive(.control(.endService, service: .video, version: 5, sessionID: 1)))
        #expect(end.map(\.header.controlFrameInfo) == [.endServiceACK])
        let next = Self.sent(session.setStatus(.core(level: .limited, navigation: true, media: false)))
        #expect(next.first?.header.messageID == (resets ? 0 : end[0].header.messageID + 1))
    }
}

/// Core's JSON templates parse, so the RAI response and OnPermissionsChange are never the fallbacks.
@Suite("Core templates")
struct CoreTemplateTests {
    @Test("the RegisterAppInterface response and OnPermissionsChange templates are valid JSON")
    func templates() throws {
        let registration = try JSONValue(parsing: Array(CoreTemplates.registerAppInterfaceResponse.utf8))
        #expect(registration["hmiCapabilities"]?["videoStreaming"] == true)
        #expect(registration["videoStreamingCapability"] == nil)
        let permissions = try JSONValue(parsing: Array(CoreTemplates.permissionsChange.utf8))
        #expect(permissions["permissionItem"]?.arrayValue?.count == 61)
    }
}

/// Core's decisions that used to sit in the actor: the duplicate-touch quirk and the stalled handshake.
@Suite("App session: touches and handshake faults")
struct AppSessionDecisionTests {
    @Test("Core sends each touch twice to a navigation app only with the quirk on", arguments: [true, false])
    func duplicateTouches(duplicate: Bool) throws {
        var quirks = CoreQuirks()
        quirks.duplicateTouchEvents = duplicate
        var session = try AppSessionTests.registeredSession(quirks)
        let tap = OnTouchEvent.tap(x: 10, y: 20)
        let (actions, sent) = session.touches(tap)
        #expect(sent == tap.count * (duplicate ? 2 : 1))
        #expect(AppSessionTests.sent(actions).count == sent)
        let reported = actions.compactMap { action -> Int? in
            if case .emit(.touchSent(_, _, let notifications)) = action { notifications } else { nil }
        }
        #expect(reported == Array(repeating: duplicate ? 2 : 1, count: tap.count))
    }

    @Test("an app outside FULL gets no touches")
    func touchesOnlyInFull() throws {
        var session = try AppSessionTests.registeredSession()
        _ = session.setStatus(.core(level: .limited, navigation: true, media: false))
        let (actions, sent) = session.touches(OnTouchEvent.tap(x: 10, y: 20))
        #expect(sent == 0)
        #expect(actions.isEmpty)
    }

    @Test("a stalled handshake ignores handshake data but takes the app's internal error")
    func stalledHandshakeFilter() throws {
        var session = try AppSessionTests.registeredSession()
        let data = SecurityQuery(type: .notification, queryID: .sendHandshakeData, sequenceNumber: 1, binary: [1])
        let internalError = SecurityQuery(type: .notification, queryID: .sendInternalError, sequenceNumber: 1)
        #expect(session.acceptsSecurityQuery(data.buffer))
        session.handshakeStalled = true
        #expect(!session.acceptsSecurityQuery(data.buffer))
        #expect(session.acceptsSecurityQuery(internalError.buffer))
        #expect(!session.acceptsSecurityQuery(ByteBuffer(bytes: [1, 2])), "not a security query at all")
    }
}
