import Foundation
import HeadUnit
import SDLRPC

/// A JSON text message from the page.
///
/// ```
/// {"type":"hello","decode":"h264"}                      which pictures the page wants
/// {"type":"setHMILevel","level":"LIMITED"}
/// {"type":"setAppState","state":"BACKGROUND"}
/// {"type":"resize","width":320,"height":240,"scale":1}
/// {"type":"rejectFormat","codec":"H264","protocol":"RAW"}
/// {"type":"allowFormat","codec":"H264","protocol":"RAW"}
/// {"type":"selectApp","app":"2"}
/// {"type":"dropConnection"}
/// {"type":"touch","event":{"type":"BEGIN","touches":[{"id":0,"x":400,"y":240,"ts":1234}]}}
/// {"type":"driverDistraction","on":true}
/// {"type":"ambientLight","status":"NIGHT"}
/// {"type":"keyboardType","text":"Main"}
/// {"type":"keyboardSubmit"}  {"type":"keyboardCancel"}  {"type":"keyboardBackspace"}
/// {"type":"linkKbps","kbps":1000}  {"type":"linkKbps"}     a slow link; without kbps: no cap
/// {"type":"button","name":"NAV_ZOOM_IN"}  {"type":"button","name":"OK","long":true}
/// {"type":"knob","action":"right"}                         left, right or press
/// {"type":"activateCloudApp","app":"swiftsdl-nav"}         dial a cloud app (or bring it to FULL)
/// ```
enum ClientMessage: Sendable, Hashable {
    case hello(ClientOutbox.DecodeMode)
    case command(ViewerCommand)

    /// The largest text message accepted; a touch event with ten fingers is about 600 bytes.
    static let maximumSize = 16 << 10

    private struct Wire: Decodable {
        var type: String
        var decode: ClientOutbox.DecodeMode?
        var level: ViewerHMILevel?
        var state: ViewerAppState?
        var width: Int?
        var height: Int?
        var scale: Double?
        var codec: String?
        var `protocol`: String?
        var event: PageTouch?
        var app: String?
        var on: Bool?
        var status: String?
        var text: String?
        var kbps: Int?
        var name: String?
        var long: Bool?
        var action: String?
    }

    /// The page's touch event: `{"type":"BEGIN","touches":[{"id":0,"x":400,"y":240,"ts":1234}]}`, head-unit pixels
    /// (the page rounds them), read only to become SDLRPC's `OnTouchEvent` at once.
    private struct PageTouch: Decodable {
        struct Finger: Decodable {
            var id: Int
            var x: Double
            var y: Double
            var ts: Int
        }
        var type: String
        var touches: [Finger]

        /// The `OnTouchEvent` the head unit sends; a coordinate that is not a whole pixel within MOBILE_API's
        /// range is refused here, before it could trap on the way to an `Int`.
        func onTouchEvent() throws(ViewerError) -> OnTouchEvent {
            var fingers: [SDLRPC.TouchEvent] = []
            for finger in touches {
                let limit = Double(TouchCoord.specRange.upperBound)
                guard finger.x >= 0, finger.x <= limit, finger.y >= 0, finger.y <= limit else {
                    throw ViewerError(.invalidCommand, "touch (\(finger.x), \(finger.y)) is outside MOBILE_API's range")
                }
                let point = TouchCoord(x: Int(finger.x.rounded()), y: Int(finger.y.rounded()))
                fingers.append(SDLRPC.TouchEvent(id: finger.id, ts: [finger.ts], c: [point]))
            }
            return OnTouchEvent(type: TouchType(rawValue: type), event: fingers)
        }
    }

    /// The ambient light values of the RPC spec the page may send.
    static let ambientLights: Set<String> = [
        "DAY", "NIGHT", "TWILIGHT_1", "TWILIGHT_2", "TWILIGHT_3", "TWILIGHT_4", "UNKNOWN", "INVALID",
    ]
    /// The longest text typed in one message.
    static let maximumTypedText = 500
    /// The fastest link cap the page may set: 10 Gbit/s.
    static let maximumLinkKbps = 10_000_000

