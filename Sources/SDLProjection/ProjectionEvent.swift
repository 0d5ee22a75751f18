public import SDLAudio
public import SDLRPC
public import SDLSession
public import SDLStreaming
public import SDLWire

/// What happens during a projection run, in order, whatever the source: the one event type behind
/// ``Projection/events()`` and the `--events` log of every `carwindow` command.
///
/// ```swift
/// let events = await streaming.events()
/// for await event in events {
///     for record in event.records { print(record.jsonLine(t: 0)) }
/// }
/// ```
public enum ProjectionEvent: Sendable {
    /// RegisterAppInterface succeeded, over `transport` (`tcp`, `ws`, `wss`, ...). `authToken`: what a head unit
    /// that dialed a cloud app sent in its StartServiceACK (`CloudAuthToken`, whose description hides
    /// the value); `nil` on other links.
    case registered(
        appID: String, appName: String, resultCode: String, transport: TransportKind, authToken: CloudAuthToken? = nil)
    /// A main-window OnHMIStatus.
    case hmiStatus(HMIStatus)
    /// The video manager's events: started, stopped, suspended, resumed, resized, errors.
    case video(VideoStreamEvent)
    /// The audio manager's events (with an audio file).
    case audio(AudioStreamEvent)
    /// A touch, Core's duplicate dropped, in view points.
    case touch(ProjectionTouch)
    /// A gesture the projection's one recognizer made of the touches, whatever the source: tap, doubleTap, pan...,
    /// in view points.
    case gesture(Gesture)
    /// A hardware button event for a subscribed button (``ProjectionOptions/buttons``).
    case button(ProjectionButton)
    /// What became of one of ``ProjectionOptions/buttons`` on this connection: the head unit's answer to
    /// SubscribeButton (`SUCCESS`, `IGNORED` when it was still subscribed, a refusal's result code), or, with no
    /// request sent, `notOffered` (not in the head unit's `buttonCapabilities`) or `notAllowed` (SDL Core refuses it
    /// to this kind of app: map buttons to a non-NAVIGATION app, media keys to a non-media app).
    case buttonSubscription(ButtonName, result: String)
    /// The source's haptic rects reached the head unit (SendHapticData answered SUCCESS).
    case hapticRects(count: Int)
    /// The head unit's OnDriverDistraction: `true` while the vehicle moves (DD_ON).
    case driverDistraction(on: Bool)
    /// The source switched its look between day and night (CarWindow's theme following the car's lights).
    case appearance(Appearance)
    /// The connection was lost (`reason`) and attempt `attempt` (from 1) to connect again starts after `delay`.
    case reconnecting(attempt: Int, delay: Duration, reason: String)
    /// One frame the source sent, and when it was asked for, drawn and sent: only with
    /// ``ProjectionOptions/reportsFrameTimings`` (every frame, up to the frame rate a second).
    case frame(FrameTiming)
    /// This reader of ``Projection/events()`` fell behind and lost `count` events before this point (its
    /// buffer keeps the newest 1024): a touch flood written to a slow `--events` pipe, say. Said once it caught up.
    case eventsDropped(count: Int)
    /// Something went wrong where it could not be thrown (`source` names the part), or the run failed (`source` is
    /// `nil`; then it is the last event and the failure ``Projection/run(source:)`` throws). The failure's
    /// `kind` says what went wrong, its `underlying` error is the layer below's (the `SDLSessionError` of a refused
    /// request, the `DecodingError` of a notification that does not decode), its `message` is the log's line.
    ///
    /// ```swift
    /// if case .error(let failure, source: .touch) = event, failure.kind == .inputDropped { slowDown() }
    /// ```
    case error(ProjectionFailure, source: ErrorSource?)

    /// The part of a run an `error` event comes from: the `source` of its `--events` line.
    public enum ErrorSource: String, Hashable, Sendable, CaseIterable {
        /// The video service (a stream in the clear that had to be protected).
        case video
        /// The audio service and its file.
        case audio
        /// The driver's touches.
        case touch
        /// Hardware buttons: their subscriptions and events.
        case buttons
        /// Haptic rects (SendHapticData).
        case haptics
        /// Any other request or notification of the session (driver distraction, vehicle data, keyboard input).
        case session
    }
}
