import HeadUnit
import SDLRPC
import Testing

@testable import HeadUnitViewer

@Suite("ClientMessage: the page's JSON")
struct ClientMessageTests {
    static let valid: [(String, ClientMessage)] = [
        (#"{"type":"hello","decode":"jpeg"}"#, .hello(.jpeg)),
        (#"{"type":"hello"}"#, .hello(.h264)),
        (#"{"type":"setHMILevel","level":"LIMITED"}"#, .command(.setHMILevel(.limited))),
        (#"{"type":"setAppState","state":"BACKGROUND"}"#, .command(.setAppState(.background))),
        (#"{"type":"resize","width":320,"height":240,"scale":1}"#, .command(.resize(.pictureInPicture))),
        (
            #"{"type":"resize","width":1280,"height":720,"scale":1.5}"#,
            .command(.resize(ViewerScreen(width: 1280, height: 720, scale: 1.5)))
        ),
        (#"{"type":"rejectFormat","codec":"H264","protocol":"RTP"}"#, .command(.rejectFormat(.h264RTP))),
        (#"{"type":"allowFormat","codec":"H264","protocol":"RTP"}"#, .command(.allowFormat(.h264RTP))),
        (#"{"type":"dropConnection"}"#, .command(.dropConnection)),
        (#"{"type":"selectApp","app":"2"}"#, .command(.selectApp("2"))),
        (#"{"type":"driverDistraction","on":true}"#, .command(.setDriverDistraction(true))),
        (#"{"type":"ambientLight","status":"NIGHT"}"#, .command(.setAmbientLight("NIGHT"))),
        (#"{"type":"keyboardType","text":"Main"}"#, .command(.typeOnKeyboard("Main"))),
        (#"{"type":"keyboardBackspace"}"#, .command(.backspaceOnKeyboard)),
        (#"{"type":"keyboardSubmit"}"#, .command(.closeKeyboard(submit: true))),
        (#"{"type":"keyboardCancel"}"#, .command(.closeKeyboard(submit: false))),
        (#"{"type":"linkKbps","kbps":1000}"#, .command(.setLinkKbps(1_000))),
        (#"{"type":"linkKbps"}"#, .command(.setLinkKbps(nil))),
        (#"{"type":"button","name":"NAV_ZOOM_IN"}"#, .command(.pressButton(.navZoomIn, long: false))),
        (#"{"type":"button","name":"OK","long":true}"#, .command(.pressButton(.ok, long: true))),
        (#"{"type":"knob","action":"right"}"#, .command(.turnKnob(.right))),
        (#"{"type":"knob","action":"press"}"#, .command(.turnKnob(.press))),
        (
            #"{"type":"touch","event":{"type":"MOVE","touches":"#
                + #"[{"id":0,"x":10,"y":20,"ts":5},{"id":1,"x":30,"y":40,"ts":5}]}}"#,
            .command(.touch(pageTouch(.move, [(0, 10, 20), (1, 30, 40)], ts: 5)))
        ),
    ]

    @Test("parses each message", arguments: valid)
    func parses(json: String, expected: ClientMessage) throws {
        #expect(try ClientMessage(json: json) == expected)
    }

    @Test(
        "refuses bad messages with a typed error",
        arguments: [
            "not json", #"{"type":"jump"}"#, #"{"type":"setHMILevel"}"#, #"{"type":"setHMILevel","level":"HIGH"}"#,
            #"{"type":"resize","width":0,"height":240}"#, #"{"type":"resize","width":320,"height":99999}"#,
            #"{"type":"resize","width":320,"height":240,"scale":0.5}"#, #"{"type":"touch"}"#,
            #"{"type":"driverDistraction"}"#, #"{"type":"ambientLight","status":"DUSK"}"#,
            #"{"type":"keyboardType","text":""}"#, #"{"type":"keyboardType"}"#,
            #"{"type":"linkKbps","kbps":0}"#, #"{"type":"linkKbps","kbps":10000001}"#,
            #"{"type":"linkKbps","kbps":"x"}"#, #"{"type":"button"}"#, #"{"type":"button","name":"HORN"}"#,
            #"{"type":"button","name":"OK","long":"yes"}"#, #"{"type":"knob"}"#, #"{"type":"knob","action":"up"}"#,
        ])
    func refuses(json: String) {
        #expect(throws: ViewerError.self) { try ClientMessage(json: json) }
    }

    @Test("refuses a message over the size limit before parsing it")
    func refusesOversize() {
        let json = #"{"type":"hello","pad":""# + String(repeating: "x", count: ClientMessage.maximumSize) + #""}"#
        #expect(throws: ViewerError.self) { try ClientMessage(json: json) }
    }

    @Test(
        "touch validation keeps fingers and coordinates inside the screen",
        arguments: [
            (pageTouch(.begin, []), false),
            (pageTouch(.begin, [(0, 799, 479)]), true),
            (pageTouch(.begin, [(0, 800, 10)]), false),
            (pageTouch(.begin, [(10, 1, 1)]), false),
            (pageTouch(.begin, [(0, -1, 1)]), false),
            (pageTouch(TouchType(rawValue: "HOVER"), [(0, 1, 1)]), false),
        ])
    func touchValidation(event: OnTouchEvent, isValid: Bool) {
        #expect(((try? event.validated(on: .wvga)) != nil) == isValid)
    }

    @Test(
        "a page touch outside MOBILE_API's range is refused before it becomes an OnTouchEvent",
        arguments: [#"-1"#, #"10000.5"#, #"1e300"#])
    func pageTouchOutOfRange(x: String) {
        let json = #"{"type":"touch","event":{"type":"BEGIN","touches":[{"id":0,"x":"# + x + #","y":1,"ts":0}]}}"#
        #expect(throws: ViewerError.self) { try ClientMessage(json: json) }
    }

    @Test("events encode with their kind and fields")
    func eventJSON() {
        let json = ServerMessage.event(.hmiLevelChanged(.full), time: WallClockTime(millisecondsSince1970: 1)).json()
        #expect(json == #"{"event":{"kind":"hmiLevelChanged","level":"FULL"},"time":1,"type":"event"}"#)
        let rects = ServerMessage.event(
            .hapticRects([HapticRect(id: 3, x: 1, y: 2, width: 3, height: 4)]),
            time: WallClockTime(millisecondsSince1970: 2)
        ).json()
        #expect(
            rects
                == #"{"event":{"kind":"hapticRects","rects":[{"id":3,"rect":{"height":4,"width":3,"x":1,"y":2}}]},"#
                + #""time":2,"type":"event"}"#
        )
    }
}
