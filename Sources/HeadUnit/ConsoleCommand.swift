public import SDLRPC

/// One line typed at `carwindow headunit`'s prompt (or sent by a viewer): a runtime control in words.
///
/// ```swift
/// let command = try ConsoleCommand(parsing: "level 1 BACKGROUND")
/// let reply = try await command.apply(to: headUnit)
/// let rects = try await ConsoleCommand(parsing: "rects 1").apply(to: headUnit)   // "#1 20,20 120x60 centre 80,50"
/// ```
public enum ConsoleCommand: Hashable, Sendable {
    case apps
    /// The haptic rects of one app, or of every app.
    case rects(AppID?)
    case level(AppID, HMILevel, VideoStreamingState?)
    case resize(VideoSize, scale: Double?)
    case additional(Int)
    case reject([VideoFormat])
    case drop(AppID)
    case answer(AppID, Bool)
    /// Stop (or resume) answering every app, and every app that connects meanwhile: a hung head unit.
    case answerAll(Bool)
    case endVideo(AppID)
    case tap(AppID, x: Int, y: Int)
    /// A tap at the centre of one of the app's haptic rects, by its id.
    case tapRect(AppID, id: Int)
    case pan(AppID, from: VideoSize, to: VideoSize)
    case pinch(AppID, x: Int, y: Int, from: Int, to: Int)
    case distraction(Bool)
    case lights(String)
    case keyboard(AppID, KeyboardControl)
    case allowLights(Bool)
    /// Cap how fast every app's socket is read, in kbit/s; `nil` lifts the cap.
    case linkKbps(Int?)
    /// A hardware button, short or long, to the app Core routes it to.
    case button(ButtonName, long: Bool)
    /// The rotary knob on the app in FULL: move the highlight over its haptic rects, or select.
    case knob(KnobAction)
    /// The cloud apps and where each one is.
    case cloudApps
    /// The driver picks a cloud app: dial it (with Core's retries) or, when connected, bring it to FULL.
    case activate(String)
    case help

