/// Why a CarWindowTesting helper could not do its job: a tool that is missing or failed, output it could not read, a
/// file that is not there, or a directory it could not make.
///
/// The ``kind`` says what went wrong in a form a test can match on; ``description`` says it in words, with the tool's
/// own message where there is one, so a failing test explains itself.
///
/// ```swift
/// do {
///     _ = try await VideoProbe().summary(of: recording)
/// } catch where error.kind == .toolMissing {
///     print("install Debian's ffmpeg: \(error)")
/// }
/// ```
public struct CarWindowTestingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong. An open set: new kinds may be added, so match the ones you care about.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// An external tool (`ffprobe`, `openssl`) is not installed where it was looked for.
        public static let toolMissing = Kind("toolMissing")
        /// An external tool could not be started, or exited with a failure status.
        public static let toolFailed = Kind("toolFailed")
        /// A tool succeeded but did not print what was expected (no video stream, a field that is not a number).
        public static let unexpectedOutput = Kind("unexpectedOutput")
        /// An input file does not exist.
        public static let fileMissing = Kind("fileMissing")
        /// A file or directory could not be created, read or listed.
        public static let fileSystem = Kind("fileSystem")
        /// A wait ran past its deadline: what it waited for, how long, and what it saw last are in the description.
        public static let timeout = Kind("timeout")
        /// The waiting task was cancelled (a test's time limit ran out, or the task awaiting it gave up): a wait
        /// ends then, with this, rather than at its own deadline.
        public static let cancelled = Kind("cancelled")
        /// The head unit could not do what the test asked (a tap on an app not in FULL, an unknown app).
        public static let headUnitRefused = Kind("headUnitRefused")
        /// A failure described only in words (``init(description:)``).
        public static let other = Kind("other")

        public var description: String { name }
    }

    /// What went wrong, to match on.
    public var kind: Kind
    /// What went wrong, in words.
    public var description: String

    /// - Parameters:
    ///   - kind: what went wrong.
    ///   - description: the details, with the tool's message where there is one.
    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }

    /// A failure described only in words, of kind ``Kind/other``; kept for tests written against the first
    /// `TestMaterial.GenerationError(description:)`.
    public init(description: String) {
        self.init(.other, description)
    }
}
