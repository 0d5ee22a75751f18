public import SDLMediaService

/// The audio layer's errors: the media layer's one error type, under the name audio code has always used (kept so
/// existing code compiles). The audio kinds are the file and PCM ones (`.fileNotReadable`, `.invalidPCM`, ...) and
/// the service's (`.serviceRejected`, `.connectionFailed`, `.transportClosed`, `.serviceEnded`).
///
/// ```swift
/// do {
///     _ = try await manager.push(file: "/tmp/prompt.mp3")
/// } catch let error where error.kind == .unsupportedFormat {
///     logger.warning("cannot play this file: \(error)")
/// }
/// ```
public typealias AudioStreamingError = MediaStreamingError
