public import Foundation

/// When one video frame went through the app, for latency work: what asked for it, when it was drawn and when the
/// video manager had it encoded and on the connection. A source reports one per frame sent as a
/// ``ProjectionEvent/frame(_:)`` event when ``ProjectionOptions/reportsFrameTimings`` is on (`--frame-events` of
/// `carwindow demo`, `stream` and `project`; `carwindow bench glass` cuts the app's stage with them).
///
/// The instants are real time (`ContinuousClock`) whatever clock paces the frames, since what they measure is the
/// machine's work. The `frame` line of the event log gives them as wall-clock Unix milliseconds, the clock the head
/// unit and the viewer page stamp frames with.
///
/// ```swift
/// for await event in await projection.events() {
///     if case .frame(let timing) = event { print("render + encode:", timing.rendered - timing.started) }
/// }
/// ```
public struct FrameTiming: Hashable, Sendable {
    /// When an input that changed the picture (a tap, a press) asked for this frame ahead of the frame clock;
    /// `nil` for a frame the frame clock paced.
    public var requested: ContinuousClock.Instant?
    /// When the work on the frame began: the tick that drew it, or the producer asked for it.
    public var started: ContinuousClock.Instant
    /// When the frame was drawn and went to the video manager.
    public var rendered: ContinuousClock.Instant
    /// When the video manager had encoded it and handed it to the connection.
    public var sent: ContinuousClock.Instant

    public init(
        requested: ContinuousClock.Instant? = nil, started: ContinuousClock.Instant,
        rendered: ContinuousClock.Instant, sent: ContinuousClock.Instant
    ) {
        self.requested = requested
        self.started = started
        self.rendered = rendered
        self.sent = sent
    }

    /// `instant` as wall-clock Unix milliseconds: the wall clock now, less the time since `instant`. Reading both
    /// clocks at the conversion keeps a slewing wall clock out of it (they drift apart by microseconds per second).
    ///
    /// ```swift
    /// let sentAt = FrameTiming.unixMilliseconds(timing.sent)   // e.g. 1795834567123.456
    /// ```
    public static func unixMilliseconds(
        _ instant: ContinuousClock.Instant, now: ContinuousClock.Instant = .now, wallNow: Date = Date()
    ) -> Double {
        let age = instant.duration(to: now).components
        let ageMilliseconds = Double(age.seconds) * 1000 + Double(age.attoseconds) / 1e15
        return wallNow.timeIntervalSince1970 * 1000 - ageMilliseconds
    }
}
