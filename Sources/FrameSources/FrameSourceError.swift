import SDLProjection

/// Why a frame source cannot open or read its input: one line, for a log or stderr.
///
/// ```swift
/// do { _ = try Y4MSource(path: "clip.y4m") } catch { print("error: \(error.message)") }
/// ```
public struct FrameSourceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The one-line reason.
    public var message: String

    public init(_ message: String) {
        // One line, whatever an underlying error printed.
        self.message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    public var description: String { message }
}

extension FrameSourceError {
    /// As the projection's failure: the run ends as `sourceFailed` with this message.
    var projectionFailure: ProjectionFailure { ProjectionFailure(.sourceFailed, message, underlying: self) }
}
