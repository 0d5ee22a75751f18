/// Why a projection run ended without being asked to: one line for a person, and a kind for code.
///
/// ```swift
/// do {
///     try await streaming.run(source: source)
/// } catch {
///     print("carwindow: \(error)")          // e.g. "the head unit closed the connection: EOF"
///     if error.kind == .connectionLost { /* the car went away */ }
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
        /// The audio service could not be set up.
        case audioFailed
        /// The source of frames failed or ended.
        case sourceFailed
        /// The run ended without sending one video frame while ``ProjectionOptions/requiresVideo`` was set: the
        /// message says why (the app was never activated, the video service never started, ...).
        case nothingStreamed
        /// `run` was called twice, or after `stop()`.
        case invalidState
    }

    public var kind: Kind
    /// The one-line reason.
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        // One line, whatever the underlying error printed.
        self.message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    public var description: String { message }
}