    /// What each command looks like. APP is the number `apps` shows; coordinates are head-unit pixels.
    public static let usage = """
        apps                              list the connected apps (number, name, HMI level, streams, rects)
        rects [APP]                       list the app's haptic rects (all apps: none given): id, x,y, wxh, centre
        level APP FULL|LIMITED|BACKGROUND|NONE [STREAMABLE|NOT_STREAMABLE]
        resize WIDTHxHEIGHT [SCALE]       new preferred resolution -> OnSystemCapabilityUpdated
        pip INDEX                         switch to additionalVideoStreamingCapabilities[INDEX]
        reject [CODEC:PROTOCOL ...]       refuse these video formats (none: accept all again)
        drop APP                          close the app's connection
        silence APP                       stop answering the app (a stalled head unit)
        answer APP                        answer the app again
        silence all | answer all          the same for every app, and for apps that connect meanwhile (TCP only)
        end-video APP                     end the app's video service from the head unit
        tap APP X Y                       tap at X,Y: OnTouchEvent BEGIN then END
        tap-rect APP ID                   tap the centre of the app's haptic rect ID
        pan APP X1xY1 X2xY2               drag from X1,Y1 to X2,Y2: BEGIN, 5 MOVEs, END
        pinch APP X Y FROM TO             two fingers around X,Y, FROM then TO pixels apart
        distraction on|off                OnDriverDistraction DD_ON or DD_OFF to every app
        lights day|night|twilight|allow|deny  light -> OnVehicleData headLampStatus; policy -> OnPermissionsChange
        keyboard APP type TEXT... | backspace | submit | cancel   the open keyboard (greyed out while distraction on)
        link-kbps N|off                   read every app's socket at N kbit/s at most (a slow link); off: no cap
        button NAME [long]                press a hardware button (e.g. NAV_ZOOM_IN, OK): OnButtonEvent, OnButtonPress
        knob left|right|press             move the highlight over the FULL app's haptic rects; press taps its centre
        cloud                             list the cloud apps (--cloud-app) and whether each is connected
        activate ID                       activate cloud app ID: dial it (retrying as Core does), FULL once registered
        help                              this list
        Touches reach an app only in FULL; Core delivers each OnTouchEvent twice to a navigation app.
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
        case ("cloud", 0): self = .cloudApps
        case ("activate", 1): self = .activate(rest[0])
        case ("rects", 0): self = .rects(nil)
        case ("rects", 1): self = .rects(try app(0))
        case ("tap-rect", 2): self = .tapRect(try app(0), id: try int(1))
        case ("help", _): self = .help
        case ("level", 2), ("level", 3):
            // SDLRPC's enums are open (any raw value decodes): a typed command takes only the names the spec gives.
            let level = HMILevel(rawValue: rest[1].uppercased())
            guard Self.levels.contains(level) else { throw Self.invalid(line) }
            var state: VideoStreamingState?
            if rest.count == 3 {
                let parsed = VideoStreamingState(rawValue: rest[2].uppercased())
                guard Self.videoStreamingStates.contains(parsed) else { throw Self.invalid(line) }
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
        case ("silence", 1) where rest[0].lowercased() == "all": self = .answerAll(false)
        case ("answer", 1) where rest[0].lowercased() == "all": self = .answerAll(true)
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
                self = .keyboard(id, .type(rest[2...].joined(separator: " ")))
            case "backspace" where rest.count == 2: self = .keyboard(id, .backspace)
            case "submit" where rest.count == 2: self = .keyboard(id, .submit)
            case "cancel" where rest.count == 2: self = .keyboard(id, .cancel)
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
        case ("link-kbps", 1):
            if rest[0].lowercased() == "off" {
                self = .linkKbps(nil)
            } else {
                let kbps = try int(0)
                guard kbps > 0 else { throw Self.invalid(line) }
                self = .linkKbps(kbps)
            }
        case ("button", 1), ("button", 2):
            let name = ButtonName(rawValue: rest[0].uppercased())
            guard ButtonName.specified.contains(name), rest.count == 1 || rest[1].lowercased() == "long" else {
                throw Self.invalid(line)
            }
            self = .button(name, long: rest.count == 2)
        case ("knob", 1):
            guard let action = KnobAction(rawValue: rest[0].lowercased()) else { throw Self.invalid(line) }
            self = .knob(action)
        case ("pinch", 5):
            self = .pinch(try app(0), x: try int(1), y: try int(2), from: try int(3), to: try int(4))
        default: throw Self.invalid(line)
        }
    }

    /// The HMI levels a `level` command may set: the four of the RPC spec.
    private static let levels: [HMILevel] = [.full, .limited, .background, .none]
    /// The video streaming states a `level` command may give.
    private static let videoStreamingStates: [VideoStreamingState] = [.streamable, .notStreamable]

    private static func invalid(_ line: String) -> HeadUnitError {
        HeadUnitError(.invalidControl("'\(line)' is not a command; try:\n\(usage)"))
    }

    /// Carries the command out; returns a line to show.
    public func apply(to headUnit: HeadUnitEmulator) async throws(HeadUnitError) -> String {
        switch self {
        case .help:
            return Self.usage
        case .keyboard(let app, .type(let text)):
            try await headUnit.keyboardType(text, for: app)
            return "typed '\(text)' on \(app)'s keyboard"
        case .keyboard(let app, .backspace):
            try await headUnit.keyboardBackspace(for: app)
            return "backspace on \(app)'s keyboard"
        case .keyboard(let app, .submit):
            try await headUnit.keyboardSubmit(for: app)
            return "submitted \(app)'s keyboard"
        case .keyboard(let app, .cancel):
            try await headUnit.keyboardCancel(for: app)
            return "cancelled \(app)'s keyboard"
        case .lights(let status):
            return "ambient light \(status), OnVehicleData to \(await headUnit.setAmbientLight(status)) app(s)"
        case .allowLights(let allowed):
            let sent = await headUnit.allowHeadLampStatus(allowed)
            let verdict = allowed ? "allowed" : "disallowed"
            return "headLampStatus \(verdict) by policy, OnPermissionsChange to \(sent) app(s)"
        case .button(let name, let long):
            let mode = long ? "LONG" : "SHORT"
            guard let app = try await headUnit.pressButton(name, long: long) else {
                return "\(name) \(mode): no app takes it (Core sends OK to a subscribed app in FULL, other buttons "
                    + "to one in FULL or LIMITED)"
            }
            return "\(name) \(mode) -> \(app): OnButtonEvent BUTTONDOWN, BUTTONUP and OnButtonPress \(mode)"
        case .knob(let action):
            let (app, rect, sent) = try await headUnit.knob(action)
            guard let rect else { return "\(app) has no haptic rects: the knob has nothing to highlight" }
            let centre = "\(OnTouchEvent.pixel(rect.center.x)),\(OnTouchEvent.pixel(rect.center.y))"
            guard action == .press else { return "\(app) knob highlights rect \(rect) centre \(centre)" }
            let events = OnTouchEvent.tap(x: rect.center.x, y: rect.center.y)
            return Self.touchReply("select rect #\(rect.id) at \(centre)", events: events, sent: sent, app: app)
        case .linkKbps(let kbps):
            try await headUnit.setLinkKbps(kbps)
            return kbps.map { "reading every app at \($0) kbit/s at most" } ?? "reading every app without a cap"
        case .distraction(let on):
            let sent = await headUnit.setDriverDistraction(on)
            return "driver distraction \(on ? "DD_ON" : "DD_OFF") to \(sent) app(s)"
        case .cloudApps:
            let apps = await headUnit.cloudApps()
            guard !apps.isEmpty else { return "no cloud apps (carwindow headunit --cloud-app ID=ws://HOST:PORT)" }
            return apps.map { "\($0.app.policyAppID) \($0.app.endpoint): \($0.status)" }.joined(separator: "\n")
        case .activate(let id):
            try await headUnit.activateCloudApp(id)
            return "activating cloud app \(id) (`cloud` shows how it goes)"
        case .apps:
            let apps = await headUnit.apps()
            guard !apps.isEmpty else { return "no apps connected" }
            return apps.map { app in
                "\(app.app) session \(app.sessionID) \(app.appName ?? "(not registered)") \(app.hmiStatus)"
                    + (app.videoStreaming ? " video" : "") + (app.audioStreaming ? " audio" : "")
                    + (app.hapticRects.isEmpty ? "" : " \(app.hapticRects.count) haptic rects")
            }.joined(separator: "\n")
        case .rects(let only):
            let apps = await headUnit.apps().filter { only == nil || $0.app == only }
            if let only, apps.isEmpty { throw HeadUnitError(.unknownApp(only.rawValue)) }
            guard !apps.isEmpty else { return "no apps connected" }
            return apps.map(Self.rectLines).joined(separator: "\n")
        case .tapRect(let app, let id):
            guard let snapshot = await headUnit.apps().first(where: { $0.app == app }) else {
                throw HeadUnitError(.unknownApp(app.rawValue))
            }
            guard let rect = snapshot.hapticRects.first(where: { $0.id == id }) else {
                let ids = snapshot.hapticRects.map { String($0.id) }.joined(separator: ", ")
                throw HeadUnitError(
                    .invalidControl("\(app) has no haptic rect \(id) (its rects: \(ids.isEmpty ? "none" : ids))"))
            }
            let events = OnTouchEvent.tap(x: rect.center.x, y: rect.center.y)
            let sent = try await headUnit.injectTouches(events, to: app)
            return Self.touchReply("tap on rect #\(id) at \(Self.point(events))", events: events, sent: sent, app: app)
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
        case .answerAll(let answering):
            await headUnit.setAnsweringAll(answering)
            return answering ? "answering every app" : "answering no app, new ones included"
        case .endVideo(let app):
            try await headUnit.endVideoService(for: app)
            return "ended \(app)'s video"
        case .tap(let app, let x, let y):
            let events = OnTouchEvent.tap(x: Double(x), y: Double(y))
            let sent = try await headUnit.injectTouches(events, to: app)
            return Self.touchReply("tap at \(Self.point(events))", events: events, sent: sent, app: app)
        case .pan(let app, let from, let to):
            let events = OnTouchEvent.pan(
                from: (Double(from.width), Double(from.height)), to: (Double(to.width), Double(to.height)))
            let sent = try await headUnit.injectTouches(events, to: app)
            return Self.touchReply("pan from \(Self.point(events))", events: events, sent: sent, app: app)
        case .pinch(let app, let x, let y, let from, let to):
            let events = OnTouchEvent.pinch(
                center: (Double(x), Double(y)), fromDistance: Double(from), toDistance: Double(to))
            let sent = try await headUnit.injectTouches(events, to: app)
            return Self.touchReply("pinch around \(x),\(y)", events: events, sent: sent, app: app)
        }
    }

    /// `app 1 CarWindow Demo: 2 haptic rects` and one indented line per rect, or a line saying it sent none.
    static func rectLines(_ app: AppSnapshot) -> String {
        let name = app.appName.map { " \($0)" } ?? ""
        guard !app.hapticRects.isEmpty else { return "\(app.app)\(name): no haptic rects" }
        let rects = app.hapticRects.map { rect in
            let centre = "\(OnTouchEvent.pixel(rect.center.x)),\(OnTouchEvent.pixel(rect.center.y))"
            return "  \(rect) centre \(centre)"
        }
        return (["\(app.app)\(name): \(app.hapticRects.count) haptic rects (id x,y wxh)"] + rects)
            .joined(separator: "\n")
    }

    /// The first point of a gesture, `x,y`.
    private static func point(_ events: [OnTouchEvent]) -> String {
        guard let first = events.first?.event.first?.c.first else { return "?" }
        return "\(first.x),\(first.y)"
    }

    /// One line: what was sent, how many notifications that made, and why that many.
    static func touchReply(_ what: String, events: [OnTouchEvent], sent: Int, app: AppID) -> String {
        let types = events.map(\.type.rawValue)
        let sequence = types.count <= 3 ? types.joined(separator: ", ") : "\(types.first ?? "") ... \(types.last ?? "")"
        guard sent > 0 else {
            return "\(what): nothing sent to \(app): Core sends touches only to an app in FULL (and only protected "
                + "when OnTouchEvent must be encrypted)"
        }
        let copies = sent / max(1, events.count)
        let why =
            copies >= 2
            ? "Core delivers each touch twice to a navigation app (once per app list), so expect duplicates"
            : "one copy each"
        return "\(what) -> \(app): \(events.count) events (\(sequence)) as \(sent) OnTouchEvent notifications; \(why)"
    }
}