    /// Parses a message; a bad one throws ``ViewerError`` with kind `.invalidCommand` naming what is wrong.
    init(json: String) throws(ViewerError) {
        guard json.utf8.count <= Self.maximumSize else {
            throw ViewerError(.invalidCommand, "message of \(json.utf8.count) bytes exceeds \(Self.maximumSize)")
        }
        let wire: Wire
        do {
            wire = try JSONDecoder().decode(Wire.self, from: Data(json.utf8))
        } catch {
            throw ViewerError(.invalidCommand, "unreadable message: \(error)")
        }
        func require<T>(_ value: T?, _ field: String) throws(ViewerError) -> T {
            guard let value else { throw ViewerError(.invalidCommand, "\(wire.type) needs \"\(field)\"") }
            return value
        }
        switch wire.type {
        case "hello": self = .hello(wire.decode ?? .h264)
        case "setHMILevel": self = .command(.setHMILevel(try require(wire.level, "level")))
        case "setAppState": self = .command(.setAppState(try require(wire.state, "state")))
        case "resize":
            let screen = ViewerScreen(
                width: try require(wire.width, "width"), height: try require(wire.height, "height"),
                scale: wire.scale ?? 1)
            self = .command(.resize(try screen.validated()))
        case "rejectFormat":
            let format = ViewerVideoFormat(
                codec: try require(wire.codec, "codec"), protocol: try require(wire.protocol, "protocol"))
            self = .command(.rejectFormat(format))
        case "allowFormat":
            let format = ViewerVideoFormat(
                codec: try require(wire.codec, "codec"), protocol: try require(wire.protocol, "protocol"))
            self = .command(.allowFormat(format))
        case "selectApp": self = .command(.selectApp(try require(wire.app, "app")))
        case "dropConnection": self = .command(.dropConnection)
        case "touch": self = .command(.touch(try require(wire.event, "event").onTouchEvent()))
        case "driverDistraction": self = .command(.setDriverDistraction(try require(wire.on, "on")))
        case "ambientLight":
            let status = try require(wire.status, "status")
            guard Self.ambientLights.contains(status) else {
                throw ViewerError(
                    .invalidCommand, "ambientLight \"\(status)\" is not one of \(Self.ambientLights.sorted())")
            }
            self = .command(.setAmbientLight(status))
        case "keyboardType":
            let text = try require(wire.text, "text")
            guard !text.isEmpty, text.count <= Self.maximumTypedText else {
                throw ViewerError(.invalidCommand, "keyboardType text must be 1...\(Self.maximumTypedText) characters")
            }
            self = .command(.typeOnKeyboard(text))
        case "keyboardBackspace": self = .command(.backspaceOnKeyboard)
        case "linkKbps":
            if let kbps = wire.kbps, !(1...Self.maximumLinkKbps).contains(kbps) {
                throw ViewerError(.invalidCommand, "linkKbps kbps must be 1...\(Self.maximumLinkKbps), not \(kbps)")
            }
            self = .command(.setLinkKbps(wire.kbps))
        case "button":
            let name = ButtonName(rawValue: try require(wire.name, "name"))
            guard ButtonName.specified.contains(name) else {
                throw ViewerError(.invalidCommand, "button \"\(name)\" is not a ButtonName of the RPC spec")
            }
            self = .command(.pressButton(name, long: wire.long ?? false))
        case "knob":
            let action = try require(wire.action, "action")
            guard let knob = KnobAction(rawValue: action) else {
                let actions = KnobAction.allCases.map(\.rawValue).joined(separator: ", ")
                throw ViewerError(.invalidCommand, "knob \"\(action)\" is not one of \(actions)")
            }
            self = .command(.turnKnob(knob))
        case "activateCloudApp": self = .command(.activateCloudApp(try require(wire.app, "app")))
        case "keyboardSubmit": self = .command(.closeKeyboard(submit: true))
        case "keyboardCancel": self = .command(.closeKeyboard(submit: false))
        default: throw ViewerError(.invalidCommand, "unknown message type \"\(wire.type)\"")
        }
    }
}
