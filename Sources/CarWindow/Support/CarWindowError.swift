public import SDLProjection

/// The one error type of the `CarWindow` module: what went wrong, context to act on it, and the error of the layer
/// below that caused it.
///
/// ```swift
/// do {
///     try window.resize(to: Size(width: 480, height: 800))
/// } catch let error as CarWindowError where error.kind == .unsupportedOrientation {
///     print("portrait is not supported: \(error)")
/// }
///
/// do {
///     try await projection.start()
/// } catch where error.kind == .registrationRefused {
///     print("the head unit refused the app: \(error.underlying.map { "\($0)" } ?? error.context)")
/// } catch {
///     print("cannot reach the head unit: \(error)")    // .connectFailed, or .gaveUp under a reconnect policy
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
        /// A request to the head unit failed or was refused, or a notification from it did not decode.
        public static let session = Kind("session")
        /// The video stream reported an error (negotiation, encoder, transport); ``CarWindowError/underlying`` is
        /// the `MediaStreamingError`.
        public static let streaming = Kind("streaming")
        /// A projection was started twice, or used after ``CarWindowProjection/stop()``.
        public static let invalidState = Kind("invalidState")
        /// The head unit could not be reached (refused, timed out) or the protocol start failed
        /// (`ProjectionFailure/Kind/connectFailed`).
        public static let connectFailed = Kind("connectFailed")
        /// The head unit refused the app's registration (`ProjectionFailure/Kind/registrationRefused`).
        public static let registrationRefused = Kind("registrationRefused")
        /// The connection closed or stalled while the projection ran (`ProjectionFailure/Kind/connectionLost`).
        public static let connectionLost = Kind("connectionLost")
        /// Every reconnection the policy allows failed (`ProjectionFailure/Kind/gaveUp`).
        public static let gaveUp = Kind("gaveUp")
        /// The audio service could not be set up (`ProjectionFailure/Kind/audioFailed`).
        public static let audioFailed = Kind("audioFailed")
        /// The projection's source of frames failed or ended (`ProjectionFailure/Kind/sourceFailed`).
        public static let sourceFailed = Kind("sourceFailed")
        /// The run sent no video frame while it had to (`ProjectionFailure/Kind/nothingStreamed`).
        public static let nothingStreamed = Kind("nothingStreamed")

        /// The kind of a run's failure: each `ProjectionFailure/Kind` a run ends with has its own, the video's is
        /// ``streaming``; a refused request, a notification that does not decode and a dropped input are ``session``,
        /// a video in the clear is ``streaming``.
        public init(_ kind: ProjectionFailure.Kind) {
            switch kind {
            case .connectFailed: self = .connectFailed
            case .registrationRefused: self = .registrationRefused
            case .connectionLost: self = .connectionLost
            case .gaveUp: self = .gaveUp
            case .videoFailed: self = .streaming
            case .audioFailed: self = .audioFailed
            case .sourceFailed: self = .sourceFailed
            case .nothingStreamed: self = .nothingStreamed
            case .invalidState: self = .invalidState
            case .requestFailed, .malformedNotification, .inputDropped: self = .session
            case .unprotected: self = .streaming
            }
        }

        public var description: String { name }
    }

    /// What went wrong.
    public var kind: Kind
    /// Human-readable context: the values involved.
    public var context: String
    /// The error that caused this one, as the layer below threw it (an `SDLSessionError`, a `MediaStreamingError`,
    /// a source's error), or `nil` when CarWindow found the problem itself.
    public var underlying: (any Error)?

    /// Creates an error of `kind` with `context` and the error that caused it, if any.
    public init(_ kind: Kind, _ context: String, underlying: (any Error)? = nil) {
        self.kind = kind
        self.context = context
        self.underlying = underlying
    }

    /// The error a projection run's `failure` is to an app: the same kind, its message, and its underlying error
    /// (the `SDLSessionError` of a refused registration, say).
    public init(_ failure: ProjectionFailure) {
        self.init(Kind(failure.kind), failure.message, underlying: failure.underlying)
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
