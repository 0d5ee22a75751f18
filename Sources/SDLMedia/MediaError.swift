/// The one error type of SDLMedia: what went wrong, where, and the values involved.
///
/// Every failure in the media pipeline (bad frames, encoder failures, malformed RTP) is reported as a
/// `MediaError` whose ``kind`` can be switched over and whose ``description`` reads well in a log.
///
/// ```swift
/// do {
///     _ = try encoder.encode(frame)
/// } catch let error where error.kind == .nonMonotonicTimestamp {
///     logger.warning("dropped a frame: \(error)")
/// }
/// ```
public struct MediaError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The category of a media error. An open set: new kinds may be added without breaking callers.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }
        public var description: String { name }

        /// A frame's presentation timestamp was not greater than the previous frame's.
        public static let nonMonotonicTimestamp = Kind("nonMonotonicTimestamp")
        /// A frame's size, stride or plane layout does not fit its buffer or the encoder.
        public static let invalidFrame = Kind("invalidFrame")
        /// Encoder settings are outside what H.264 or the encoder supports.
        public static let invalidSettings = Kind("invalidSettings")
        /// The underlying encoder library returned an error.
        public static let encoderFailure = Kind("encoderFailure")
        /// libyuv refused a colour conversion.
        public static let conversionFailure = Kind("conversionFailure")
        /// An RTP packet or RFC 4571 length prefix could not be parsed.
        public static let malformedPacket = Kind("malformedPacket")
        /// An Annex-B payload did not start with a start code or held no NAL unit.
        public static let malformedAnnexB = Kind("malformedAnnexB")
    }

    /// What kind of failure this is.
    public let kind: Kind
    /// A sentence with the values involved, for logs.
    public let detail: String
    /// Where the error was raised.
    public let file: String
    /// The line where the error was raised.
    public let line: Int

    /// Creates an error; `file` and `line` default to the caller's location.
    public init(_ kind: Kind, _ detail: String, file: String = #fileID, line: Int = #line) {
        self.kind = kind
        self.detail = detail
        self.file = file
        self.line = line
    }

    public var description: String { "MediaError.\(kind): \(detail) (\(file):\(line))" }
}
