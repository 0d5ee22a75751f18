public import SDLRPC
public import SDLWire

/// Something the emulator saw or did, for tests and viewers.
///
/// ```swift
/// for await event in headUnit.events() {
///     if case .appRegistered(let app, let name, _) = event { print(app, name) }
/// }
/// ```
public enum HeadUnitEvent: Sendable, CustomStringConvertible {
    /// A TCP connection was accepted.
    case connected(AppID, remote: String)
    /// The RPC service started; the app got its session id.
    case sessionStarted(AppID, sessionID: UInt8, protocolVersion: ProtocolVersion)
    /// RegisterAppInterface succeeded.
    case appRegistered(AppID, appName: String, appHMITypes: [String])
    /// The emulator sent an OnHMIStatus.
    case hmiChanged(AppID, HMIStatus)
    /// A video service started with this format and size.
    case videoStarted(AppID, format: VideoFormat, size: VideoSize)
    /// A video StartService was refused.
    case videoRejected(AppID, reason: String, rejectedParams: [String])
    /// The video service ended; `byHeadUnit` when the emulator ended it.
    case videoStopped(AppID, byHeadUnit: Bool, accessUnits: Int)
    /// An access unit (Annex-B) was received and converted.
    case videoFrame(AppID, index: Int, bytes: Int)
    /// The audio service started.
    case audioStarted(AppID)
    /// PCM bytes were received.
    case audioData(AppID, bytes: Int)
    /// The audio service ended.
    case audioStopped(AppID, byHeadUnit: Bool, bytes: Int)
    /// The app subscribed to (or asked for) the video streaming capability.
    case capabilityRequested(AppID, subscribed: Bool)
    /// OnSystemCapabilityUpdated was sent.
    case capabilityUpdated(AppID, VideoCapability)
    /// OnAppCapabilityUpdated from the app; `dropped` when Core's policy dropped it (HMI level NONE).
    case appCapabilityUpdated(AppID, dropped: Bool)
    /// OnTouchEvent notifications sent (counting duplicates).
    case touchSent(AppID, type: TouchType, notifications: Int)
    /// SendHapticData arrived with these rectangles.
    case hapticRects(AppID, [HapticRect])
    /// The app unregistered, or vanished and was unregistered.
    case appUnregistered(AppID, unexpected: Bool)
    /// The connection closed.
    case disconnected(AppID)
    /// Something the app did wrong, or a file that could not be written.
    case error(HeadUnitError)
    /// The TLS handshake with the app completed (the head unit is the TLS client).
    case handshakeCompleted(AppID)
    /// A protected start was refused: the handshake failed, protection is not configured, or an unprotected start
    /// of a force-protected service.
    case protectionFailed(AppID, service: ServiceType, reason: String)
    /// A request that requires encryption arrived in the clear and was answered ENCRYPTION_NEEDED (SDL-0207).
    case encryptionNeeded(AppID, request: String)
    /// A notification that requires encryption was not sent: the app's RPC service is not protected yet.
    case notificationWithheld(AppID, notification: String)
    /// The app registered its secondary transport (RegisterSecondaryTransportACK sent).
    case secondaryTransportRegistered(AppID)
    /// The app's secondary transport closed; the services on it ended.
    case secondaryTransportClosed(AppID)
    /// The app opened the keyboard (PerformInteraction, layout KEYBOARD); type with
    /// ``HeadUnitEmulator/keyboardType(_:for:)``.
    case keyboardOpened(AppID, initialText: String, autoComplete: [String])
    /// The keyboard closed: `result` is the PerformInteraction's resultCode (SUCCESS, ABORTED, TIMED_OUT).
    case keyboardClosed(AppID, result: String, text: String)
    /// The app's SubscribeButton (`subscribe`) or UnsubscribeButton of `button`, and Core's answer.
    case buttonSubscription(AppID, button: ButtonName, subscribe: Bool, resultCode: String)
    /// A hardware button was pressed for the app: OnButtonEvent DOWN/UP and OnButtonPress `mode` (SHORT or LONG).
    case buttonPressed(AppID, button: ButtonName, mode: String)
    /// The knob moved its highlight to the app's haptic rect `rect` (`nil`: the app has no rects).
    case knobHighlighted(AppID, rect: HapticRect?)
    /// A cloud app's connection changed: dialing, connected, unreachable after its retries, or not connected again
    /// after its link closed.
    case cloudApp(String, CloudAppStatus)

