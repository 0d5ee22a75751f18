public import SDLRPC
public import SDLSession
public import SDLStreaming

/// What a projection shows: it supplies frames while the head unit lets the app stream, takes the driver's touches,
/// and may send haptic rects. Everything else (connecting, the stream lifecycle, protocol and size negotiation,
/// audio, events, shutdown) is the ``Projection``'s, the same for every source.
///
/// Sources that produce one frame at a time (a test pattern, a video file) wrap a ``FrameProducer`` in a
/// ``PacedFrameSource``; CarWindow's projection is a source that renders its view tree on its own frame pump.
///
/// ```swift
/// struct Blank: ProjectionSource {
///     func run(in context: ProjectionContext) async throws(ProjectionFailure) {
///         for await event in context.videoEvents {
///             if case .started(let stream) = event { print("draw at \(stream.size)") }
///         }
///     }
/// }
/// ```
public protocol ProjectionSource: Sendable {
    /// Runs for the whole projection, from just after registration until the task is cancelled: reacts to
    /// `context.videoEvents` and sends frames to `context.videoManager` while it streams. Returning ends the run as
    /// the source having ended; throwing ends it as a failure. Under
    /// ``ProjectionOptions/DisconnectPolicy/reconnect(_:)`` a lost connection cancels it and it is called again, with
    /// a new context, on the next connection: state that must survive (a view tree, the user's data) belongs to the
    /// source, not to one call.
    func run(in context: ProjectionContext) async throws(ProjectionFailure)

    /// A touch from the driver, Core's duplicate dropped, in view points. The default ignores it.
    func received(_ touch: ProjectionTouch) async

    /// What the run's one gesture recognizer made of the touches, in order, right after the touch that completed
    /// it (or at a frame tick, for held-back taps and synced pan and pinch moves): gestures, and presses for
    /// highlighting a control. The default ignores them.
    func received(_ action: TouchAction) async

    /// A hardware button event for a button the run subscribed to (``ProjectionOptions/buttons``), in the order the
    /// head unit sent them. The default ignores it.
    func received(_ button: ProjectionButton) async

    /// Whether a tap ending at `point` (view points) is reported at once instead of waiting out the double-tap
    /// window: CarWindow answers true over the button the finger went down on. The default is `false`.
    func isImmediateTap(at point: Point) async -> Bool
}

extension ProjectionSource {
    public func received(_ touch: ProjectionTouch) async {}
    public func received(_ action: TouchAction) async {}
    public func received(_ button: ProjectionButton) async {}
    public func isImmediateTap(at point: Point) async -> Bool { false }
}

/// What a ``ProjectionSource`` gets to work with during a run.
public struct ProjectionContext: Sendable {
    /// The session with the head unit (registration, HMI status, capabilities, RPCs).
    public let session: SDLSession
    /// The video manager: `send(_:)` frames, `status`, `statistics`.
    public let videoManager: Projection.VideoManager
    /// The video manager's events, subscribed before the manager started, so the first `.started` is never missed.
    /// One consumer: the source.
    public let videoEvents: AsyncStream<VideoStreamEvent>
    /// Every RPC notification from the head unit (driver distraction, vehicle data, keyboard input, ...; touches
    /// arrive through `ProjectionSource/received(_:)` instead), subscribed before the run started. One consumer;
    /// it keeps the newest 256 for a source that reads them late or never.
    public let notifications: AsyncStream<RPCNotificationMessage>
    /// Whether the run wants a ``ProjectionEvent/frame(_:)`` for every frame sent
    /// (``ProjectionOptions/reportsFrameTimings``).
    public let reportsFrameTimings: Bool
    let reporter: @Sendable (ProjectionEvent) async -> Void

    /// Adds an event to the run's event stream (and so to its `--events` log), in order with the run's own events:
    /// gestures, errors of the source.
    public func report(_ event: ProjectionEvent) async {
        await reporter(event)
    }

    /// Sends haptic rects to the head unit and reports the outcome as a `hapticRects` or an `error` event.
    ///
    /// - Returns: whether the head unit accepted them; `false` without an event when the calling task was cancelled
    ///   while it waited for the answer.
    @discardableResult
    public func send(haptics request: SendHapticData) async -> Bool {
        let count = request.hapticRectData?.count ?? 0
        do {
            let response = try await session.send(request)
            if response.success {
                await reporter(.hapticRects(count: count))
                return true
            }
            let message = "SendHapticData refused: \(response.resultCode.rawValue) \(response.info ?? "")"
            await reporter(.error(ProjectionFailure(.requestFailed, message), source: .haptics))
        } catch is CancellationError {
            // The caller stopped (the stream ended and its pump with it): nothing failed; the rects of the next
            // stream go out with it.
        } catch {
            await reporter(
                .error(
                    ProjectionFailure(.requestFailed, "SendHapticData: \(error)", underlying: error), source: .haptics))
        }
        return false
    }
}
