/// Why a call of ``SessionMediaServiceConnection`` failed, in the words both managers share; each service kind maps
/// it onto its manager's own error (``MediaServiceKind/error(_:)``: `VideoStreamingError`, `AudioStreamingError`).
///
/// ```swift
/// let failure = SessionMediaServiceConnection<AudioService>.failure(sessionError, while: "sending audio")
/// if failure.kind == .transportClosed { return }
/// ```
public struct MediaServiceFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// The connection closed, or the peer stalled (as gone as a closed one).
        case transportClosed
        /// Protection (TLS) of the service failed.
        case protectionFailed
        /// The head unit ended the service while payload was on its way: the lifecycle's business, not a failure.
        case serviceEnded
        /// Anything else: a timeout, a refused request, a session in the wrong state.
        case connectionFailed
    }

    public var kind: Kind
    /// What was being done, and the session's own error.
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { "\(kind): \(message)" }
}
