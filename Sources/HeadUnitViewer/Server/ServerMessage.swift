import Foundation

/// A JSON text message to the page.
///
/// ```
/// {"type":"hello","protocol":1,"presets":[{"name":"800x480","width":800,"height":480,"scale":1}, ...],
///  "hmiLevels":["FULL",...],"appStates":["FOREGROUND","BACKGROUND"]}
/// {"type":"state","state":{...ViewerState...}}
/// {"type":"event","time":1763786000000.5,"event":{"kind":"hmiLevelChanged","level":"FULL"}}
/// {"type":"error","message":"ViewerError.backendFailed: ..."}
/// ```
enum ServerMessage: Sendable {
    case hello
    case state(ViewerState)
    case event(ViewerEvent, time: WallClockTime)
    case error(String)

    /// The protocol version in `hello`; bumped when a message changes incompatibly.
    static let protocolVersion = 1

    private struct Preset: Encodable {
        var name: String
        var width: Int
        var height: Int
        var scale: Double
    }

    private struct Hello: Encodable {
        var type = "hello"
        var `protocol` = ServerMessage.protocolVersion
        var presets = ViewerScreen.presets.map {
            Preset(name: $0.name, width: $0.screen.width, height: $0.screen.height, scale: $0.screen.scale)
        }
        var hmiLevels = ViewerHMILevel.allCases
        var appStates = ViewerAppState.allCases
    }

    private struct StateMessage: Encodable {
        var type = "state"
        var state: ViewerState
    }

    private struct EventMessage: Encodable {
        var type = "event"
        var time: Double
        var event: ViewerEvent
    }

    private struct ErrorMessage: Encodable {
        var type = "error"
        var message: String
    }

    /// The JSON text.
    func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data: Data?
        switch self {
        case .hello: data = try? encoder.encode(Hello())
        case .state(let state): data = try? encoder.encode(StateMessage(state: state))
        case .event(let event, let time):
            data = try? encoder.encode(EventMessage(time: time.millisecondsSince1970, event: event))
        case .error(let message): data = try? encoder.encode(ErrorMessage(message: message))
        }
        // Encoding our own value types cannot fail except for non-finite doubles, which the validators keep out.
        return data.map { String(decoding: $0, as: UTF8.self) } ?? #"{"type":"error","message":"encoding failed"}"#
    }
}
