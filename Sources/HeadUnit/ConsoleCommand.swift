/// One line typed at `carwindow headunit`'s prompt (or sent by a viewer): a runtime control in words.
///
/// ```swift
/// let command = try ConsoleCommand(parsing: "level 1 BACKGROUND")
/// let reply = try await command.apply(to: headUnit)
/// ```
public enum ConsoleCommand: Hashable, Sendable {
    case apps
    case level(AppID, HMILevel, VideoStreamingState?)
    case resize(VideoSize, scale: Double?)
    case additional(Int)
    case reject([VideoFormat])
    case drop(AppID)
    case answer(AppID, Bool)
    case endVideo(AppID)
    case tap(AppID, x: Int, y: Int)
    case pan(AppID, from: VideoSize, to: VideoSize)
    case pinch(AppID, x: Int, y: Int, from: Int, to: Int)
    case distraction(Bool)
    case lights(String)
    case keyboard(AppID, type: String?, submit: Bool)
    case allowLights(Bool)
    case help

    /// What each command looks like.
    public static let usage = """
        apps                              list the connected apps
        level APP FULL|LIMITED|BACKGROUND|NONE [STREAMABLE|NOT_STREAMABLE]
        resize WIDTHxHEIGHT [SCALE]       new preferred resolution -> OnSystemCapabilityUpdated
        pip INDEX                         switch to additionalVideoStreamingCapabilities[INDEX]
        reject [CODEC:PROTOCOL ...]       refuse these video formats (none: accept all again)
        drop APP                          close the app's connection
        silence APP | answer APP          stop or resume answering the app
        end-video APP                     end the app's video service from the head unit
        tap APP X Y | pan APP X1xY1 X2xY2 | pinch APP X Y FROM TO
        distraction on|off                OnDriverDistraction DD_ON or DD_OFF to every app
        lights day|night|twilight|allow|deny  ambient light -> OnVehicleData headLampStatus; policy for it
        keyboard APP type TEXT... | keyboard APP submit | keyboard APP cancel   the open keyboard
        """

    /// Parses one line.
    ///
    /// - Throws: ``HeadUnitError`` `.invalidControl` with the usage when the line is not a command.
    public init(parsing line: String) throws(HeadUnitError) {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let verb = words.first?.lowercased() else { throw Self.invalid(line) }
        let rest = Array(words.dropFirst())
        func app(_ index: Int) throws(HeadUnitError) -> AppID {
            guard rest.indices.contains(index), let number = Int(rest[index]), number > 0 else {
                throw Self.invalid(line)
            }
            return AppID(number)
        }
        func int(_ index: Int) throws(HeadUnitError) -> Int {
            guard rest.indices.contains(index), let number = Int(rest[index]) else { throw Self.invalid(line) }
            return number
        }
        switch (verb, rest.count) {
        case ("apps", 0): self = .apps
        case ("help", _): self = .help
        case ("level", 2), ("level", 3):
            guard let level = HMILevel(rawValue: rest[1].uppercased()) else { throw Self.invalid(line) }
            var state: VideoStreamingState?
            if rest.count == 3 {
                guard let parsed = VideoStreamingState(rawValue: rest[2].uppercased()) else { throw Self.invalid(line) }
                state = parsed
            }
            self = .level(try app(0), level, state)
        case ("resize", 1), ("resize", 2):
            var scale: Double?
            if rest.count == 2 {
                guard let value = Double(rest[1]) else { throw Self.invalid(line) }
                scale = value
            }
            self = .resize(try VideoSize(parsing: rest[0]), scale: scale)
        case ("pip", 1): self = .additional(try int(0))
        case ("reject", _):
            var formats: [VideoFormat] = []
            for word in rest { formats.append(try VideoFormat(parsing: word)) }
            self = .reject(formats)
        case ("drop", 1): self = .drop(try app(0))
        case ("silence", 1): self = .answer(try app(0), false)
        case ("answer", 1): self = .answer(try app(0), true)
        case ("end-video", 1): self = .endVideo(try app(0))
        case ("tap", 3): self = .tap(try app(0), x: try int(1), y: try int(2))
        case ("pan", 3):
            self = .pan(try app(0), from: try VideoSize(parsing: rest[1]), to: try VideoSize(parsing: rest[2]))
        case ("distraction", 1) where ["on", "off"].contains(rest[0].lowercased()):
            self = .distraction(rest[0].lowercased() == "on")
        case ("keyboard", _) where rest.count >= 2:
            let id = try app(0)
            switch rest[1].lowercased() {
            case "type" where rest.count >= 3:
                self = .keyboard(id, type: rest[2...].joined(separator: " "), submit: false)
            case "submit" where rest.count == 2: self = .keyboard(id, type: nil, submit: true)
            case "cancel" where rest.count == 2: self = .keyboard(id, type: nil, submit: false)
            default: throw Self.invalid(line)
            }
        case ("lights", 1):
            switch rest[0].lowercased() {
            case "day": self = .lights("DAY")
            case "night": self = .lights("NIGHT")
            case "twilight": self = .lights("TWILIGHT_2")
            case "allow": self = .allowLights(true)
            case "deny": self = .allowLights(false)
            default: throw Self.invalid(line)
            }
        case ("pinch", 5):
            self = .pinch(try app(0), x: try int(1), y: try int(2), from: try int(3), to: try int(4))
        default: throw Self.invalid(line)
        }
    }

