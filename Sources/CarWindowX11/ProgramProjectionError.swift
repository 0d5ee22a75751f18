/// The error type of projecting a Linux program, on X11 (`CarWindowX11`) and on Wayland (`CarWindowWayland`): what
/// went wrong while running or projecting it, with a one-line message a user can act on.
///
/// ```swift
/// do {
///     let app = try await X11Application.launch(command: ["xcalc"], viewport: Size(width: 800, height: 480))
/// } catch let error as ProgramProjectionError where error.kind == .missingTool {
///     print(error.context)   // "Xvfb not found: install the Debian package xvfb"
/// }
/// ```
public struct ProgramProjectionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The category of a ``ProgramProjectionError``. Open for additions.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// A program the projection needs (Xvfb, dbus-daemon) is not installed.
        public static let missingTool = Kind("missingTool")
        /// The X server did not start or could not be reached.
        public static let display = Kind("display")
        /// The command could not be started (not found, not executable).
        public static let badCommand = Kind("badCommand")
        /// The application did not map a window in time.
        public static let noWindow = Kind("noWindow")
        /// The application exited; the context has its status.
        public static let applicationExited = Kind("applicationExited")
        /// An X extension the projection needs (MIT-SHM, DAMAGE, XTEST) is missing, or a request failed.
        public static let x11 = Kind("x11")
        /// Invalid arguments: a display name, a window id, a size.
        public static let invalidArgument = Kind("invalidArgument")
        /// The Wayland compositor did not start, lacks a protocol the projection needs, or closed the connection.
        public static let wayland = Kind("wayland")
        /// A wait was cancelled, or the projection stopped, before it ended.
        public static let cancelled = Kind("cancelled")

        public var description: String { name }
    }

    /// What went wrong.
    public var kind: Kind
    /// One line of context: the values involved and what to do.
    public var context: String

    public init(_ kind: Kind, _ context: String) {
        self.kind = kind
        self.context = context
    }

    public var description: String { context }
}
