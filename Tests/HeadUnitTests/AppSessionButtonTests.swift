import Foundation
import NIOCore
import SDLRPC
import SDLWire
import Testing

@testable import HeadUnit

/// SubscribeButton, the presses and the knob as SDL Core 8.2 does them (docs/buttons.md), on the session state
/// machine without a network.
@Suite("App session: buttons and the knob")
struct AppSessionButtonTests {
    /// A session registered with `types` and `media`, on a car with `buttons`, at `level`.
    static func session(
        types: [String] = ["NAVIGATION"], media: Bool = false,
        buttons: [ButtonName] = HeadUnitConfiguration.tracedButtons + ButtonName.navigation, level: HMILevel = .full
    ) throws -> AppSession {
        var configuration = HeadUnitConfiguration(port: 0)
        configuration.buttons = buttons
        var session = AppSession(
            app: AppID(1), sessionID: 1, hashID: 65_537, configuration: configuration,
            startupVideoCapability: configuration.video)
        _ = session.receive(
            .control(
                .startService, service: .rpc, version: 1, sessionID: 0,
                payload: RPCStartService(protocolVersion: ProtocolVersion(5, 4, 0)).buffer))
        var json = TestApp.registration(types: types)
        if media {
            json = json.replacingOccurrences(of: #""isMediaApplication":false"#, with: #""isMediaApplication":true"#)
        }
        let payload = RPCPayload(
            type: .request, functionID: FunctionID(rawValue: 1), correlationID: 1, json: Array(json.utf8))
        _ = session.receive(AppSessionTests.rpcFrame(payload.buffer))
        try #require(session.registration != nil)
        _ = session.setStatus(.core(level: level, navigation: true, media: media))
        return session
    }

    /// Sends `function` with `json` and returns the response's resultCode.
    static func answer(_ session: inout AppSession, function: FunctionID, json: String) throws -> String {
        let payload = RPCPayload(type: .request, functionID: function, correlationID: 7, json: Array(json.utf8))
        let frames = AppSessionTests.sent(session.receive(AppSessionTests.rpcFrame(payload.buffer)))
        let response = try #require(frames.first)
        let rpc = try RPCPayload(decoding: response.payload)
        let body = try JSONValue(parsing: rpc.json)
        return try #require(body["resultCode"]?.stringValue)
    }

    static func subscribe(_ session: inout AppSession, _ name: String) throws -> String {
        try answer(&session, function: .subscribeButton, json: #"{"buttonName":"\#(name)"}"#)
    }

    /// The RPC notifications in `actions`: function name and body.
    static func notifications(_ actions: [SessionAction]) throws -> [(String, JSONValue)] {
        try AppSessionTests.sent(actions).map { frame in
            let rpc = try RPCPayload(decoding: frame.payload)
            return (rpc.functionID.name ?? "?", try JSONValue(parsing: rpc.json))
        }
    }

    @Test("the register response lists the car's buttons, and only those")
    func capabilities() throws {
        var configuration = HeadUnitConfiguration(port: 0)
        configuration.buttons = [.ok, .navZoomIn]
        let body = CoreRPC.registerResponse(configuration: configuration)
        let names = body["buttonCapabilities"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
        #expect(names == ["OK", "NAV_ZOOM_IN"])
        let touch = body["displayCapabilities"]?["screenParams"]?["touchEventAvailable"]?["pressAvailable"]
        #expect(touch?.boolValue == true)
        configuration.touchScreen = false
        let noTouch = CoreRPC.registerResponse(configuration: configuration)
        let screen = noTouch["displayCapabilities"]?["screenParams"]
        #expect(screen?["touchEventAvailable"]?["pressAvailable"]?.boolValue == false)
    }

    @Test(
        "SubscribeButton answers as Core 8.2's checks do, by app type and the car's buttons",
        arguments: [
            // (app types, media, button, answer)
            (["NAVIGATION"], false, "NAV_ZOOM_IN", "SUCCESS"),
            (["NAVIGATION"], false, "OK", "SUCCESS"),
            (["PROJECTION"], false, "NAV_ZOOM_IN", "REJECTED"),
            (["PROJECTION"], false, "OK", "SUCCESS"),
            (["NAVIGATION"], false, "TUNEUP", "REJECTED"),
            (["NAVIGATION"], true, "TUNEUP", "SUCCESS"),
            (["NAVIGATION"], false, "CUSTOM_BUTTON", "UNSUPPORTED_RESOURCE"),
            (["NAVIGATION"], false, "ZOOM", "INVALID_DATA"),
        ])
    func subscribeAnswers(types: [String], media: Bool, button: String, expected: String) throws {
        var session = try Self.session(types: types, media: media)
        #expect(try Self.subscribe(&session, button) == expected)
    }

    @Test("a map button the car lacks is UNSUPPORTED_RESOURCE; NONE is DISALLOWED; twice is IGNORED")
    func subscribeStates() throws {
        var traced = try Self.session(buttons: HeadUnitConfiguration.tracedButtons)
        #expect(try Self.subscribe(&traced, "NAV_ZOOM_IN") == "UNSUPPORTED_RESOURCE")
        var none = try Self.session(level: .none)
        #expect(try Self.subscribe(&none, "OK") == "DISALLOWED")
        var session = try Self.session()
        #expect(try Self.subscribe(&session, "OK") == "SUCCESS")
        #expect(try Self.subscribe(&session, "OK") == "IGNORED")
        #expect(try Self.answer(&session, function: .unsubscribeButton, json: #"{"buttonName":"OK"}"#) == "SUCCESS")
        #expect(try Self.answer(&session, function: .unsubscribeButton, json: #"{"buttonName":"OK"}"#) == "IGNORED")
        #expect(!session.takesButton(.ok))
    }

    @Test("a short press is DOWN, UP, SHORT; a long one DOWN, LONG, UP; only to a subscribed app in the right level")
    func presses() throws {
        var session = try Self.session()
        #expect(!session.takesButton(.navZoomIn))
        _ = try Self.subscribe(&session, "NAV_ZOOM_IN")
        _ = try Self.subscribe(&session, "OK")
        #expect(session.takesButton(.navZoomIn))
        let short = try Self.notifications(session.pressButton(.navZoomIn, long: false))
        #expect(short.map(\.0) == ["OnButtonEvent", "OnButtonEvent", "OnButtonPress"])
        #expect(
            short.map { $0.1["buttonEventMode"]?.stringValue ?? $0.1["buttonPressMode"]?.stringValue }
                == ["BUTTONDOWN", "BUTTONUP", "SHORT"])
        #expect(short.allSatisfy { $0.1["buttonName"]?.stringValue == "NAV_ZOOM_IN" })
        let long = try Self.notifications(session.pressButton(.navZoomIn, long: true))
        #expect(
            long.map { $0.1["buttonEventMode"]?.stringValue ?? $0.1["buttonPressMode"]?.stringValue }
                == ["BUTTONDOWN", "LONG", "BUTTONUP"])
        // Core sends OK only to the app on screen; other buttons also to one in LIMITED.
        _ = session.setStatus(.core(level: .limited, navigation: true, media: false))
        #expect(!session.takesButton(.ok))
        #expect(session.takesButton(.navZoomIn))
        _ = session.setStatus(.core(level: .background, navigation: true, media: false))
        #expect(!session.takesButton(.navZoomIn))
    }

    @Test("the knob walks the haptic rects in reading order, wraps, and restarts when its rect is gone")
    func knob() throws {
        var session = try Self.session()
        #expect(session.turnKnob(by: 1).rect == nil)
        session.hapticRects = [
            HapticRect(id: 3, x: 0, y: 100, width: 100, height: 50),
            HapticRect(id: 1, x: 200, y: 0, width: 100, height: 50),
            HapticRect(id: 2, x: 0, y: 0, width: 100, height: 50),
        ]
        let forward = (0..<4).compactMap { _ in session.turnKnob(by: 1).rect?.id }
        #expect(forward == [2, 1, 3, 2])
        #expect(session.turnKnob(by: -1).rect?.id == 3)
        session.hapticRects.removeAll { $0.id == 3 }
        #expect(session.knobRect == nil)
        #expect(session.turnKnob(by: 1).rect?.id == 2)
    }

    @Test("the console's button and knob commands parse, and refuse a button the spec does not name")
    func console() throws {
        #expect(try ConsoleCommand(parsing: "button nav_zoom_in") == .button(.navZoomIn, long: false))
        #expect(try ConsoleCommand(parsing: "button OK long") == .button(.ok, long: true))
        #expect(try ConsoleCommand(parsing: "knob right") == .knob(.right))
        #expect(try ConsoleCommand(parsing: "knob press") == .knob(.press))
        #expect(throws: HeadUnitError.self) { try ConsoleCommand(parsing: "button ZOOM") }
        #expect(throws: HeadUnitError.self) { try ConsoleCommand(parsing: "button OK twice") }
        #expect(throws: HeadUnitError.self) { try ConsoleCommand(parsing: "knob up") }
    }
}
