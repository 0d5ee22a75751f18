public import struct SDLRPC.HapticRect
public import struct SDLRPC.OnTouchEvent

/// Something that happened on the head unit, for the page's event log.
///
/// Encoded as a JSON object whose `kind` names the case, with the case's fields beside it:
/// `{"kind":"hmiLevelChanged","level":"FULL"}`.
///
/// ```swift
/// continuation.yield(.videoStarted(format: .h264RAW, width: 800, height: 480))
/// ```
public enum ViewerEvent: Sendable, Hashable {
    /// An app registered.
    case appRegistered(ViewerApp)
    /// An app went away.
    case appUnregistered(appID: String, reason: String)
    /// The projecting app's HMI level changed.
    case hmiLevelChanged(ViewerHMILevel)
    /// The app state control changed; the app runner subscribes to this.
    case appStateChanged(ViewerAppState)
    /// The video service started.
    case videoStarted(format: ViewerVideoFormat, width: Int, height: Int)
    /// The video service stopped.
    case videoStopped(reason: String)
    /// The screen changed size or scale.
    case videoResized(ViewerScreen)
    /// The head unit refused a video format.
    case formatRejected(ViewerVideoFormat)
    /// A touch event went to the app.
    case touch(OnTouchEvent)
    /// The app sent its haptic rects.
    case hapticRects([HapticRect])
    /// The projecting app opened the head unit's keyboard (PerformInteraction KEYBOARD): the page shows its
    /// on-screen keyboard until ``keyboardClosed(result:)``.
    case keyboardOpened(initialText: String)
    /// The keyboard closed: SUCCESS (submitted), ABORTED (cancelled) or TIMED_OUT, with the entry as it was.
    case keyboardClosed(result: String, text: String)
    /// The transport connection was dropped.
    case connectionDropped(reason: String)
    /// Something failed; shown in red.
    case error(String)
    /// Anything else worth a log line.
    case note(String)
}

extension ViewerEvent: Encodable {
    private enum CodingKeys: String, CodingKey {
        case kind, app, appID, reason, level, state, format, width, height, screen, touch, rects, message
        case text, result
    }

    /// The name written as `kind`.
    public var kind: String {
        switch self {
        case .appRegistered: "appRegistered"
        case .appUnregistered: "appUnregistered"
        case .hmiLevelChanged: "hmiLevelChanged"
        case .appStateChanged: "appStateChanged"
        case .videoStarted: "videoStarted"
        case .videoStopped: "videoStopped"
        case .videoResized: "videoResized"
        case .formatRejected: "formatRejected"
        case .touch: "touch"
        case .hapticRects: "hapticRects"
        case .keyboardOpened: "keyboardOpened"
        case .keyboardClosed: "keyboardClosed"
        case .connectionDropped: "connectionDropped"
        case .error: "error"
        case .note: "note"
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        switch self {
        case .appRegistered(let app): try container.encode(app, forKey: .app)
        case .appUnregistered(let appID, let reason):
            try container.encode(appID, forKey: .appID)
            try container.encode(reason, forKey: .reason)
        case .hmiLevelChanged(let level): try container.encode(level, forKey: .level)
        case .appStateChanged(let state): try container.encode(state, forKey: .state)
        case .videoStarted(let format, let width, let height):
            try container.encode(format, forKey: .format)
            try container.encode(width, forKey: .width)
            try container.encode(height, forKey: .height)
        case .videoStopped(let reason), .connectionDropped(let reason): try container.encode(reason, forKey: .reason)
        case .videoResized(let screen): try container.encode(screen, forKey: .screen)
        case .formatRejected(let format): try container.encode(format, forKey: .format)
        case .touch(let touch): try container.encode(touch, forKey: .touch)
        case .hapticRects(let rects): try container.encode(rects, forKey: .rects)
        case .keyboardOpened(let text): try container.encode(text, forKey: .text)
        case .keyboardClosed(let result, let text):
            try container.encode(result, forKey: .result)
            try container.encode(text, forKey: .text)
        case .error(let message), .note(let message): try container.encode(message, forKey: .message)
        }
    }
}