    public var description: String {
        switch self {
        case .connected(let app, let remote): "\(app) connected from \(remote)"
        case .sessionStarted(let app, let id, let version): "\(app) session \(id), protocol \(version)"
        case .appRegistered(let app, let name, let types): "\(app) registered '\(name)' \(types)"
        case .hmiChanged(let app, let status): "\(app) OnHMIStatus \(status)"
        case .videoStarted(let app, let format, let size): "\(app) video started \(format) \(size)"
        case .videoRejected(let app, let reason, let params): "\(app) video refused: \(reason) \(params)"
        case .videoStopped(let app, let byHeadUnit, let count):
            "\(app) video stopped\(byHeadUnit ? " by the head unit" : "") after \(count) access units"
        case .videoFrame(let app, let index, let bytes): "\(app) access unit \(index): \(bytes) bytes"
        case .audioStarted(let app): "\(app) audio started"
        case .audioData(let app, let bytes): "\(app) audio \(bytes) bytes"
        case .audioStopped(let app, let byHeadUnit, let bytes):
            "\(app) audio stopped\(byHeadUnit ? " by the head unit" : "") after \(bytes) bytes"
        case .capabilityRequested(let app, let subscribed): "\(app) GetSystemCapability subscribe=\(subscribed)"
        case .capabilityUpdated(let app, let capability):
            "\(app) OnSystemCapabilityUpdated \(capability.preferredResolution)"
        case .appCapabilityUpdated(let app, let dropped): "\(app) OnAppCapabilityUpdated\(dropped ? " (dropped)" : "")"
        case .touchSent(let app, let type, let count): "\(app) OnTouchEvent \(type) x\(count)"
        case .hapticRects(let app, let rects):
            "\(app) SendHapticData \(rects.count) rects"
                + (rects.isEmpty ? "" : ": " + rects.prefix(8).map(\.description).joined(separator: ", "))
                + (rects.count > 8 ? ", ... (`rects \(app.rawValue)` lists all)" : "")
        case .appUnregistered(let app, let unexpected): "\(app) unregistered\(unexpected ? " (disconnected)" : "")"
        case .disconnected(let app): "\(app) disconnected"
        case .error(let error): "error: \(error)"
        case .handshakeCompleted(let app): "\(app) TLS handshake complete"
        case .protectionFailed(let app, let service, let reason): "\(app) \(service) not protected: \(reason)"
        case .encryptionNeeded(let app, let request): "\(app) \(request) in the clear: ENCRYPTION_NEEDED"
        case .notificationWithheld(let app, let name): "\(app) \(name) withheld: RPC service not protected"
        case .secondaryTransportRegistered(let app): "\(app) secondary transport registered"
        case .secondaryTransportClosed(let app): "\(app) secondary transport closed"
        case .keyboardOpened(let app, let text, _): "\(app) keyboard opened: '\(text)'"
        case .keyboardClosed(let app, let result, let text): "\(app) keyboard closed \(result): '\(text)'"
        case .buttonSubscription(let app, let button, let subscribe, let result):
            "\(app) \(subscribe ? "SubscribeButton" : "UnsubscribeButton") \(button): \(result)"
        case .buttonPressed(let app, let button, let mode): "\(app) button \(button) \(mode)"
        case .knobHighlighted(let app, let rect): "\(app) knob highlights \(rect.map { "rect \($0)" } ?? "nothing")"
        case .cloudApp(let id, let status): "cloud app \(id): \(status)"
        }
    }
}

/// One converted video access unit, Annex-B, as a viewer wants it.
public struct VideoAccessUnit: Sendable {
    public var app: AppID
    /// Counts from 0 within one video service.
    public var index: Int
    public var size: VideoSize
    /// Start-code-prefixed NAL units.
    public var annexB: [UInt8]
}
