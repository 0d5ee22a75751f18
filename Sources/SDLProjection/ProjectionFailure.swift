/// What went wrong in a projection run: one line for a person, a kind for code, and the error of the layer below
/// that caused it. Thrown when the run ends without being asked to (and then its last event), or reported in an
/// ``ProjectionEvent/error(_:source:)`` event while the run goes on (the kinds from ``Kind/requestFailed`` down).
///
/// ```swift
/// do {
///     try await streaming.run(source: source)
/// } catch {
///     print("carwindow: \(error)")          // e.g. "the head unit closed the connection: EOF"
///     if error.kind == .connectionLost { /* the car went away */ }
///     if let session = error.underlying as? SDLSessionError, case .registrationFailed(let code, _) = session.kind {
///         print("refused with \(code)")
///     }
/// }
/// ```
public struct ProjectionFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, for code that reacts to it.
    public enum Kind: String, Hashable, Sendable {
        /// The head unit could not be reached (refused, timed out) or the protocol start failed.
        case connectFailed
        /// The head unit refused the app's registration.
        case registrationRefused
        /// The connection closed, or the peer stalled, while the run went on.
        case connectionLost
        /// The connection was lost and every reconnection attempt the ``ReconnectPolicy`` allows failed.
        case gaveUp
        /// The video manager reported an error no lifecycle change can fix (no format or size in common, every
        /// format refused, the encoder failed, ...).
        case videoFailed
        /// The audio service could not be set up, or (reported, the video goes on) its file could not be played.
        case audioFailed
        /// The source of frames failed or ended.
        case sourceFailed
        /// The run ended without sending one video frame while ``ProjectionOptions/requiresVideo`` was set: the
        /// message says why (the app was never activated, the video service never started, ...).
        case nothingStreamed
        /// `run` was called twice, or after `stop()`.
        case invalidState
        /// A request to the head unit failed or was refused (SubscribeButton, SendHapticData, SubscribeVehicleData):
        /// the message has the result code of a refusal, `underlying` the `SDLSessionError` of a failure. Reported.
        case requestFailed
        /// A notification from the head unit does not decode, or holds values out of range (an OnTouchEvent, a
        /// button event, OnDriverDistraction); `underlying` says why. Reported; the notification changes nothing.
        case malformedNotification
        /// A touch or button event was dropped: more waited to be handled than the run keeps (a flood). Reported.
        case inputDropped
        /// The video streams in the clear although protection was asked for (the encryption policy let it fall
        /// back). Reported.
        case unprotected
    }

    public var kind: Kind
    /// The one-line reason.
    public var message: String
    /// The error that caused this one, as the layer below threw or reported it: an `SDLSessionError` for a failed
    /// connection, registration or a lost link, a `MediaStreamingError` for the video or audio, the source's own
    /// error. `nil` when the run itself found the failure (nothing streamed, a call at the wrong time). For
    /// ``Kind/gaveUp`` it is the last attempt's cause.
    public var underlying: (any Error)?

    public init(_ kind: Kind, _ message: String, underlying: (any Error)? = nil) {
        self.kind = kind
        // One line, whatever the underlying error printed.
        self.message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        self.underlying = underlying
    }

    public var description: String { message }

    /// Two failures are equal when their kind and message are: the message already says what the underlying error
    /// printed, and an arbitrary error cannot be compared.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.kind == rhs.kind && lhs.message == rhs.message
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(message)
    }
}
