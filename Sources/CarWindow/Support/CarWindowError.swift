/// The one error type of the `CarWindow` module: what went wrong, plus context to act on it.
///
/// ```swift
/// do {
///     try window.resize(to: Size(width: 480, height: 800))
/// } catch let error as CarWindowError where error.kind == .unsupportedOrientation {
///     print("portrait is not supported: \(error)")
/// }
/// ```
public struct CarWindowError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The category of a ``CarWindowError``. Open for additions.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// A pixel buffer or render target with impossible dimensions or stride.
        public static let invalidPixelBuffer = Kind("invalidPixelBuffer")
        /// A viewport size that is empty, negative or beyond ``DisplayMetrics/maximumDimension``.
        public static let invalidViewport = Kind("invalidViewport")
        /// A viewport whose orientation the app did not declare as supported.
        public static let unsupportedOrientation = Kind("unsupportedOrientation")
        /// PNG data or a PNG file that Cairo could not read or write.
        public static let imageCodec = Kind("imageCodec")
        /// Cairo reported an error while rendering.
        public static let rendering = Kind("rendering")
        /// The SDL session failed: it could not connect or register, or a request to the head unit failed.
        public static let session = Kind("session")
        /// The video stream reported an error (negotiation, encoder, transport); the context has its kind.
        public static let streaming = Kind("streaming")
        /// A projection was started twice, or used after ``CarWindowProjection/stop()``.
        public static let invalidState = Kind("invalidState")

        public var description: String { name }
    }

    /// What went wrong.
    public var kind: Kind
    /// Human-readable context: the values involved.
    public var context: String

    /// Creates an error of `kind` with `context`.
    public init(_ kind: Kind, _ context: String) {
        self.kind = kind
        self.context = context
    }

    public var description: String { "CarWindowError.\(kind): \(context)" }
}
