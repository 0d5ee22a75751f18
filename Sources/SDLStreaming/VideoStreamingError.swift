public import SDLMediaService

/// The streaming layer's errors: the media layer's one error type, under the name video code has always used (kept
/// so existing code compiles). Errors inside the lifecycle arrive as ``VideoStreamEvent/error(_:)`` and the stream
/// stops with ``VideoStreamStopReason/failed(_:)``.
///
/// ```swift
/// for await event in manager.events() {
///     if case .error(let error) = event, error.kind == .negotiationExhausted { print(error) }
/// }
/// ```
public typealias VideoStreamingError = MediaStreamingError
