/// The viewer's one error type: a kind and a message with the context.
///
/// ```swift
/// throw ViewerError(.invalidCommand, "unknown command \"jump\"")
/// ```
public struct ViewerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, broadly. Open so that new kinds do not break callers' switches.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        let name: String
        /// A browser sent a message the viewer cannot parse or that breaks a limit.
        public static let invalidCommand = Kind(name: "invalidCommand")
        /// The backend refused or failed a command.
        public static let backendFailed = Kind(name: "backendFailed")
        /// The server could not start or lost its socket.
        public static let server = Kind(name: "server")
        /// The server-side JPEG decoder (ffmpeg) failed.
        public static let transcoder = Kind(name: "transcoder")
        public var description: String { name }
    }

    /// The kind.
    public var kind: Kind
    /// What happened, with the values involved.
    public var message: String

    /// Creates an error.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { "ViewerError.\(kind): \(message)" }
}
