/// The error type of CarWindow's views, window, rendering and images: what went wrong, context to act on it, and
/// the error of the layer below that caused it. A projection's run reports its failures as `ProjectionFailure`
/// (connect, registration, video, audio, the source), the same for every source.
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

        public var description: String { name }
    }

    /// What went wrong.
    public var kind: Kind
    /// Human-readable context: the values involved.
    public var context: String
    /// The error that caused this one, as the layer below threw it (a Cairo status, a decoder's error), or `nil` when
    /// CarWindow found the problem itself.
    public var underlying: (any Error)?

    /// Creates an error of `kind` with `context` and the error that caused it, if any.
    public init(_ kind: Kind, _ context: String, underlying: (any Error)? = nil) {
        self.kind = kind
        self.context = context
        self.underlying = underlying
    }

    public var description: String { "CarWindowError.\(kind): \(context)" }

    /// Two errors are equal when their kind and context are: the context already says what the underlying error
    /// printed, and an arbitrary error cannot be compared.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.kind == rhs.kind && lhs.context == rhs.context
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(context)
    }
}