    private static func invalid(_ line: String) -> HeadUnitError {
        HeadUnitError(.invalidControl("'\(line)' is not a command; try:\n\(usage)"))
    }

    /// Carries the command out; returns a line to show.
    public func apply(to headUnit: HeadUnitEmulator) async throws(HeadUnitError) -> String {
        switch self {
        case .help:
            return Self.usage
        case .keyboard(let app, let text?, _):
            try await headUnit.keyboardType(text, for: app)
            return "typed '\(text)' on \(app)'s keyboard"
        case .keyboard(let app, nil, let submit):
            if submit {
                try await headUnit.keyboardSubmit(for: app)
            } else {
                try await headUnit.keyboardCancel(for: app)
            }
            return submit ? "submitted \(app)'s keyboard" : "cancelled \(app)'s keyboard"
        case .lights(let status):
            return "ambient light \(status), OnVehicleData to \(await headUnit.setAmbientLight(status)) app(s)"
        case .allowLights(let allowed):
            await headUnit.allowHeadLampStatus(allowed)
            return allowed ? "headLampStatus allowed by policy" : "headLampStatus disallowed by policy"
        case .distraction(let on):
            let sent = await headUnit.setDriverDistraction(on)
            return "driver distraction \(on ? "DD_ON" : "DD_OFF") to \(sent) app(s)"
        case .apps:
            let apps = await headUnit.apps()
            guard !apps.isEmpty else { return "no apps connected" }
            return apps.map { app in
                "\(app.app) session \(app.sessionID) \(app.appName ?? "(not registered)") \(app.hmiStatus)"
                    + (app.videoStreaming ? " video" : "") + (app.audioStreaming ? " audio" : "")
            }.joined(separator: "\n")
        case .level(let app, let level, let state):
            try await headUnit.setHMILevel(level, videoStreamingState: state, for: app)
            return "\(app) -> \(level)"
        case .resize(let size, let scale):
            try await headUnit.resize(to: size, scale: scale)
            return "resized to \(size)"
        case .additional(let index):
            try await headUnit.switchToAdditionalCapability(at: index)
            return "switched to additional capability \(index)"
        case .reject(let formats):
            await headUnit.rejectVideoFormats(Set(formats))
            return formats.isEmpty ? "accepting every configured format" : "rejecting \(formats)"
        case .drop(let app):
            try await headUnit.dropConnection(app)
            return "dropped \(app)"
        case .answer(let app, let answering):
            try await headUnit.setAnswering(answering, for: app)
            return answering ? "answering \(app)" : "not answering \(app)"
        case .endVideo(let app):
            try await headUnit.endVideoService(for: app)
            return "ended \(app)'s video"
        case .tap(let app, let x, let y):
            return "\(try await headUnit.injectTouches(TouchEvent.tap(x: x, y: y), to: app)) notifications"
        case .pan(let app, let from, let to):
            let events = TouchEvent.pan(from: (from.width, from.height), to: (to.width, to.height))
            return "\(try await headUnit.injectTouches(events, to: app)) notifications"
        case .pinch(let app, let x, let y, let from, let to):
            let events = TouchEvent.pinch(center: (x, y), fromDistance: from, toDistance: to)
            return "\(try await headUnit.injectTouches(events, to: app)) notifications"
        }
    }
}
